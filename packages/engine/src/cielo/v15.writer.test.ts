import { addMonths } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { type SyntheticSale, splitInstallments } from '../generate/synthetic';
import type { InstallmentForecastRecord, ParsedItem, SaleRecord, SettlementRecord } from '../model';
import { errors, parseWith, textBytes } from '../test-support.helper';
import { cieloLayouts, writeCieloV15, writeCieloV15Payments } from './index';

const V15 = cieloLayouts[0]!;
const BRANDS = ['visa', 'mastercard', 'elo', 'amex', 'hipercard'] as const;
const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'Amex', hipercard: 'Hipercard' };

function sales(): SyntheticSale[] {
  return Array.from({ length: 40 }, (_, i) => {
    const product = i % 5 === 4 ? ('debito' as const) : ('credito' as const);
    const installments = product === 'debito' ? 1 : 1 + (i % 4);
    return {
      merchantId: i < 20 ? '1020304050' : '1020304051',
      batchId: String(4000 + Math.floor(i / 6)).padStart(7, '0'),
      nsu: String(100000 + i),
      authorization: `A${String(i).padStart(5, '0')}`,
      tid: i % 3 === 0 ? `TID${i}` : null,
      terminal: 'T0000001',
      saleDate: '2025-01-31',
      saleTime: `1${i % 10}:0${i % 6}:59`,
      gross: 1000 + i * 997,
      fee: 20 + i * 13,
      installments,
      brand: BRANDS[i % 5]!,
      product,
      creditDate: product === 'debito' ? '2025-02-03' : '2025-03-03',
      card: `5${String(10000 + i).slice(0, 5)}******${String(1000 + i)}`,
      status: i % 7 === 3 ? 'cancelada' : i % 11 === 5 ? 'chargeback' : 'normal',
      customerCode: '',
      nossoNumero: '',
    };
  });
}

async function parse(lines: Iterable<string>): Promise<ParsedItem[]> {
  return parseWith(V15, textBytes([...lines].join('\r\n')), undefined, 4096);
}

describe('Cielo v15 writer → parser round trip', () => {
  it('file 03 gives back every sale, its forecasts per installment and its correction', async () => {
    const input = sales();
    const items = await parse(writeCieloV15({ merchantId: '1020304050', fileDate: '2025-02-01', sequence: 7, sales: input }));
    expect(errors(items)).toEqual([]);
    const got = items.filter((i): i is SaleRecord => i.kind === 'sale');
    expect(got).toHaveLength(input.length);
    const forecasts = items.filter((i): i is InstallmentForecastRecord => i.kind === 'installmentForecast');
    for (const [k, s] of input.entries()) {
      const r = got[k]!;
      expect([r.merchantId, r.batchId, r.nsu, r.authorization, r.tid, r.terminal, r.saleDate, r.saleTime]).toEqual([
        s.merchantId, s.batchId, s.nsu, s.authorization, s.tid, s.terminal, s.saleDate, s.saleTime,
      ]);
      expect([r.gross, r.fee, r.net, r.installments, r.creditDate, r.brand.name, r.card?.masked]).toEqual([
        s.gross, s.fee, s.gross - s.fee, s.installments, s.creditDate, BRAND_NAMES[s.brand], s.card,
      ]);
      const plan = forecasts.filter((f) => f.batchId === s.batchId && f.merchantId === s.merchantId && f.installmentTotal === s.installments && f.line >= r.line && f.line < r.line + 2 * s.installments);
      expect(plan.map((f) => [f.installment, f.gross, f.creditDate])).toEqual(
        splitInstallments(s.gross, s.installments).map((g, n) => [n + 1, g, addMonths(s.creditDate, n)]),
      );
      expect(plan.reduce((a, f) => a + f.fee, 0)).toBe(s.fee);
      if (s.status !== 'normal') {
        const kind = s.status === 'cancelada' ? 'cancellation' : 'chargeback';
        expect(items.find((i) => i.kind === kind && i.nsu === s.nsu)).toMatchObject({ amount: -(s.gross - s.fee), saleGross: s.gross, originalBatchId: s.batchId });
      }
    }
    const trailer = items.at(-1);
    // every line is a record: the trailer's count (header and trailer included) is its own line number
    expect(trailer).toMatchObject({ kind: 'trailer', recordCount: trailer?.line, saleCount: forecasts.length + input.filter((s) => s.status !== 'normal').length });
  });

  it('file 04 gives one settlement per installment on its credit date', async () => {
    const input = sales().filter((s) => s.status === 'normal');
    const items = await parse(writeCieloV15Payments({ merchantId: '1020304050', fileDate: '2025-03-03', sequence: 8, sales: input }));
    expect(errors(items)).toEqual([]);
    const paid = items.filter((i): i is SettlementRecord => i.kind === 'settlement');
    expect(paid).toHaveLength(input.reduce((a, s) => a + s.installments, 0));
    expect(paid.reduce((a, p) => a + p.amount, 0)).toBe(input.reduce((a, s) => a + s.gross - s.fee, 0));
    const first = input[1]!;
    expect(paid.filter((p) => p.nsu === first.nsu).map((p) => [p.installment, p.settlementDate])).toEqual(
      Array.from({ length: first.installments }, (_, n) => [n + 1, addMonths(first.creditDate, n)]),
    );
  });

  it('streams: the first lines come before the sales are all read', () => {
    let read = 0;
    function* lazy() {
      for (const s of sales()) {
        read++;
        yield s;
      }
    }
    const it = writeCieloV15({ merchantId: '1020304050', fileDate: '2025-02-01', sequence: 1, sales: lazy() })[Symbol.iterator]();
    it.next();
    it.next();
    expect(read).toBeLessThan(5);
  });
});
