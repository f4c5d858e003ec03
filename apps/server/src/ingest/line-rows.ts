import { copyText } from '@concilia/db';
import type { CustomerSaleRecord, NormalizedRecord } from '@concilia/engine';

/**
 * A normalised record as one COPY text row of its line table. Columns every kind shares get their own
 * column; what only some kinds carry goes to `extras` (jsonb), so nothing a parser read is lost.
 */

/** Where a line belongs, resolved by the pipeline before the row is written. */
export interface LineContext {
  codarquivo: number;
  chave: string;
  ocorrencia: number;
  codoperadora: number | null;
  codpessoa: number | null;
  /** the tenant key of codpessoa (TenantKeys) */
  codcliente: number;
}

export const OPERATOR_LINE_COLUMNS = [
  'codarquivo', 'linha', 'chave', 'ocorrencia', 'tipo', 'tiporegistro', 'codoperadora', 'codpessoa', 'codcliente', 'estabelecimento',
  'lote', 'nsu', 'autorizacao', 'tid', 'terminal', 'data', 'hora', 'datavenda', 'dataprevista', 'valorbruto',
  'valortaxa', 'valorliquido', 'parcela', 'totparcelas', 'bandeira', 'bandeiranome', 'produto', 'produtonome',
  'captura', 'status', 'aceita', 'motivo', 'motivonome', 'cartao', 'mktvendedor', 'mktpagamento', 'mktpedido', 'mktitem', 'extras',
] as const;

export const CUSTOMER_LINE_COLUMNS = [
  'codarquivo', 'linha', 'chave', 'ocorrencia', 'codpessoa', 'codcliente', 'codoperadora', 'estabelecimento', 'nsu', 'tid',
  'autorizacao', 'terminal', 'datavenda', 'horavenda', 'totparcelas', 'valor', 'bandeira', 'produto', 'codexterno',
  'nossonumero', 'operadorainformada', 'bandeiranome', 'produtonome',
] as const;

type Value = string | number | boolean | null | undefined;
export type OperatorRecord = Exclude<NormalizedRecord, CustomerSaleRecord>;

const N = '\\N';

/**
 * A text value as `copyText` writes it: \\N for null, escaped when it holds a character COPY reserves. Why not
 * copyText itself: the load writes 38 values per line, and its regex test costs more than looking at the few
 * characters of a key or a date; a string that does hold one (rare: free text of a file) still goes through it.
 */
function txt(v: string | null | undefined): string {
  if (v === null || v === undefined) return N;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 92 || c === 9 || c === 10 || c === 13) return copyText(v);
  }
  return v;
}

/** A number value (centavos, counts): \\N for null. Split from `txt` by type so each call site stays monomorphic. */
function num(v: number | null | undefined): string {
  return v === null || v === undefined ? N : `${v}`;
}

/** Any value, as `copyText` writes it. */
function val(v: Value): string {
  if (typeof v === 'string') return txt(v);
  return v === null || v === undefined ? N : String(v);
}

/** What only marketplaces fill (Mercado Pago, Pagar.me): sales, installments and settlements may carry it. */
function marketplaceColumns(r: OperatorRecord): string {
  const mkt = 'marketplace' in r ? r.marketplace : null;
  return mkt ? `${txt(mkt.sellerId)}\t${txt(mkt.paymentId)}\t${txt(mkt.orderId)}\t${txt(mkt.itemId)}` : '\\N\t\\N\t\\N\t\\N';
}

/** The `data` column of an operator line: the record's own date (sale, batch, credit of a forecast, settlement, correction). */
export function lineDate(r: OperatorRecord): string {
  switch (r.kind) {
    case 'sale':
      return r.saleDate;
    case 'summary':
      return r.batchDate;
    case 'installmentForecast':
      return r.creditDate;
    case 'settlement':
    case 'anticipation':
      return r.settlementDate;
    case 'adjustment':
    case 'cancellation':
    case 'chargeback':
    case 'pix':
      return r.date;
  }
}

