import { type BusinessDate, formatDecimal } from '@concilia/domain';
import type {
  AdjustmentRecord, CancellationRecord, ChargebackRecord, Coded, InstallmentForecastRecord, NormalizedRecord, SaleRecord,
  SettlementRecord,
} from '../model';
import { alphaOrNull, card } from '../read/fields';
import {
  CANCELLATION_REASON, CHARGEBACK_REFUND_REASON, chargebackReason, stoneBrand, stoneCapture, stoneCaptureV1, stoneProduct,
} from './stone.codes';
import { amountOf, amountOrNull, countOrNull, dateOf, dateOrNullOf, dateTimeOf, dateTimeOrNullOf, keyOf } from './stone-values';
import { type XmlNode, child, childrenNamed, textOf } from './xml-node';

/**
 * One Stone Transaction element → normalised records (formats/layouts.md §4.2). The same element shape is read
 * in two places with two meanings:
 * - "forecast" (FinancialTransactions): what happened on the reference date: a capture (SaleRecord plus one
 *   InstallmentForecastRecord per installment), a cancellation (CancellationRecord), a chargeback
 *   (ChargebackRecord) or its refund (AdjustmentRecord, a credit).
 * - "accounts" (v2 FinancialTransactionsAccounts, v1 FinancialTransactionsPayments): money actually moved on
 *   the reference date, each movement a SettlementRecord: an installment paid (+net), a cancellation or a
 *   chargeback charged (−), a chargeback refund paid (+).
 * The v2 `Events` counters say which of the element's parts happened that day (a chargeback element travels
 * with its installment long after it was posted); without them (v1) every part present counts.
 *
 * Stone has no batches (RO/RV): a sale's batchId is ''; a correction's batchId is its own Stone id
 * (cancellation OperationKey, chargeback Id), the key that finds it again in a later file; a settlement's
 * batchId is its PaymentId, the deposit (Payments/Payment Id) it belongs to.
 */

export interface TxContext {
  merchantId: string;
  version: 'v1' | 'v2';
  /** the header's ReferenceDate: the day the file reports on */
  referenceDate: BusinessDate | null;
  /** a figure the file writes that can be read but not trusted: the file loads, the user is told (pt-BR, no location) */
  warn: (line: number, message: string) => void;
}

/** What the trailer counts, per movement read (formats/layouts.md §4.2, Trailer). */
export interface TxCounts {
  captured: number;
  canceled: number;
  chargebacks: number;
  chargebackRefunds: number;
  paidInstallments: number;
  chargedCancellations: number;
  chargedChargebacks: number;
  paidChargebackRefunds: number;
}

export const zeroCounts = (): TxCounts => ({
  captured: 0, canceled: 0, chargebacks: 0, chargebackRefunds: 0, paidInstallments: 0, chargedCancellations: 0,
  chargedChargebacks: 0, paidChargebackRefunds: 0,
});

interface Common {
  line: number;
  nsu: string;
  authorization: string | null;
  saleDate: BusinessDate | null;
  saleTime: string | null;
  card: SaleRecord['card'];
  brand: Coded | null;
  installmentTotal: number | null;
}

type Counter = 'Captures' | 'Cancellations' | 'CancellationCharges' | 'Chargebacks' | 'ChargebackRefunds' | 'Payments';

/** Whether a part of the transaction happened on this file's date: the Events counter, or presence (v1). */
function happened(tx: XmlNode, counter: Counter): boolean {
  const events = child(tx, 'Events');
  if (!events) return true;
  return (countOrNull(events, `contador ${counter}`, counter) ?? 0) > 0;
}

function common(tx: XmlNode): Common {
  const captured = dateTimeOrNullOf(tx, 'data/hora local da captura', 'CaptureLocalDateTime', 'CaptureDateTime');
  const brandRaw = textOf(tx, 'BrandId', 'Brand');
  return {
    line: tx.line,
    nsu: keyOf(tx, 'chave da transação', 'AcquirerTransactionKey', 'StoneId'),
    authorization: textOf(tx, 'IssuerAuthorizationCode', 'AuthorizationCode'),
    saleDate: captured?.date ?? null,
    saleTime: captured?.time ?? null,
    card: card(textOf(tx, 'CardNumber') ?? ''),
    brand: brandRaw === null ? null : stoneBrand(brandRaw),
    installmentTotal: countOrNull(tx, 'número de parcelas', 'NumberOfInstallments'),
  };
}

const installmentsOf = (tx: XmlNode) => childrenNamed(child(tx, 'Installments'), 'Installment');

interface Forecast {
  node: XmlNode;
  number: number;
  gross: number;
  net: number | null;
  creditDate: BusinessDate | null;
}

