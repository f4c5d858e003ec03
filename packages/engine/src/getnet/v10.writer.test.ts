import { describe, expect, it } from 'vitest';
import { type SyntheticSale, splitInstallments } from '../generate/synthetic';
import type { CancellationRecord, ChargebackRecord, InstallmentForecastRecord, SaleRecord } from '../model';
import { installmentDate, syntheticFile, syntheticSales } from '../rede/synthetic-sales.helper';
import { errors, parseWith, textBytes } from '../test-support.helper';
import { getnetLayouts } from './index';
import { writeGetnetV10 } from './v10.writer';

const GETNET = getnetLayouts[0]!;
// Getnet's HC product is Hiper or Hipercard: the brand cannot be told back
const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'Amex', hipercard: null } as const;
const byNsu = <T extends { nsu: string | null }>(list: T[]) => [...list].sort((a, b) => (a.nsu ?? '').localeCompare(b.nsu ?? ''));

describe('Getnet V10 writer: synthetic sales → file → parser give the same sales', () => {
  const sales = syntheticSales();

  it('writes 400-character records the parser reads without error', async () => {
    const lines = [...writeGetnetV10(syntheticFile(sales))];
    expect(new Set(lines.map((l) => l.length))).toEqual(new Set([400]));
    const items = await parseWith(GETNET, textBytes(lines.join('\r\n')));
    expect(errors(items)).toEqual([]);
    expect(items.at(-1)).toMatchObject({ kind: 'trailer', recordCount: lines.length, saleCount: sales.length });
  });

  it('gives back every sale once, its forecasts and its reversals', async () => {
    const items = await parseWith(GETNET, textBytes(`${[...writeGetnetV10(syntheticFile(sales))].join('\n')}\n`));
    const parsed = items.filter((i): i is SaleRecord => i.kind === 'sale');
    expect(byNsu(parsed).map((r) => ({
      merchantId: r.merchantId, batchId: r.batchId, nsu: r.nsu, authorization: r.authorization, tid: r.tid, saleDate: r.saleDate,
      saleTime: r.saleTime, gross: r.gross, fee: r.fee, net: r.net, installments: r.installments, brand: r.brand.name,
      last4: r.card?.last4, terminal: r.terminal, creditDate: r.creditDate, debit: r.product.name === 'Débito',
    }))).toEqual(byNsu(sales).map((s: SyntheticSale) => ({
      merchantId: s.merchantId, batchId: s.batchId, nsu: s.nsu, authorization: s.authorization, tid: s.tid, saleDate: s.saleDate,
      saleTime: s.saleTime, gross: s.gross, fee: s.fee, net: s.gross - s.fee, installments: s.installments, brand: BRAND_NAMES[s.brand],
      last4: s.card.slice(-4), terminal: s.terminal, creditDate: s.creditDate,
      // amex has no Getnet debit product: written as credit
      debit: s.product === 'debito' && s.brand !== 'amex' && s.brand !== 'hipercard',
    })));

    const plan = new Map<string, { gross: number; fee: number; creditDate: string }>();
    for (const s of sales.filter((x) => x.installments > 1)) {
      const fee = splitInstallments(s.fee, s.installments);
      splitInstallments(s.gross, s.installments).forEach((g, i) => {
        const key = `${s.batchId}/${s.installments}/${i + 1}`;
        const p = plan.get(key) ?? { gross: 0, fee: 0, creditDate: installmentDate(s, i + 1) };
        p.gross += g;
        p.fee += fee[i]!;
        plan.set(key, p);
      });
    }
    const forecasts = items.filter((i): i is InstallmentForecastRecord => i.kind === 'installmentForecast');
    expect(forecasts).toHaveLength(plan.size);
    for (const f of forecasts) {
      expect({ gross: f.gross, fee: f.fee, creditDate: f.creditDate }).toEqual(plan.get(`${f.batchId}/${f.installmentTotal}/${f.installment}`));
    }
    const total = (list: { gross: number }[]) => list.reduce((t, x) => t + x.gross, 0);
    expect(total(forecasts)).toBe(total(sales.filter((s) => s.installments > 1)));

    const reversals = items.filter((i): i is CancellationRecord | ChargebackRecord => i.kind === 'cancellation' || i.kind === 'chargeback');
    expect(byNsu(reversals).map((r) => ({ kind: r.kind, nsu: r.nsu, amount: r.amount, saleDate: r.saleDate, batch: r.originalBatchId, last4: r.card?.last4 }))).toEqual(
      byNsu(sales.filter((s) => s.status !== 'normal')).map((s) => ({
        kind: s.status === 'cancelada' ? 'cancellation' : 'chargeback', nsu: s.nsu, amount: -s.gross, saleDate: s.saleDate, batch: s.batchId,
        last4: s.card.slice(-4),
      })),
    );
  });
});