/**
 * The columns of OPERATOR_LINE_COLUMNS from lote to cartao, in that order, `data` being lineDate's (USED_BY_KIND
 * names the record fields they take; the rest of the record goes to extras). Each kind writes its text straight
 * from the record, without an array of values or a row object per line, and the columns a kind never fills
 * are part of its template's literal text (one piece, not one concatenation per \\N): this runs once per line of
 * every operator file loaded.
 */
function kindColumns(r: OperatorRecord, data: string): string {
  switch (r.kind) {
    case 'sale':
      return `${txt(r.batchId)}\t${txt(r.nsu)}\t${txt(r.authorization)}\t${txt(r.tid)}\t${txt(r.terminal)}\t${txt(data)}\t${txt(r.saleTime)}\t${txt(r.saleDate)}\t${txt(r.creditDate)}\t${num(r.gross)}\t${num(r.fee)}\t${num(r.net)}\t\\N\t${num(r.installments)}\t${txt(r.brand.code)}\t${txt(r.brand.name)}\t${txt(r.product.code)}\t${txt(r.product.name)}\t${txt(r.capture.code)}\t${txt(r.status.code)}\t${r.accepted}\t\\N\t\\N\t${txt(r.card?.masked)}`;
    case 'summary':
      return `${txt(r.batchId)}\t\\N\t\\N\t\\N\t\\N\t${txt(data)}\t\\N\t\\N\t${txt(r.creditDate)}\t${num(r.gross)}\t${num(r.fee)}\t${num(r.net)}\t\\N\t\\N\t${txt(r.brand.code)}\t${txt(r.brand.name)}\t${txt(r.product.code)}\t${txt(r.product.name)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N`;
    case 'installmentForecast':
      return `${txt(r.batchId)}\t${txt(r.nsu)}\t\\N\t\\N\t\\N\t${txt(data)}\t\\N\t${txt(r.batchDate)}\t${txt(r.creditDate)}\t${num(r.gross)}\t${num(r.fee)}\t${num(r.net)}\t${num(r.installment)}\t${num(r.installmentTotal)}\t${txt(r.brand.code)}\t${txt(r.brand.name)}\t${txt(r.product.code)}\t${txt(r.product.name)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N`;
    case 'settlement':
      return `${txt(r.batchId)}\t${txt(r.nsu)}\t\\N\t\\N\t\\N\t${txt(data)}\t\\N\t${txt(r.saleDate)}\t${txt(r.dueDate)}\t${num(r.gross)}\t${num(r.fee)}\t${num(r.amount)}\t${num(r.installment)}\t${num(r.installmentTotal)}\t${txt(r.brand?.code)}\t${txt(r.brand?.name)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N`;
    case 'adjustment':
    case 'cancellation':
    case 'chargeback':
      return `${txt(r.batchId)}\t${txt(r.nsu)}\t${txt(r.authorization)}\t${txt(r.tid)}\t\\N\t${txt(data)}\t\\N\t${txt(r.saleDate)}\t${txt(r.creditDate)}\t${num(r.saleGross)}\t\\N\t${num(r.amount)}\t\\N\t\\N\t${txt(r.brand?.code)}\t${txt(r.brand?.name)}\t\\N\t\\N\t\\N\t\\N\t\\N\t${txt(r.reason.code)}\t${txt(r.reason.name)}\t${txt(r.card?.masked)}`;
    case 'anticipation':
      return `${txt(r.batchId)}\t\\N\t\\N\t\\N\t\\N\t${txt(data)}\t\\N\t\\N\t${txt(r.originalDueDate)}\t${num(r.gross)}\t${num(r.fee)}\t${num(r.net)}\t${num(r.installment)}\t${num(r.installmentTotal)}\t${txt(r.brand?.code)}\t${txt(r.brand?.name)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N`;
    case 'pix':
      return `\\N\t${txt(r.transactionId)}\t\\N\t\\N\t\\N\t${txt(data)}\t${txt(r.time)}\t${txt(r.date)}\t\\N\t${num(r.gross)}\t${num(r.fee)}\t${num(r.net)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N`;
  }
}

