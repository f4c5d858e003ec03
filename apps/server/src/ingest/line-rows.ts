import type { CustomerSaleRecord, NormalizedRecord } from '@concilia/engine';
import { CopyBytes } from './copy-bytes';

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

export type OperatorRecord = Exclude<NormalizedRecord, CustomerSaleRecord>;

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

/**
 * A customer line in the columns of CUSTOMER_LINE_COLUMNS, written straight into the COPY bytes like the operator
 * lines: an array of values and a row string per line were most of the customer file's load once its parse was fast
 * (a million lines: ~1.2 s of row building and its garbage).
 */
export function writeCustomerLineRow(w: CopyBytes, r: CustomerSaleRecord, ctx: LineContext): void {
  const T = 9;
  w.num(ctx.codarquivo); w.byte(T); w.num(r.line); w.byte(T); w.text(ctx.chave); w.byte(T); w.num(ctx.ocorrencia); w.byte(T);
  w.num(ctx.codpessoa); w.byte(T); w.num(ctx.codcliente); w.byte(T); w.num(ctx.codoperadora); w.byte(T); w.text(r.merchantId || null); w.byte(T);
  w.text(r.nsu); w.byte(T); w.text(r.tid); w.byte(T); w.text(r.authorization); w.byte(T); w.text(r.terminal); w.byte(T);
  w.text(r.saleDate); w.byte(T); w.text(r.saleTime); w.byte(T); w.num(r.installments); w.byte(T); w.num(r.gross); w.byte(T);
  w.text(r.brand?.code); w.byte(T); w.text(r.product?.code); w.byte(T); w.text(r.customerCode); w.byte(T); w.text(r.nossoNumero); w.byte(T);
  w.text(r.operatorHint); w.byte(T); w.text(r.brand?.name); w.byte(T); w.text(r.product?.name); w.byte(10);
}

/** `writeCustomerLineRow` as a string, for callers that send a few rows (the integrator API's sales). */
export function customerLineRow(r: CustomerSaleRecord, ctx: LineContext): string {
  const w = new CopyBytes(1024);
  writeCustomerLineRow(w, r, ctx);
  return w.take().toString('utf8');
}

/** `n` COPY nulls after a tab each ("\t\N" n times), as the templates above write the columns a kind never fills. */
const NULLS = Array.from({ length: 13 }, (_, n) => '\t\\N'.repeat(n));

/**
 * The columns of OPERATOR_LINE_COLUMNS from lote to cartao, in that order, `data` being lineDate's (USED_BY_KIND
 * names the record fields they take; the rest of the record goes to extras). Written straight from the record into
 * the COPY bytes, without an array of values, a row object or a string per line, and the columns a kind never fills
 * as one literal run of \N: this runs once per line of every operator file loaded. test/golden/line-rows.tsv holds
 * the rows of every record kind, byte for byte.
 */
function writeKindColumns(w: CopyBytes, r: OperatorRecord, data: string): void {
  const T = 9;
  switch (r.kind) {
    case 'sale':
      w.text(r.batchId); w.byte(T); w.text(r.nsu); w.byte(T); w.text(r.authorization); w.byte(T); w.text(r.tid); w.byte(T);
      w.text(r.terminal); w.byte(T); w.text(data); w.byte(T); w.text(r.saleTime); w.byte(T); w.text(r.saleDate); w.byte(T);
      w.text(r.creditDate); w.byte(T); w.num(r.gross); w.byte(T); w.num(r.fee); w.byte(T); w.num(r.net); w.ascii(NULLS[1]!); w.byte(T);
      w.num(r.installments); w.byte(T); w.text(r.brand.code); w.byte(T); w.text(r.brand.name); w.byte(T); w.text(r.product.code); w.byte(T);
      w.text(r.product.name); w.byte(T); w.text(r.capture.code); w.byte(T); w.text(r.status.code); w.byte(T); w.ascii(r.accepted ? 'true' : 'false');
      w.ascii(NULLS[2]!); w.byte(T); w.text(r.card?.masked);
      return;
    case 'summary':
      w.text(r.batchId); w.ascii(NULLS[4]!); w.byte(T); w.text(data); w.ascii(NULLS[2]!); w.byte(T); w.text(r.creditDate); w.byte(T);
      w.num(r.gross); w.byte(T); w.num(r.fee); w.byte(T); w.num(r.net); w.ascii(NULLS[2]!); w.byte(T); w.text(r.brand.code); w.byte(T);
      w.text(r.brand.name); w.byte(T); w.text(r.product.code); w.byte(T); w.text(r.product.name); w.ascii(NULLS[6]!);
      return;
    case 'installmentForecast':
      w.text(r.batchId); w.byte(T); w.text(r.nsu); w.ascii(NULLS[3]!); w.byte(T); w.text(data); w.ascii(NULLS[1]!); w.byte(T);
      w.text(r.batchDate); w.byte(T); w.text(r.creditDate); w.byte(T); w.num(r.gross); w.byte(T); w.num(r.fee); w.byte(T); w.num(r.net); w.byte(T);
      w.num(r.installment); w.byte(T); w.num(r.installmentTotal); w.byte(T); w.text(r.brand.code); w.byte(T); w.text(r.brand.name); w.byte(T);
      w.text(r.product.code); w.byte(T); w.text(r.product.name); w.ascii(NULLS[6]!);
      return;
    case 'settlement':
      w.text(r.batchId); w.byte(T); w.text(r.nsu); w.ascii(NULLS[3]!); w.byte(T); w.text(data); w.ascii(NULLS[1]!); w.byte(T);
      w.text(r.saleDate); w.byte(T); w.text(r.dueDate); w.byte(T); w.num(r.gross); w.byte(T); w.num(r.fee); w.byte(T); w.num(r.amount); w.byte(T);
      w.num(r.installment); w.byte(T); w.num(r.installmentTotal); w.byte(T); w.text(r.brand?.code); w.byte(T); w.text(r.brand?.name); w.ascii(NULLS[8]!);
      return;
    case 'adjustment':
    case 'cancellation':
    case 'chargeback':
      w.text(r.batchId); w.byte(T); w.text(r.nsu); w.byte(T); w.text(r.authorization); w.byte(T); w.text(r.tid); w.ascii(NULLS[1]!); w.byte(T);
      w.text(data); w.ascii(NULLS[1]!); w.byte(T); w.text(r.saleDate); w.byte(T); w.text(r.creditDate); w.byte(T); w.num(r.saleGross);
      w.ascii(NULLS[1]!); w.byte(T); w.num(r.amount); w.ascii(NULLS[2]!); w.byte(T); w.text(r.brand?.code); w.byte(T); w.text(r.brand?.name);
      w.ascii(NULLS[5]!); w.byte(T); w.text(r.reason.code); w.byte(T); w.text(r.reason.name); w.byte(T); w.text(r.card?.masked);
      return;
    case 'anticipation':
      w.text(r.batchId); w.ascii(NULLS[4]!); w.byte(T); w.text(data); w.ascii(NULLS[2]!); w.byte(T); w.text(r.originalDueDate); w.byte(T);
      w.num(r.gross); w.byte(T); w.num(r.fee); w.byte(T); w.num(r.net); w.byte(T); w.num(r.installment); w.byte(T); w.num(r.installmentTotal); w.byte(T);
      w.text(r.brand?.code); w.byte(T); w.text(r.brand?.name); w.ascii(NULLS[8]!);
      return;
    case 'pix':
      w.nul(); w.byte(T); w.text(r.transactionId); w.ascii(NULLS[3]!); w.byte(T); w.text(data); w.byte(T); w.text(r.time); w.byte(T);
      w.text(r.date); w.ascii(NULLS[1]!); w.byte(T); w.num(r.gross); w.byte(T); w.num(r.fee); w.byte(T); w.num(r.net); w.ascii(NULLS[12]!);
      return;
  }
}

