import type { MarketplaceRef, NormalizedRecord, ParseWarningItem } from '../model';
import { NO_ORIGINAL_SALE } from '../model';
import { LineError } from '../read/fields';
import { type JsonStatementLayout, type RecordAt, jsonStatementBatches, parseJsonStatement } from '../read/json-statement';
import { countOf, decodeCode, integerCentavos, isoDate, isoDateOrNull, textOrNull } from '../read/record-values';
import { PAGARME_METHODS, PAGARME_STATUS, PAGARME_TYPES } from './pagarme.codes';

/**
 * Pagar.me payables (recebíveis) as the API lists them (`GET /payables`: {"data": [...], "paging": {...}}),
 * docs/layouts/pagarme.md. A payable is one installment of one charge for one recipient (the marketplace and
 * each seller of a split get their own), amounts in integer centavos. Per payable:
 * - credit, waiting_funds → an InstallmentForecastRecord due on payment_date;
 * - credit, paid → a SettlementRecord on payment_date; credit, prepaid → an AnticipationRecord (paid on
 *   payment_date instead of original_payment_date, anticipation_fee kept);
 * - refund / chargeback → CancellationRecord / ChargebackRecord (negative); refund_reversal and
 *   chargeback_refund → AdjustmentRecords (positive); an unknown type → an adjustment as signed, with a warning.
 * Fee = fee + anticipation_fee + fraud_coverage_fee, net = amount - fee. Every record carries the marketplace ids:
 * recipient_id (the seller), charge_id / gateway_id (the payment), split_id.
 */

function text(r: Record<string, unknown>, name: string, at: RecordAt, required = false): string | null {
  const t = textOrNull(r[name]);
  if (t === null && required) throw new LineError(at.line, name, 'ausente');
  return t;
}

export function mapPagarmePayable(r: Record<string, unknown>, at: RecordAt, warnings: ParseWarningItem[]): NormalizedRecord[] {
  const line = at.line;
  const cents = (name: string) => integerCentavos(r[name], name, line);
  const centsOr0 = (name: string) => (r[name] === null || r[name] === undefined ? 0 : integerCentavos(r[name], name, line));
  const id = text(r, 'id', at, true)!;
  const typeRaw = text(r, 'type', at, true)!.toLowerCase();
  const type = decodeCode(typeRaw, PAGARME_TYPES, 'tipo de recebível (type)', at.where, line, warnings);
  const statusRaw = (text(r, 'status', at) ?? '').toLowerCase();
  decodeCode(statusRaw, PAGARME_STATUS, 'situação do recebível (status)', at.where, line, warnings);
  const recipient = text(r, 'recipient_id', at, true)!;
  const paymentId = text(r, 'charge_id', at) ?? text(r, 'gateway_id', at) ?? text(r, 'transaction_id', at);
  const marketplace: MarketplaceRef = { sellerId: recipient, paymentId, orderId: text(r, 'order_id', at), itemId: text(r, 'split_id', at) ?? text(r, 'split_rule_id', at) };
  const amount = cents('amount');
  const fee = Math.abs(centsOr0('fee')) + Math.abs(centsOr0('anticipation_fee')) + Math.abs(centsOr0('fraud_coverage_fee'));
  const net = amount - (amount < 0 ? -fee : fee);
  const paymentDate = isoDate(r.payment_date, 'payment_date', line);
  const original = isoDateOrNull(r.original_payment_date, 'original_payment_date', line);
  const accrual = isoDateOrNull(r.accrual_date ?? r.created_at, 'accrual_date', line);
  const installment = countOf(r.installment, 'installment', line, 1) || 1;
  const product = decodeCode(textOrNull(r.payment_method), PAGARME_METHODS, 'meio de pagamento (payment_method)', at.where, line, warnings, 'não informado');
  const base = { line, operator: 'pagarme' as const, recordType: typeRaw, merchantId: recipient };
  const batchId = paymentId ?? id;
  if (fee > Math.abs(amount)) warnings.push({ kind: 'warning', line, message: `${at.where}: taxas (${fee}) maiores que o valor do recebível (${amount}) (centavos)` });

  if (typeRaw === 'credit') {
    if (statusRaw === 'paid') {
      return [{
        ...base, kind: 'settlement', batchId, nsu: id, settlementDate: paymentDate, saleDate: accrual, dueDate: original, amount: net, gross: amount, fee,
        installment, installmentTotal: null, brand: null, account: null, marketplace,
      }];
    }
    if (statusRaw === 'prepaid') {
      return [{
        ...base, kind: 'anticipation', batchId: text(r, 'bulk_anticipation_id', at) ?? text(r, 'anticipation_id', at) ?? batchId, settlementDate: paymentDate,
        originalDueDate: original, gross: amount, fee, net, installment, installmentTotal: null, brand: null,
      }];
    }
    return [{
      ...base, kind: 'installmentForecast', batchId, nsu: id, batchDate: accrual ?? paymentDate, installment, installmentTotal: null, gross: amount, fee, net,
      creditDate: paymentDate, brand: { code: '', name: null }, product, marketplace,
    }];
  }
  const kind = typeRaw === 'refund' ? 'cancellation' : typeRaw === 'chargeback' ? 'chargeback' : 'adjustment';
  const signed = kind === 'adjustment' && PAGARME_TYPES[typeRaw] ? Math.abs(net) : kind === 'adjustment' ? net : -Math.abs(net);
  return [{
    ...base, kind, batchId, date: paymentDate, amount: signed, reason: type, creditDate: paymentDate, ...NO_ORIGINAL_SALE, nsu: id, saleDate: accrual,
    saleGross: Math.abs(amount), brand: null,
  }];
}

const PAGARME: JsonStatementLayout = { operator: 'pagarme', layout: 'PAGARME_JSON', arrayKeys: ['data', 'payables'], map: mapPagarmePayable };

/** A file's items one by one (LayoutDef.parse). */
export function parsePagarmePayables(source: AsyncIterable<Uint8Array>) {
  return parseJsonStatement(source, PAGARME);
}

/** The same items in arrays, one per chunk of the file (LayoutDef.parseBatches); the same reader as `parsePagarmePayables`. */
export function pagarmePayablesBatches(source: AsyncIterable<Uint8Array>) {
  return jsonStatementBatches(source, PAGARME);
}