const BASE_FIELDS = ['line', 'operator', 'recordType', 'merchantId', 'kind', 'marketplace'];
const used = (...fields: string[]) => new Set([...BASE_FIELDS, ...fields]);
const USED = {
  sale: used('batchId', 'nsu', 'authorization', 'tid', 'terminal', 'saleDate', 'saleTime', 'creditDate', 'gross', 'fee', 'net', 'installments', 'brand', 'product', 'capture', 'status', 'accepted', 'card'),
  summary: used('batchId', 'batchDate', 'creditDate', 'gross', 'fee', 'net', 'brand', 'product'),
  installmentForecast: used('batchId', 'nsu', 'creditDate', 'batchDate', 'gross', 'fee', 'net', 'installment', 'installmentTotal', 'brand', 'product'),
  settlement: used('batchId', 'nsu', 'settlementDate', 'saleDate', 'dueDate', 'gross', 'fee', 'amount', 'installment', 'installmentTotal', 'brand'),
  correction: used('batchId', 'nsu', 'authorization', 'tid', 'date', 'saleDate', 'creditDate', 'saleGross', 'amount', 'brand', 'reason', 'card'),
  anticipation: used('batchId', 'settlementDate', 'originalDueDate', 'gross', 'fee', 'net', 'installment', 'installmentTotal', 'brand'),
  pix: used('transactionId', 'date', 'time', 'gross', 'fee', 'net'),
};

const USED_BY_KIND: Record<OperatorRecord['kind'], ReadonlySet<string>> = {
  sale: USED.sale, summary: USED.summary, installmentForecast: USED.installmentForecast, settlement: USED.settlement,
  adjustment: USED.correction, cancellation: USED.correction, chargeback: USED.correction, anticipation: USED.anticipation, pix: USED.pix,
};

/** What a record carries beyond its columns (a sale's capture and status names, a summary's counts); null when nothing. */
function extrasOf(r: OperatorRecord, usedFields: ReadonlySet<string>): string | null {
  let extras: Record<string, unknown> | null = null;
  for (const key in r) {
    if (usedFields.has(key)) continue;
    const value = (r as unknown as Record<string, unknown>)[key];
    if (value === null || value === undefined) continue;
    (extras ??= {})[key] = value;
  }
  return extras && JSON.stringify(extras);
}

function toRow(values: readonly Value[]): string {
  let out = val(values[0]);
  for (let i = 1; i < values.length; i++) out += `\t${val(values[i])}`;
  return `${out}\n`;
}

export function operatorLineRow(r: OperatorRecord, ctx: LineContext): string {
  return `${ctx.codarquivo}\t${r.line}\t${txt(ctx.chave)}\t${ctx.ocorrencia}\t${txt(r.kind)}\t${txt(r.recordType)}\t${num(ctx.codoperadora)}\t${num(ctx.codpessoa)}\t${ctx.codcliente}\t`
    + `${txt(r.merchantId)}\t${kindColumns(r, lineDate(r))}\t${marketplaceColumns(r)}\t${txt(extrasOf(r, USED_BY_KIND[r.kind]))}\n`;
}

export function customerLineRow(r: CustomerSaleRecord, ctx: LineContext): string {
  return toRow([
    ctx.codarquivo, r.line, ctx.chave, ctx.ocorrencia, ctx.codpessoa, ctx.codcliente, ctx.codoperadora, r.merchantId || null, r.nsu, r.tid,
    r.authorization, r.terminal, r.saleDate, r.saleTime, r.installments, r.gross, r.brand?.code, r.product?.code,
    r.customerCode, r.nossoNumero, r.operatorHint, r.brand?.name, r.product?.name,
  ]);
}
