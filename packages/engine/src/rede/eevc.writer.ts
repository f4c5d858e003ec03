import { addMonths } from '@concilia/domain';
import { type SyntheticFile, type SyntheticSale, splitInstallments } from '../generate/synthetic';
import { consecutive, ddmmaaaa, hhmmss, text, zeros } from '../generate/fixed-width.format';
import { REDE_ACCOUNT, REDE_BRANDS } from './rede-writer.constants';

/**
 * Writes a Rede EEVC (V2.01) from synthetic sales, formats/layouts.md §2.3–2.4: 002, 004, then per batch an RV
 * 006 with its 008 CVs (single payment) and/or an RV 010 with its 012 CVs and its 014 plan, e-commerce 034/035
 * complements carrying the TID, 026 and 028 with the totals of what was written.
 *
 * Only credit sales: debit sales belong to the EEVD. A cancellation or chargeback is a debit, which the EEVC
 * cannot express (its only adjustment, 011, is a credit): the sale is written as sold, and the reversal belongs
 * to the EEFI (035 / 038), which no writer produces yet.
 *
 * Sales of a batch must be consecutive; one batch is held at a time (its RV is written before its CVs).
 */

interface Totals {
  gross: number;
  revolving: number;
  installments: number;
  fee: number;
  net: number;
  cvs: number;
}

const sum = (sales: readonly SyntheticSale[], f: (s: SyntheticSale) => number) => sales.reduce((t, s) => t + f(s), 0);

function rvLine(type: '006' | '010', sales: readonly SyntheticSale[]): string {
  const first = sales[0]!;
  const gross = sum(sales, (s) => s.gross);
  const fee = sum(sales, (s) => s.fee);
  return [
    type, zeros(first.merchantId, 9), zeros(first.batchId, 9), REDE_ACCOUNT.bank, zeros(REDE_ACCOUNT.branch, 5),
    zeros(REDE_ACCOUNT.account, 11), ddmmaaaa(first.saleDate), zeros(sales.length, 5), zeros(gross, 15), zeros(0, 15),
    zeros(0, 15), zeros(fee, 15), zeros(gross - fee, 15), ddmmaaaa(first.creditDate), REDE_BRANDS[first.brand],
  ].join('');
}

function cvLine(s: SyntheticSale): string {
  const installment = s.installments > 1;
  const net = s.gross - s.fee;
  const head = [
    installment ? '012' : '008', zeros(s.merchantId, 9), zeros(s.batchId, 9), ddmmaaaa(s.saleDate), zeros(0, 8),
    zeros(s.gross, 15), zeros(0, 15), text(s.card, 16), '000',
  ];
  const parts = splitInstallments(net, s.installments);
  const middle = [
    zeros(s.nsu, 12), text('', 13), zeros(s.fee, 15), text(s.authorization, 6), hhmmss(s.saleTime), text('', 64),
    s.tid ? '5' : '2', zeros(net, 15),
  ];
  return installment
    ? [...head, zeros(s.installments, 2), ...middle, zeros(parts[0]!, 15), zeros(parts[1] ?? 0, 15), text(s.terminal, 8), 'BR ', REDE_BRANDS[s.brand]].join('')
    : [...head, ...middle, text(s.terminal, 8), 'BR ', REDE_BRANDS[s.brand]].join('');
}

/** 034 / 035: the e-commerce complement of the CV just before it. */
function complementLine(s: SyntheticSale): string {
  return [
    s.installments > 1 ? '035' : '034', zeros(s.merchantId, 9), zeros(s.batchId, 9), ddmmaaaa(s.saleDate), zeros(s.gross, 15),
    text(s.card, 16), zeros(s.nsu, 12), text(s.authorization, 6), text(s.tid ?? '', 20), text('', 30),
  ].join('');
}

/** 014: installment n of the RV adds the n-th part of every sale that has one. */
function* planLines(sales: readonly SyntheticSale[]): Generator<string> {
  const first = sales[0]!;
  const count = Math.max(...sales.map((s) => s.installments));
  const parts = sales.map((s) => ({ gross: splitInstallments(s.gross, s.installments), fee: splitInstallments(s.fee, s.installments) }));
  for (let n = 1; n <= count; n++) {
    const gross = parts.reduce((t, p) => t + (p.gross[n - 1] ?? 0), 0);
    const fee = parts.reduce((t, p) => t + (p.fee[n - 1] ?? 0), 0);
    yield [
      '014', zeros(first.merchantId, 9), zeros(first.batchId, 9), ddmmaaaa(first.saleDate), zeros(0, 8), zeros(n, 2),
      zeros(gross, 15), zeros(fee, 15), zeros(gross - fee, 15), ddmmaaaa(addMonths(first.creditDate, n - 1)),
    ].join('');
  }
}

function totalsFields(t: Totals): string[] {
  return [
    zeros(t.gross, 15), zeros(0, 6), zeros(0, 15), zeros(t.revolving, 15), zeros(t.installments, 15), zeros(0, 15), zeros(0, 15),
    zeros(t.fee, 15), zeros(t.net, 15), zeros(0, 15), zeros(0, 15), zeros(t.cvs, 6),
  ];
}

export function* writeRedeEevc(file: SyntheticFile): Generator<string> {
  const pv = zeros(file.merchantId, 9);
  let records = 0;
  const t: Totals = { gross: 0, revolving: 0, installments: 0, fee: 0, net: 0, cvs: 0 };
  const line = (l: string) => {
    records++;
    return l;
  };
  yield line(
    `002${ddmmaaaa(file.fileDate)}REDECARD${text('EXTRATO DE MOVIMENTO DE VENDAS', 30)}${text('CONCILIA', 22)}${zeros(file.sequence, 6)}${pv}${text('DIARIO', 15)}${text('V2.01 - 09/06 - EEVC', 20)}`,
  );
  yield line(`004${pv}${text('CONCILIA', 22)}`);
  const credit = (function* () {
    for (const s of file.sales) if (s.product === 'credito') yield s;
  })();
  for (const batch of consecutive(credit, (s) => s.batchId)) {
    const single = batch.filter((s) => s.installments <= 1);
    const installment = batch.filter((s) => s.installments > 1);
    for (const [type, sales] of [['006', single], ['010', installment]] as const) {
      if (sales.length === 0) continue;
      yield line(rvLine(type, sales));
      for (const s of sales) {
        yield line(cvLine(s));
        if (s.tid) yield line(complementLine(s));
        t.gross += s.gross;
        if (type === '006') t.revolving += s.gross;
        else t.installments += s.gross;
        t.fee += s.fee;
        t.net += s.gross - s.fee;
        t.cvs++;
      }
      if (type === '010') for (const l of planLines(sales)) yield line(l);
    }
  }
  yield line(['026', pv, ...totalsFields(t)].join(''));
  const all = totalsFields(t);
  yield ['028', zeros(1, 4), zeros(records + 1, 6), pv, ...all].join('');
}