/** One operator line as a COPY text row (OPERATOR_LINE_COLUMNS), written as UTF-8 bytes into `w`. */
export function writeOperatorLineRow(w: CopyBytes, r: OperatorRecord, ctx: LineContext): void {
  const T = 9;
  w.num(ctx.codarquivo); w.byte(T); w.num(r.line); w.byte(T); w.text(ctx.chave); w.byte(T); w.num(ctx.ocorrencia); w.byte(T);
  w.text(r.kind); w.byte(T); w.text(r.recordType); w.byte(T); w.num(ctx.codoperadora); w.byte(T); w.num(ctx.codpessoa); w.byte(T);
  w.num(ctx.codcliente); w.byte(T); w.text(r.merchantId); w.byte(T);
  writeKindColumns(w, r, lineDate(r));
  w.byte(T);
  const mkt = 'marketplace' in r ? r.marketplace : null;
  if (mkt) {
    w.text(mkt.sellerId); w.byte(T); w.text(mkt.paymentId); w.byte(T); w.text(mkt.orderId); w.byte(T); w.text(mkt.itemId);
  } else w.ascii('\\N\t\\N\t\\N\t\\N');
  w.byte(T);
  writeExtras(w, r, USED_BY_KIND[r.kind]);
  w.byte(10);
}

/**
 * `extrasOf` as COPY text, written as JSON straight into `w` when its values are plain (keys and strings of
 * printable ASCII without quotes or backslashes, safe integers, booleans, nulls, nested plain objects): then the
 * bytes are JSON.stringify's, in the same key order (for…in, as extrasOf), and need no COPY escape. Anything
 * else — an accent, a quote, a fraction, an array — and what was written is taken back and extrasOf's own text
 * written instead. Why: JSON.stringify and its string were ~a third of the row's cost (a sale's extras is one field).
 */
function writeExtras(w: CopyBytes, r: OperatorRecord, usedFields: ReadonlySet<string>): void {
  const start = w.length;
  let any = false;
  for (const key in r) {
    if (usedFields.has(key)) continue;
    const value = (r as unknown as Record<string, unknown>)[key];
    if (value === null || value === undefined) continue;
    w.byte(any ? 44 : 123);
    any = true;
    if (!w.jsonString(key) || (w.byte(58), !writeJson(w, value))) {
      w.rewind(start);
      w.text(extrasOf(r, usedFields));
      return;
    }
  }
  if (any) w.byte(125);
  else w.nul();
}

/** One plain JSON value (see writeExtras); false when it is not plain, what was written then being garbage. */
function writeJson(w: CopyBytes, value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return w.jsonString(value);
    case 'number':
      if (!Number.isSafeInteger(value)) return false;
      w.num(value);
      return true;
    case 'boolean':
      w.ascii(value ? 'true' : 'false');
      return true;
    case 'object': {
      if (value === null) {
        w.ascii('null');
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      let any = false;
      for (const key in value) {
        const v = (value as Record<string, unknown>)[key];
        // JSON.stringify leaves undefined out of an object; functions and symbols too, which records never hold
        if (v === undefined) continue;
        w.byte(any ? 44 : 123);
        any = true;
        if (!w.jsonString(key)) return false;
        w.byte(58);
        if (!writeJson(w, v)) return false;
      }
      if (any) w.byte(125);
      else w.ascii('{}');
      return true;
    }
    default:
      return false;
  }
}
