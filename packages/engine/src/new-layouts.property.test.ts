import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutate, mutationArb } from './customer/byte-mutations.helper';
import type { LayoutDef } from './layout';
import { mercadoPagoLayouts } from './mercadopago/index';
import { pagarmeLayouts } from './pagarme/index';
import { pagBankLayouts } from './pagbank/index';
import { payGoLayouts } from './paygo/index';
import { fixtureBytes, parseWith } from './test-support.helper';
import { veroLayouts } from './vero/index';

/** Line-based files name the line; one-line JSON statements also name the record (path and ordinal) or the field. */
const BY_LINE = /^(Linha \d+: |Arquivo)/;
const BY_RECORD = /^(Linha \d+(, ([\w-]*\[\d+\] \(registro \d+\)|campo "[^"]*"))?: |Arquivo)/;

const CASES: { name: string; layout: LayoutDef; fixture: string; located: RegExp; maxChunk: number }[] = [
  { name: 'Mercado Pago settlement report', layout: mercadoPagoLayouts[0]!, fixture: 'mercadopago/settlement-report.csv', located: BY_LINE, maxChunk: 2048 },
  { name: 'PagBank EDI JSON', layout: pagBankLayouts[0]!, fixture: 'pagbank/edi-transacional.json', located: BY_RECORD, maxChunk: 2048 },
  { name: 'Pagar.me payables JSON', layout: pagarmeLayouts[0]!, fixture: 'pagarme/payables.json', located: BY_RECORD, maxChunk: 2048 },
  { name: 'PayGo sales JSON', layout: payGoLayouts[0]!, fixture: 'paygo/sales.json', located: BY_RECORD, maxChunk: 2048 },
  { name: 'Vero payment file', layout: veroLayouts[0]!, fixture: 'vero/BJRVCMB_20261006.txt', located: BY_LINE, maxChunk: 4096 },
];

describe.each(CASES)('$name under random damage', ({ layout, fixture, located, maxChunk }) => {
  const file = fixtureBytes(fixture);
  it('never throws; every error and warning is located and in pt-BR', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: maxChunk }), async (mutations, chunk) => {
        const items = await parseWith(layout, mutate(file, mutations), undefined, chunk);
        for (const item of items) {
          if (item.kind !== 'error' && item.kind !== 'warning') continue;
          expect(item.line).toBeGreaterThanOrEqual(0);
          expect(item.message).toMatch(located);
        }
      }),
      { numRuns: 300 },
    );
  });
});
