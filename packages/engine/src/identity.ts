import type { NormalizedRecord } from './model';

/**
 * The identity of a record: the operator keys that name the same fact whatever file brings it again (a
 * re-sent statement, an overlapping export). Two records with the same identity are the same line; the
 * pipeline keeps the first and counts the others as repeated. Amounts are part of the identity where the
 * operator's keys alone could name two facts (a corrected re-issue with another amount is a new fact).
 * Customer sales carry the merchant's keys; the pipeline adds the owner, since two merchants may share them.
 */
export function recordIdentity(r: NormalizedRecord): string {
  const base = `${r.operator}|${r.kind}|${r.merchantId}`;
  // template strings, not a join of an array: this runs once per line of every file loaded
  switch (r.kind) {
    case 'sale':
      return `${base}|${r.batchId}|${r.nsu}|${r.saleDate}|${r.authorization ?? ''}|${r.tid ?? ''}|${r.gross}|${r.installments}`;
    case 'summary':
      return `${base}|${r.recordType}|${r.batchId}|${r.batchDate}|${r.brand.code}|${r.product.code}|${r.gross}`;
    case 'installmentForecast':
      return `${base}|${r.batchId}|${r.nsu ?? ''}|${r.batchDate}|${r.installment}|${r.creditDate}|${r.net}`;
    case 'settlement':
      return `${base}|${r.batchId ?? ''}|${r.nsu ?? ''}|${r.settlementDate}|${r.dueDate ?? ''}|${r.installment ?? ''}|${r.amount}`;
    case 'adjustment':
    case 'cancellation':
    case 'chargeback':
      return `${base}|${r.batchId}|${r.date}|${r.reason.code}|${r.nsu ?? ''}|${r.originalBatchId ?? ''}|${r.creditDate ?? ''}|${r.amount}`;
    case 'anticipation':
      return `${base}|${r.batchId ?? ''}|${r.settlementDate}|${r.originalDueDate ?? ''}|${r.installment ?? ''}|${r.net}`;
    case 'pix':
      return `${base}|${r.transactionId}|${r.date}|${r.gross}`;
    case 'customerSale':
      return `${base}|${r.saleDate}|${r.saleTime ?? ''}|${r.nsu ?? ''}|${r.authorization ?? ''}|${r.tid ?? ''}|${r.terminal ?? ''}|${r.gross}|${r.installments}|${r.customerCode ?? ''}|${r.nossoNumero ?? ''}`;
  }
}
