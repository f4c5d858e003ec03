import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../model';
import { decodeLatin1 } from '../read/lines';
import { at, parseWith, sampleBytes, textBytes } from '../test-support.helper';
import { redeLayouts } from './index';

/**
 * Issue 13, defect class 2 beyond Stone: a trailer whose per-kind counters (accepted / rejected CVs) disagree
 * with what was read while their sum and every amount agree loads with a warning; a count that changes the
 * sum stays an error. On the genuine EEVC sample's trailer 028 (rejected CVs 38–43, accepted 179–184).
 */

const EEVC = redeLayouts.find((l) => l.id === 'REDE_EEVC')!;
const lines = decodeLatin1(sampleBytes('rede/R97470EEVC01.cmp')).split('\n');
const t = lines.findIndex((l) => l.startsWith('028'));
const accepted = Number(lines[t]!.slice(178, 184));
const rejected = Number(lines[t]!.slice(37, 43));
const pad = (n: number) => String(n).padStart(6, '0');
const withCounts = async (acc: number, rej: number) => {
  const copy = [...lines];
  copy[t] = at(at(copy[t]!, 179, pad(acc)), 38, pad(rej));
  return parseWith(EEVC, textBytes(copy.join('\n')));
};
const only = <K extends ParsedItem['kind']>(items: ParsedItem[], kind: K) => items.filter((i): i is Extract<ParsedItem, { kind: K }> => i.kind === kind);

describe('Rede EEVC trailer counters by kind (issue 13)', () => {
  it('CVs counted as rejected instead of accepted, same total and amounts: loads with one warning on the trailer line', async () => {
    expect(accepted).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: accepted }), async (n) => {
        const items = await withCounts(accepted - n, rejected + n);
        expect(only(items, 'error')).toEqual([]);
        expect(only(items, 'warning').map((w) => w.message)).toEqual([
          expect.stringMatching(new RegExp(`^Linha ${t + 1}: trailer 028 não confere: .*o total de movimentos confere \\(${accepted + rejected}\\)`)),
        ]);
        expect(only(items, 'sale').length).toBeGreaterThan(0);
      }),
      { numRuns: 15 },
    );
  });

  it('a count that changes the total is an error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -accepted, max: 50 }).filter((d) => d !== 0), async (d) => {
        const errs = only(await withCounts(accepted + d, rejected), 'error');
        expect(errs.map((e) => e.message)).toEqual([expect.stringMatching(new RegExp(`^Linha ${t + 1}: trailer 028 não confere: `))]);
      }),
      { numRuns: 15 },
    );
  });
});
