import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SyntheticSale } from '../generate/synthetic';
import type { SaleRecord } from '../model';
import { at, errors, parseWith, textBytes } from '../test-support.helper';
import { cieloLayouts, writeCieloV15 } from './index';

/**
 * Issue 13, defect class 5: a Cielo v15 installment sale (parcelado loja) takes the file's own figures — the sum
 * of its installment lines when they are all read together — and, when some of them are not (in another UR or
 * file), the declared total with a fee from the MDR rate, marked `derived` so the fee audit can tell.
 */

const V15 = cieloLayouts[0]!;

const saleArb = fc.record({
  gross: fc.integer({ min: 200, max: 5_000_000 }),
  feeRate: fc.integer({ min: 0, max: 900 }),
  installments: fc.integer({ min: 2, max: 12 }),
}).map(({ gross, feeRate, installments }): SyntheticSale => ({
  merchantId: '1020304050', batchId: '0004000', nsu: '123456', authorization: 'A00001', tid: null, terminal: 'T0000001',
  saleDate: '2025-01-31', saleTime: '10:00:00', gross, fee: Math.round((gross * feeRate) / 10000), installments, brand: 'visa',
  product: 'credito', creditDate: '2025-03-03', card: '411111******1111', status: 'normal', customerCode: '', nossoNumero: '',
}));

describe('Cielo v15 installment sales (issue 13)', () => {
  it('read whole: the sum of its lines, nothing derived; with a later installment elsewhere: the declared total, fee and net marked derived', async () => {
    await fc.assert(
      fc.asyncProperty(saleArb, fc.nat(), fc.boolean(), async (s, pick, split) => {
        const lines = [...writeCieloV15({ merchantId: s.merchantId, fileDate: '2025-02-01', sequence: 1, sales: [s] })];
        const eLines = lines.map((l, i) => (l.startsWith('E') ? i : -1)).filter((i) => i >= 0);
        expect(eLines).toHaveLength(s.installments);
        if (split) {
          // one later installment line under another NSU: it no longer joins the sale read from installment 1
          const k = eLines[1 + (pick % (eLines.length - 1))]!;
          lines[k] = at(lines[k]!, 176, '999999');
        }
        const items = await parseWith(V15, textBytes(lines.join('\r\n')));
        expect(errors(items)).toEqual([]);
        const sale = items.find((i): i is SaleRecord => i.kind === 'sale')!;
        expect(sale.gross).toBe(s.gross);
        if (!split) {
          expect(sale).not.toHaveProperty('derived');
          expect([sale.fee, sale.net]).toEqual([s.fee, s.gross - s.fee]);
          return;
        }
        const mdr = Number(lines[eLines[0]!]!.slice(231, 236));
        expect(sale.derived).toEqual(['fee', 'net']);
        expect(sale.fee).toBe(Math.round((s.gross * mdr) / 10000));
        expect(sale.net).toBe(sale.gross - sale.fee);
      }),
      { numRuns: 60 },
    );
  });
});
