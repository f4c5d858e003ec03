import { addMonths } from '@concilia/domain';
import { type SyntheticFile, type SyntheticSale, splitInstallments } from '../generate/synthetic';
import { consecutive, ddmmaaaa, hhmmss, text, zeros } from '../generate/fixed-width.format';
import { WRITER_PRODUCTS } from './getnet.codes';

/**
 * Writes a Getnet V10 file (400-character records) from synthetic sales, formats/layouts.md §3: header 0, then
 * per batch its RVs 1 and CVs 2, a record 3 for each cancelled (reason 03) or charged-back (04) sale, trailer 9.
 *
 * A batch of single-payment sales is one RV (installment 01/01). Installment sales of a batch are grouped by
 * their installment count N and written as N RVs with the batch's number, installment n of N each, indicator PF,
 * paying on the sale's credit date plus n - 1 months; their CVs are written once, under the RV of installment 1
 * (the parser reads a CV of a later installment as a repeat of the sale). A CV carries the sale's total as the
 * transaction value, the first installment as the installment value and the sale's commission as MDR.
 *
 * Sales of a batch must be consecutive; one batch is held at a time.
 */

const ACCOUNT = { bank: '033', branch: '001234', account: '00012345678' } as const;
const line400 = (parts: string[]) => parts.join('').padEnd(400, ' ');

function productCode(s: SyntheticSale): string {
  const [credit, debit] = WRITER_PRODUCTS[s.brand] ?? ['', ''];
  return s.product === 'debito' ? debit : credit;
}

function captureOf(s: SyntheticSale): string {
  return s.tid ? 'INT' : 'POS';
}

function rvLine(sales: readonly SyntheticSale[], installment: number, count: number): string {
  const first = sales[0]!;
  const part = (v: number) => splitInstallments(v, count)[installment - 1] ?? 0;
  const gross = sales.reduce((t, s) => t + part(s.gross), 0);
  const fee = sales.reduce((t, s) => t + part(s.fee), 0);
  const captures = new Set(sales.map(captureOf));
  return line400([
    '1', text(first.merchantId, 15), productCode(first), captures.size === 1 ? captureOf(first) : '   ', zeros(first.batchId, 9),
    ddmmaaaa(first.saleDate), ddmmaaaa(addMonths(first.creditDate, installment - 1)), ACCOUNT.bank, ACCOUNT.branch, ACCOUNT.account,
    zeros(sales.length, 9), zeros(0, 9), zeros(gross, 12), zeros(gross - fee, 12), zeros(0, 12), zeros(fee, 12), zeros(0, 12),
    zeros(gross - fee, 12), zeros(0, 12), 'PF', zeros(installment, 2), zeros(count, 2), text(first.merchantId, 15), zeros(0, 15),
    zeros(0, 8), zeros(0, 12), zeros(0, 12), zeros(0, 18), zeros(0, 12), zeros(0, 15), '986', ' ', '+', 'CC', zeros(0, 20),
  ]);
}

function cvLine(s: SyntheticSale): string {
  const count = Math.max(1, s.installments);
  const dynamic = s.tid ? ['02', text(s.tid, 42) + text('', 76)] : ['  ', text('', 118)];
  return line400([
    '2', text(s.merchantId, 15), zeros(s.batchId, 9), zeros(s.nsu, 12), ddmmaaaa(s.saleDate), hhmmss(s.saleTime), text(s.card, 19),
    zeros(s.gross, 12), zeros(0, 12), zeros(0, 12), zeros(count, 2), '01', zeros(splitInstallments(s.gross, count)[0]!, 12),
    ddmmaaaa(s.creditDate), text(s.authorization, 10), captureOf(s), 'C', text(s.merchantId, 15), text(s.terminal, 8), '986', 'N', '+',
    '   ', zeros(s.fee, 12), ...dynamic,
  ]);
}

/** Record 3: the whole sale reversed, posted to the sale's own RV on its credit date. */
function reversalLine(s: SyntheticSale): string {
  return line400([
    '3', text(s.merchantId, 15), zeros(s.batchId, 9), ddmmaaaa(s.creditDate), ddmmaaaa(s.creditDate), zeros(s.nsu, 20), ' ', '-',
    zeros(s.gross, 12), s.status === 'chargeback' ? '04' : '03', zeros(0, 8), text(s.card, 19), zeros(s.batchId, 9), zeros(s.nsu, 12),
    ddmmaaaa(s.saleDate), 'PF', text(s.terminal, 8), ddmmaaaa(s.creditDate), '986', zeros(s.fee, 12), s.tid ? '01' : '  ',
    text(s.tid ?? '', 118),
  ]);
}

export function* writeGetnetV10(file: SyntheticFile): Generator<string> {
  let records = 0;
  const line = (l: string) => {
    records++;
    return l;
  };
  yield line(
    line400([
      '0', ddmmaaaa(file.fileDate), '000000', ddmmaaaa(file.fileDate), 'CEADM100', text(file.merchantId, 15), zeros(0, 14),
      text('GETNET S.A.', 20), zeros(file.sequence, 9), 'GS', text('Sant. v.10 400 bytes', 25),
    ]),
  );
  for (const batch of consecutive(file.sales, (s) => s.batchId)) {
    const byCount = new Map<number, SyntheticSale[]>();
    for (const s of batch) {
      const n = Math.max(1, s.installments);
      const group = byCount.get(n);
      if (group) group.push(s);
      else byCount.set(n, [s]);
    }
    for (const [count, sales] of byCount) {
      for (let n = 1; n <= count; n++) {
        yield line(rvLine(sales, n, count));
        if (n === 1) for (const s of sales) yield line(cvLine(s));
      }
    }
    for (const s of batch) if (s.status !== 'normal') yield line(reversalLine(s));
  }
  yield line400(['9', zeros(records + 1, 9)]);
}
