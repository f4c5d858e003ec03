import { addMonths } from '@concilia/domain';
import { consecutive, text, zeros } from '../generate/fixed-width.format';
import { type SyntheticFile, type SyntheticSale, splitInstallments } from '../generate/synthetic';
import { VERO_WRITER_CODES } from './vero.codes';

/**
 * Writes a Vero payment file BJRVCMB (320-character records), docs/layouts/vero.md, from synthetic sales: header
 * 0, then per batch a record 1 (the credit to the account: the batch's net, all installments) followed by one
 * record 2 per installment of each sale (entry 0201 debit, 0202 credit, 0203 installment credit), and a record 2
 * with entry 0205 for a cancelled or charged-back sale. The sale's establishment (14 digits) goes in record 1.
 */

const line320 = (parts: string[]) => parts.join('').padEnd(320, ' ');
const compact = (d: string) => d.replaceAll('-', '');
const BRANCH = '0100';
const ACCOUNT = '0001234567';

function installmentLine(s: SyntheticSale, code: string, credited: string, installment: number, gross: number, net: number, seq: number): string {
  return line320([
    '2', text('', 27), compact(credited), code, '  ', compact(s.saleDate), zeros(s.nsu, 8), zeros(installment, 2), zeros(gross, 15), zeros(0, 6),
    zeros(0, 6), zeros(gross - net, 10), zeros(0, 10), zeros(net, 15), text('', 189), zeros(seq, 9),
  ]);
}

export function* writeVeroPagamentos(file: SyntheticFile): Generator<string> {
  yield line320(['0', text('', 41), 'BJRVCMB', ' ', compact(file.fileDate), compact(file.fileDate), '000000', text('VERO', 10), zeros(file.merchantId, 14)]);
  let seq = 0;
  for (const batch of consecutive(file.sales, (s) => `${s.merchantId}|${s.batchId}`)) {
    const records: string[] = [];
    let total = 0;
    for (const s of batch) {
      const n = Math.max(1, s.installments);
      const gross = splitInstallments(s.gross, n);
      const fee = splitInstallments(s.fee, n);
      const code = s.product === 'debito' ? VERO_WRITER_CODES.debito : n > 1 ? VERO_WRITER_CODES.parcelado : VERO_WRITER_CODES.credito;
      for (let i = 0; i < n; i++) {
        const net = gross[i]! - fee[i]!;
        total += net;
        records.push(installmentLine(s, code, addMonths(s.creditDate, i), i + 1, gross[i]!, net, ++seq));
      }
      if (s.status !== 'normal') {
        total -= s.gross - s.fee;
        records.push(installmentLine(s, '0205', s.creditDate, 1, s.gross, s.gross - s.fee, ++seq));
      }
    }
    yield line320(['1', text('', 41), zeros(batch[0]!.merchantId, 14), BRANCH, ACCOUNT, zeros(Math.max(0, total), 15)]);
    yield* records;
  }
}
