import { describe, expect, it } from 'vitest';
import { type SyntheticSale, splitInstallments } from '../generate/synthetic';
import type { CancellationRecord, ChargebackRecord, InstallmentForecastRecord, ParsedItem, SaleRecord } from '../model';
import { errors, parseWith, textBytes } from '../test-support.helper';
import { redeLayouts } from './index';
import { installmentDate, syntheticFile, syntheticSales } from './synthetic-sales.helper';
import { writeRedeEevc } from './eevc.writer';
import { writeRedeEevd } from './eevd.writer';

const [EEVC, EEVD] = redeLayouts as [(typeof redeLayouts)[0], (typeof redeLayouts)[0]];
const BRAND_NAMES = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'Amex', hipercard: 'Hipercard' } as const;

const bytesOf = (lines: Iterable<string>) => textBytes(`${[...lines].join('\n')}\n`);

/** What a parsed sale must give back of its synthetic sale. */
function expectedSale(s: SyntheticSale) {
  return {
    merchantId: s.merchantId, batchId: s.batchId, nsu: s.nsu, authorization: s.authorization, tid: s.tid, saleDate: s.saleDate,
    saleTime: s.saleTime, gross: s.gross, fee: s.fee, net: s.gross - s.fee, installments: s.installments,
    brand: BRAND_NAMES[s.brand], last4: s.card.slice(-4), terminal: s.terminal, creditDate: s.creditDate,
  };
}
/** the writers group a batch's sales by RV type: compare in NSU order */
const byNsu = <T extends { nsu: string }>(list: T[]) => [...list].sort((a, b) => a.nsu.localeCompare(b.nsu));
const parsedSale = (r: SaleRecord) => ({
  merchantId: r.merchantId, batchId: r.batchId, nsu: r.nsu, authorization: r.authorization, tid: r.tid, saleDate: r.saleDate,
  saleTime: r.saleTime, gross: r.gross, fee: r.fee, net: r.net, installments: r.installments, brand: r.brand.name,
  last4: r.card?.last4, terminal: r.terminal, creditDate: r.creditDate,
});

/** Installment n of a batch's plan: the n-th parts of its installment sales, on the n-th credit date. */
function expectedPlan(sales: SyntheticSale[]) {
  const plan = new Map<string, { gross: number; fee: number; creditDate: string }>();
  for (const s of sales.filter((x) => x.installments > 1)) {
    const gross = splitInstallments(s.gross, s.installments);
    const fee = splitInstallments(s.fee, s.installments);
    gross.forEach((g, i) => {
      const key = `${s.batchId}/${i + 1}`;
      const p = plan.get(key) ?? { gross: 0, fee: 0, creditDate: installmentDate(s, i + 1) };
      p.gross += g;
      p.fee += fee[i]!;
      plan.set(key, p);
    });
  }
  return plan;
}

describe('Rede writers: synthetic sales → file → parser give the same sales', () => {
  const sales = syntheticSales();
  const credit = sales.filter((s) => s.product === 'credito');
  const debit = sales.filter((s) => s.product === 'debito');

  it('EEVC: credit sales, RVs 006/010, plan 014 and totals agree with no error', async () => {
    const items = await parseWith(EEVC, bytesOf(writeRedeEevc(syntheticFile(sales))));
    expect(errors(items)).toEqual([]);
    const parsed = items.filter((i): i is SaleRecord => i.kind === 'sale');
    expect(byNsu(parsed.map(parsedSale))).toEqual(byNsu(credit.map(expectedSale)));
    const forecasts = items.filter((i): i is InstallmentForecastRecord => i.kind === 'installmentForecast');
    const plan = expectedPlan(credit);
    expect(forecasts).toHaveLength(plan.size);
    for (const f of forecasts) {
      expect({ gross: f.gross, fee: f.fee, creditDate: f.creditDate }).toEqual(plan.get(`${f.batchId}/${f.installment}`));
      expect(f.net).toBe(f.gross - f.fee);
    }
    // the forecasts of each batch add up to its installment sales
    const byBatch = (list: { batchId: string; gross: number }[]) =>
      list.reduce<Record<string, number>>((m, x) => ({ ...m, [x.batchId]: (m[x.batchId] ?? 0) + x.gross }), {});
    expect(byBatch(forecasts)).toEqual(byBatch(credit.filter((s) => s.installments > 1)));
    expect(items.at(-1)).toMatchObject({ kind: 'trailer', gross: credit.reduce((t, s) => t + s.gross, 0), saleCount: credit.length });
    // a reversal is a debit, which only the EEFI carries
    expect(items.filter((i) => i.kind === 'cancellation' || i.kind === 'chargeback')).toEqual([]);
  });

  it('EEVD: debit sales, their TIDs and their cancellations and chargebacks (11) with no error', async () => {
    const items = await parseWith(EEVD, bytesOf(writeRedeEevd(syntheticFile(sales))));
    expect(errors(items)).toEqual([]);
    const parsed = items.filter((i): i is SaleRecord => i.kind === 'sale');
    // the EEVD CV has no authorization field
    expect(byNsu(parsed.map(parsedSale))).toEqual(byNsu(debit.map((x) => ({ ...expectedSale(x), authorization: null }))));
    const reversals = items.filter((i): i is CancellationRecord | ChargebackRecord => i.kind === 'cancellation' || i.kind === 'chargeback');
    const expected = debit.filter((s) => s.status !== 'normal');
    expect(expected.length).toBeGreaterThan(0);
    expect(reversals.map((r) => ({ kind: r.kind, nsu: r.nsu, amount: r.amount, saleDate: r.saleDate, batch: r.originalBatchId, last4: r.card?.last4, saleGross: r.saleGross }))).toEqual(
      expected.map((s) => ({
        kind: s.status === 'cancelada' ? 'cancellation' : 'chargeback', nsu: s.nsu, amount: -s.gross, saleDate: s.saleDate, batch: s.batchId,
        last4: s.card.slice(-4), saleGross: s.gross,
      })),
    );
  });

  it('streams: a writer reads its sales once, lazily', () => {
    let read = 0;
    function* counted() {
      for (const s of sales) {
        read++;
        yield s;
      }
    }
    const it = writeRedeEevc(syntheticFile(counted()))[Symbol.iterator]();
    it.next();
    it.next();
    expect(read).toBe(0);
    it.next(); // first RV: its batch is read, and one more sale to see the batch end
    expect(read).toBeLessThanOrEqual(5);
  });

  it('gives files with nothing to write a header and totals of zero', async () => {
    const items: ParsedItem[] = await parseWith(EEVC, bytesOf(writeRedeEevc(syntheticFile([]))));
    expect(errors(items)).toEqual([]);
    expect(items.map((i) => i.kind)).toEqual(['header', 'trailer']);
    expect(errors(await parseWith(EEVD, bytesOf(writeRedeEevd(syntheticFile([])))))).toEqual([]);
  });
});
