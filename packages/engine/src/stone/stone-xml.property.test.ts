import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutate, mutationArb } from '../customer/byte-mutations.helper';
import { fixtureBytes, parseWith, sampleBytes } from '../test-support.helper';
import { stoneLayouts } from './index';

const FILES = [
  ...['20151012', '20151013', '20151017', '20151021'].map((d) => sampleBytes(`stone/HomologacaoV2__${d}.xml`)),
  fixtureBytes('stone/stone-v1-exemplo.xml'),
  fixtureBytes('stone/stone-v2-eventos.xml'),
];

describe('Stone XML under random damage', () => {
  it('never throws; every error has a line ≥ 0 and a message starting with "Linha " or "Arquivo"', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(FILES.length - 1), fc.array(mutationArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 4096 }), async (file, mutations, chunk) => {
        const items = await parseWith(stoneLayouts[0]!, mutate(FILES[file]!, mutations), undefined, chunk);
        for (const item of items) {
          if (item.kind !== 'error') continue;
          expect(item.line).toBeGreaterThanOrEqual(0);
          expect(item.message).toMatch(/^(Linha \d+(, [\w/]+\[\d+\])?: |Arquivo)/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