function readInstallment(node: XmlNode, index: number): Forecast {
  return {
    node,
    number: countOrNull(node, 'número da parcela', 'InstallmentNumber') ?? index + 1,
    gross: amountOf(node, 'valor bruto da parcela', 'GrossAmount'),
    net: amountOrNull(node, 'valor líquido da parcela', 'NetAmount'),
    creditDate: dateOrNullOf(node, 'data prevista de pagamento', 'PrevisionPaymentDate', 'PaymentDate'),
  };
}

/** FinancialTransactions/Transaction. `out` receives the records in document order. */
export function forecastTransaction(tx: XmlNode, ctx: TxContext, counts: TxCounts, out: NormalizedRecord[]): void {
  const c = common(tx);
  const base = { operator: 'stone' as const, merchantId: ctx.merchantId };
  const refund = child(tx, 'Refund');
  // v2 with its Events counters: a capture must carry its amount; otherwise (v1) the amount says it is a sale
  const captured = ctx.version === 'v2' && child(tx, 'Events') ? happened(tx, 'Captures') : textOf(tx, 'CapturedAmount') !== null && !refund;
  const gross = captured ? amountOf(tx, 'valor capturado', 'CapturedAmount') : amountOrNull(tx, 'valor capturado', 'CapturedAmount');
  if (captured) {
    out.push(...sale(tx, c, ctx, gross ?? 0));
    counts.captured++;
  }
  for (const cancellation of childrenNamed(child(tx, 'Cancellations'), 'Cancellation')) {
    if (!happened(tx, 'Cancellations')) break;
    const billing = child(cancellation, 'Billing');
    const returned = amountOf(cancellation, 'valor devolvido', 'ReturnedAmount');
    const charged = billing ? amountOrNull(billing, 'valor cobrado', 'ChargedAmount') : null;
    const record: CancellationRecord = {
      ...base,
      kind: 'cancellation',
      line: cancellation.line,
      recordType: 'Cancellation',
      ...correctionKeys(c, gross),
      batchId: keyOf(cancellation, 'chave da operação de cancelamento', 'OperationKey'),
      date: dateTimeOf(cancellation, 'data/hora do cancelamento', 'CancellationDateTime').date,
      // what is taken from the merchant: the net charged back when billed, else the whole amount returned
      amount: -(charged ?? returned),
      reason: CANCELLATION_REASON,
      creditDate: billing ? dateOrNullOf(billing, 'data prevista da cobrança', 'PrevisionChargeDate', 'ChargeDate') : null,
    };
    out.push(record);
    counts.canceled++;
  }
  if (refund) {
    // v1: the transaction comes again carrying its cancellation
    out.push({
      ...base,
      kind: 'cancellation',
      line: refund.line,
      recordType: 'Refund',
      ...correctionKeys(c, gross),
      batchId: c.nsu,
      date: dateOf(refund, 'data do cancelamento', 'RefundDate'),
      amount: -amountOf(refund, 'valor do cancelamento', 'RefundAmount'),
      reason: CANCELLATION_REASON,
      creditDate: dateOrNullOf(refund, 'data do desconto', 'RefundPaymentDate'),
    });
    counts.canceled++;
  }
  for (const inst of installmentsOf(tx)) {
    const chargeback = child(inst, 'Chargeback');
    if (chargeback && happened(tx, 'Chargebacks')) {
      const record: ChargebackRecord = {
        ...base,
        kind: 'chargeback',
        line: chargeback.line,
        recordType: 'Chargeback',
        ...correctionKeys(c, gross),
        batchId: keyOf(chargeback, 'identificador do chargeback', 'Id'),
        date: dateOf(chargeback, 'data do chargeback', 'Date'),
        amount: -amountOf(chargeback, 'valor do chargeback', 'Amount'),
        reason: chargebackReason(textOf(chargeback, 'ReasonCode')),
        creditDate: dateOrNullOf(chargeback, 'data da cobrança', 'ChargeDate', 'PaymentDate'),
      };
      out.push(record);
      counts.chargebacks++;
    }
    const refundOfChargeback = child(inst, 'ChargebackRefund');
    if (refundOfChargeback && happened(tx, 'ChargebackRefunds')) {
      const record: AdjustmentRecord = {
        ...base,
        kind: 'adjustment',
        line: refundOfChargeback.line,
        recordType: 'ChargebackRefund',
        ...correctionKeys(c, gross),
        batchId: keyOf(refundOfChargeback, 'identificador da reapresentação', 'Id'),
        date: dateOf(refundOfChargeback, 'data da reapresentação', 'Date'),
        amount: amountOf(refundOfChargeback, 'valor da reapresentação', 'Amount'),
        reason: CHARGEBACK_REFUND_REASON(textOf(refundOfChargeback, 'ReasonCode')),
        creditDate: dateOrNullOf(refundOfChargeback, 'data de pagamento', 'PaymentDate'),
      };
      out.push(record);
      counts.chargebackRefunds++;
    }
  }
}

