import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutate, mutationArb } from '../customer/byte-mutations.helper';
import { fixtureBytes, parseWith } from '../test-support.helper';
import { veroLayouts } from './index';

const FILE = fixtureBytes('vero/BJRVCMB_20261006.txt');

describe('Vero payment file under random damage', () => {
  it('never throws; every error and warning is located by line and in pt-BR', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 4096 }), async (mutations, chunk) => {
        const items = await parseWith(veroLayouts[0]!, mutate(FILE, mutations), undefined, chunk);
        for (const item of items) {
          if (item.kind !== 'error' && item.kind !== 'warning') continue;
          expect(item.line).toBeGreaterThanOrEqual(0);
          expect(item.message).toMatch(/^(Linha \d+: |Arquivo)/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
