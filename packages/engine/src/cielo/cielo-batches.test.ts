import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../model';
import { at, editedFixture, fixtureBytes, parseWith } from '../test-support.helper';
import { cieloLayouts } from './index';

/**
 * The bulk load reads Cielo files through `parseBatches` (arrays of items per chunk); every other caller through
 * `parse`. Both must give the same items in the same order — records, errors, and the warnings the records carry
 * (an unknown code, figures that disagree), which the batch path inserts itself.
 */

async function batched(layoutIndex: number, bytes: Uint8Array, chunkSize: number): Promise<ParsedItem[]> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: ParsedItem[] = [];
  for await (const items of cieloLayouts[layoutIndex]!.parseBatches!(chunks())) out.push(...items);
  return out;
}

const FILES: [number, string][] = [
  [0, 'cielo/CIELO03_v15.txt'], [0, 'cielo/CIELO04_v15.txt'], [0, 'cielo/CIELO09_v15.txt'], [0, 'cielo/CIELO15_v15.txt'], [0, 'cielo/CIELO16_v15.txt'],
  [1, 'cielo/CIELO03_v14.txt'], [1, 'cielo/CIELO04_v14.txt'], [1, 'cielo/CIELO10_v14.txt'], [1, 'cielo/CIELO15_v14.txt'], [1, 'cielo/CIELO16_v14.txt'],
];

describe('Cielo parseBatches', () => {
  it.each(FILES)('gives the items of parse, in order, whatever the chunks (layout %i, %s)', async (layout, name) => {
    const bytes = fixtureBytes(name);
    const items = await parseWith(cieloLayouts[layout]!, bytes);
    for (const chunk of [bytes.length, 4096, 97]) expect(await batched(layout, bytes, chunk)).toEqual(items);
  });

  it('puts a record\'s warnings before it, as parse does: an unknown brand, figures that disagree', async () => {
    // an E line of the v15 file with a brand no table lists (positions 12–14) and, further on, a line whose fee breaks gross − fee = net
    const bytes = editedFixture('cielo/CIELO03_v15.txt', (lines) => {
      const entries = lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('E'));
      const [first, i] = entries[0]!;
      lines[i] = at(first, 12, '999');
      const [last, j] = entries[entries.length - 1]!;
      lines[j] = at(last, 290, '0000000000001');
    });
    const items = await parseWith(cieloLayouts[0]!, bytes);
    expect(items.some((i) => i.kind === 'warning')).toBe(true);
    expect(await batched(0, bytes, 512)).toEqual(items);
  });
});