function correctionKeys(c: Common, gross: number | null) {
  return {
    originalBatchId: null,
    nsu: c.nsu,
    authorization: c.authorization,
    saleDate: c.saleDate,
    saleGross: gross,
    card: c.card,
    brand: c.brand,
  };
}

/**
 * The capture and its installments. Each installment's net is rounded to centavos on its own (that is what is
 * paid). The sale's gross is its CapturedAmount and its fee what the installments keep (Σ GrossAmount −
 * Σ NetAmount), both figures of the same elements: a gross from one element and a net from others gave a net
 * above the gross and a negative fee when the file's installments do not add up to the capture. Such a
 * contradiction, a negative fee, or an installment numbered beyond the sale's count is a warning on the file.
 * An installment without NetAmount (cancelled before the file was made) forecasts nothing, and the sale's fee
 * is then unknown: 0, net = gross.
 */
function sale(tx: XmlNode, c: Common, ctx: TxContext, gross: number): NormalizedRecord[] {
  const saleDate = c.saleDate ?? dateTimeOf(tx, 'data/hora local da captura', 'CaptureLocalDateTime', 'CaptureDateTime').date;
  const forecasts = installmentsOf(tx).map(readInstallment);
  const allNets = forecasts.length > 0 && forecasts.every((f) => f.net !== null);
  const instGross = forecasts.reduce((s, f) => s + f.gross, 0);
  const instNet = forecasts.reduce((s, f) => s + (f.net ?? 0), 0);
  const fee = allNets ? instGross - instNet : 0;
  const net = gross - fee;
  const v2 = ctx.version === 'v2';
  const accountType = textOf(tx, 'AccountType', 'ProductType');
  const brand = c.brand ?? stoneBrand(null);
  const product = stoneProduct(accountType, textOf(tx, 'InstallmentType'));
  const installments = Math.max(1, c.installmentTotal ?? forecasts.length);
  const money = (n: number) => formatDecimal(n);
  if (allNets && instGross !== gross) {
    ctx.warn(tx.line, `venda ${c.nsu}: as parcelas somam ${money(instGross)} de valor bruto e a captura (CapturedAmount) ${money(gross)}; taxa lida das parcelas (${money(fee)})`);
  }
  for (const f of forecasts) {
    if (f.net !== null && f.net > f.gross) {
      ctx.warn(f.node.line, `venda ${c.nsu}, parcela ${f.number}: valor líquido ${money(f.net)} maior que o bruto ${money(f.gross)} (taxa negativa)`);
    }
    if (f.number > installments || f.number < 1) {
      ctx.warn(f.node.line, `venda ${c.nsu}: parcela ${f.number} além do número de parcelas da venda (${installments})`);
    }
  }
  const record: SaleRecord = {
    kind: 'sale',
    line: c.line,
    operator: 'stone',
    recordType: 'Transaction',
    merchantId: ctx.merchantId,
    batchId: '',
    nsu: c.nsu,
    authorization: c.authorization,
    tid: textOf(tx, 'InitiatorTransactionKey', 'OrderReference'),
    saleDate,
    saleTime: c.saleTime,
    gross,
    fee,
    net,
    installments,
    brand,
    product,
    capture: v2 ? stoneCapture(textOf(child(tx, 'Poi'), 'PoiType')) : stoneCaptureV1(textOf(tx, 'CaptureMethod')),
    card: c.card,
    terminal: alphaOrNull(textOf(child(tx, 'Poi'), 'SerialNumber') ?? textOf(tx, 'SerialNumber') ?? ''),
    status: { code: 'Captured', name: 'Capturada' },
    accepted: true,
    creditDate: forecasts[0]?.creditDate ?? null,
  };
  const out: NormalizedRecord[] = [record];
  for (const f of forecasts) {
    if (f.net === null || f.creditDate === null) continue;
    const forecast: InstallmentForecastRecord = {
      kind: 'installmentForecast',
      line: f.node.line,
      operator: 'stone',
      recordType: 'Installment',
      merchantId: ctx.merchantId,
      nsu: record.nsu,
      batchId: '',
      batchDate: saleDate,
      installment: f.number,
      installmentTotal: installments,
      gross: f.gross,
      fee: f.gross - f.net,
      net: f.net,
      creditDate: f.creditDate,
      brand,
      product,
    };
    out.push(forecast);
  }
  return out;
}

/** v1 writes the credited account on each paid transaction and event. */
export function v1Account(node: XmlNode): SettlementRecord['account'] {
  const bank = textOf(node, 'BankId');
  const branch = textOf(node, 'BankBranch', 'BankBrach');
  const account = textOf(node, 'BankAccount');
  return bank || branch || account ? { bank: bank ?? '', branch: branch ?? '', account: account ?? '' } : null;
}

/** v2 FinancialTransactionsAccounts / v1 FinancialTransactionsPayments Transaction → settlements. */
export function accountsTransaction(tx: XmlNode, ctx: TxContext, counts: TxCounts, out: NormalizedRecord[]): void {
  const c = common(tx);
  const account = ctx.version === 'v1' ? v1Account(tx) : null;
  const settlement = (node: XmlNode, recordType: string, fields: Partial<SettlementRecord> & Pick<SettlementRecord, 'settlementDate' | 'amount'>): SettlementRecord => ({
    kind: 'settlement',
    line: node.line,
    operator: 'stone',
    recordType,
    merchantId: ctx.merchantId,
    batchId: null,
    nsu: c.nsu,
    saleDate: c.saleDate,
    dueDate: null,
    gross: null,
    fee: null,
    installment: null,
    installmentTotal: c.installmentTotal,
    brand: c.brand,
    account,
    ...fields,
  });
  const settlementDate = (node: XmlNode, field: string, ...names: string[]): BusinessDate => {
    const d = dateOrNullOf(node, field, ...names) ?? ctx.referenceDate;
    return d ?? dateOf(node, field, ...names);
  };

  for (const inst of installmentsOf(tx)) {
    const number = countOrNull(inst, 'número da parcela', 'InstallmentNumber');
    const paymentId = textOf(inst, 'PaymentId');
    const chargeback = child(inst, 'Chargeback');
    const chargebackRefund = child(inst, 'ChargebackRefund');
    // an installment travelling only to carry its chargeback (or refund) was paid in an earlier file
    const paid = happened(tx, 'Payments') && (paymentId !== null || (!chargeback && !chargebackRefund));
    if (paid) {
      const gross = amountOf(inst, 'valor bruto da parcela', 'GrossAmount');
      const net = amountOf(inst, 'valor líquido da parcela', 'NetAmount');
      if (net > gross) {
        ctx.warn(inst.line, `pagamento da venda ${c.nsu}, parcela ${number ?? '?'}: valor líquido ${formatDecimal(net)} maior que o bruto ${formatDecimal(gross)} (taxa negativa)`);
      }
      out.push(settlement(inst, 'Installment', {
        batchId: paymentId,
        settlementDate: settlementDate(inst, 'data de pagamento', 'PaymentDate'),
        dueDate: dateOrNullOf(inst, 'data original de pagamento', 'AdvancedReceivableOriginalPaymentDate', 'OriginalPaymentDate'),
        amount: net,
        gross,
        fee: gross - net,
        installment: number,
      }));
      counts.paidInstallments++;
    }
    if (chargeback && happened(tx, 'Chargebacks')) {
      out.push(settlement(chargeback, 'Chargeback', {
        batchId: paymentId,
        settlementDate: settlementDate(chargeback, 'data da cobrança do chargeback', 'ChargeDate', 'PaymentDate'),
        amount: -amountOf(chargeback, 'valor do chargeback', 'Amount'),
        installment: number,
      }));
      counts.chargedChargebacks++;
    }
    if (chargebackRefund && happened(tx, 'ChargebackRefunds')) {
      out.push(settlement(chargebackRefund, 'ChargebackRefund', {
        batchId: paymentId,
        settlementDate: settlementDate(chargebackRefund, 'data de pagamento da reapresentação', 'PaymentDate'),
        amount: amountOf(chargebackRefund, 'valor da reapresentação', 'Amount'),
        installment: number,
      }));
      counts.paidChargebackRefunds++;
    }
  }
  for (const cancellation of childrenNamed(child(tx, 'Cancellations'), 'Cancellation')) {
    if (!happened(tx, 'CancellationCharges')) break;
    const billing = child(cancellation, 'Billing');
    if (!billing) continue;
    out.push(settlement(cancellation, 'Cancellation', {
      settlementDate: settlementDate(billing, 'data da cobrança do cancelamento', 'ChargeDate', 'PrevisionChargeDate'),
      amount: -amountOf(billing, 'valor cobrado', 'ChargedAmount'),
    }));
    counts.chargedCancellations++;
  }
  const refund = child(tx, 'Refund');
  if (refund) {
    out.push(settlement(refund, 'Refund', {
      settlementDate: settlementDate(refund, 'data do desconto do cancelamento', 'RefundPaymentDate'),
      amount: -amountOf(refund, 'valor do cancelamento', 'RefundAmount'),
    }));
    counts.chargedCancellations++;
  }
}
