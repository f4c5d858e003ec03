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
}

export const OPERATOR_LINE_COLUMNS = [
  'codarquivo', 'linha', 'chave', 'ocorrencia', 'tipo', 'tiporegistro', 'codoperadora', 'codpessoa', 'estabelecimento',
  'lote', 'nsu', 'autorizacao', 'tid', 'terminal', 'data', 'hora', 'datavenda', 'dataprevista', 'valorbruto',
  'valortaxa', 'valorliquido', 'parcela', 'totparcelas', 'bandeira', 'bandeiranome', 'produto', 'produtonome',
  'captura', 'status', 'aceita', 'motivo', 'motivonome', 'cartao', 'mktvendedor', 'mktpagamento', 'mktpedido', 'mktitem', 'extras',
] as const;

export const CUSTOMER_LINE_COLUMNS = [
  'codarquivo', 'linha', 'chave', 'ocorrencia', 'codpessoa', 'codoperadora', 'estabelecimento', 'nsu', 'tid',
  'autorizacao', 'terminal', 'datavenda', 'horavenda', 'totparcelas', 'valor', 'bandeira', 'produto', 'codexterno',
  'nossonumero', 'operadorainformada', 'bandeiranome', 'produtonome',
] as const;

type Value = string | number | boolean | null | undefined;
type OperatorRecord = Exclude<NormalizedRecord, CustomerSaleRecord>;
type OperatorColumn = (typeof OPERATOR_LINE_COLUMNS)[number];

/** Column name → position in the row: rows are written straight into an array, the hot path of a load. */
const AT = Object.fromEntries(OPERATOR_LINE_COLUMNS.map((c, i) => [c, i])) as Record<OperatorColumn, number>;

/**
 * The record's own columns, written into `v`; returns the record fields that have a column, so the rest of
 * the record goes to extras.
 */
function fillOperatorColumns(r: OperatorRecord, v: Value[]): ReadonlySet<string> {
  // marketplace ids (Mercado Pago, Pagar.me): sales, installments and settlements may carry them
  const mkt = 'marketplace' in r ? r.marketplace : null;
  if (mkt) {
    v[AT.mktvendedor] = mkt.sellerId; v[AT.mktpagamento] = mkt.paymentId; v[AT.mktpedido] = mkt.orderId; v[AT.mktitem] = mkt.itemId;
  }
  switch (r.kind) {
    case 'sale':
      v[AT.lote] = r.batchId; v[AT.nsu] = r.nsu; v[AT.autorizacao] = r.authorization; v[AT.tid] = r.tid;
      v[AT.terminal] = r.terminal; v[AT.data] = r.saleDate; v[AT.hora] = r.saleTime; v[AT.datavenda] = r.saleDate;
      v[AT.dataprevista] = r.creditDate; v[AT.valorbruto] = r.gross; v[AT.valortaxa] = r.fee; v[AT.valorliquido] = r.net;
      v[AT.totparcelas] = r.installments; v[AT.bandeira] = r.brand.code; v[AT.bandeiranome] = r.brand.name;
      v[AT.produto] = r.product.code; v[AT.produtonome] = r.product.name; v[AT.captura] = r.capture.code;
      v[AT.status] = r.status.code; v[AT.aceita] = r.accepted; v[AT.cartao] = r.card?.masked;
      return USED.sale;
    case 'summary':
      v[AT.lote] = r.batchId; v[AT.data] = r.batchDate; v[AT.dataprevista] = r.creditDate; v[AT.valorbruto] = r.gross;
      v[AT.valortaxa] = r.fee; v[AT.valorliquido] = r.net; v[AT.bandeira] = r.brand.code; v[AT.bandeiranome] = r.brand.name;
      v[AT.produto] = r.product.code; v[AT.produtonome] = r.product.name;
      return USED.summary;
    case 'installmentForecast':
      v[AT.lote] = r.batchId; v[AT.nsu] = r.nsu; v[AT.data] = r.creditDate; v[AT.datavenda] = r.batchDate; v[AT.dataprevista] = r.creditDate;
      v[AT.valorbruto] = r.gross; v[AT.valortaxa] = r.fee; v[AT.valorliquido] = r.net; v[AT.parcela] = r.installment;
      v[AT.totparcelas] = r.installmentTotal; v[AT.bandeira] = r.brand.code; v[AT.bandeiranome] = r.brand.name;
      v[AT.produto] = r.product.code; v[AT.produtonome] = r.product.name;
      return USED.installmentForecast;
    case 'settlement':
      v[AT.lote] = r.batchId; v[AT.nsu] = r.nsu; v[AT.data] = r.settlementDate; v[AT.datavenda] = r.saleDate;
      v[AT.dataprevista] = r.dueDate; v[AT.valorbruto] = r.gross; v[AT.valortaxa] = r.fee; v[AT.valorliquido] = r.amount;
      v[AT.parcela] = r.installment; v[AT.totparcelas] = r.installmentTotal; v[AT.bandeira] = r.brand?.code;
      v[AT.bandeiranome] = r.brand?.name;
      return USED.settlement;
    case 'adjustment':
    case 'cancellation':
    case 'chargeback':
      v[AT.lote] = r.batchId; v[AT.nsu] = r.nsu; v[AT.autorizacao] = r.authorization; v[AT.tid] = r.tid; v[AT.data] = r.date;
      v[AT.datavenda] = r.saleDate; v[AT.dataprevista] = r.creditDate; v[AT.valorbruto] = r.saleGross;
      v[AT.valorliquido] = r.amount; v[AT.bandeira] = r.brand?.code; v[AT.bandeiranome] = r.brand?.name;
      v[AT.motivo] = r.reason.code; v[AT.motivonome] = r.reason.name; v[AT.cartao] = r.card?.masked;
      return USED.correction;
    case 'anticipation':
      v[AT.lote] = r.batchId; v[AT.data] = r.settlementDate; v[AT.dataprevista] = r.originalDueDate; v[AT.valorbruto] = r.gross;
      v[AT.valortaxa] = r.fee; v[AT.valorliquido] = r.net; v[AT.parcela] = r.installment; v[AT.totparcelas] = r.installmentTotal;
      v[AT.bandeira] = r.brand?.code; v[AT.bandeiranome] = r.brand?.name;
      return USED.anticipation;
    case 'pix':
      v[AT.nsu] = r.transactionId; v[AT.data] = r.date; v[AT.hora] = r.time; v[AT.datavenda] = r.date;
      v[AT.valorbruto] = r.gross; v[AT.valortaxa] = r.fee; v[AT.valorliquido] = r.net;
      return USED.pix;
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
  let out = copyText(values[0]);
  for (let i = 1; i < values.length; i++) out += `\t${copyText(values[i])}`;
  return `${out}\n`;
}

export function operatorLineRow(r: OperatorRecord, ctx: LineContext): string {
  const v: Value[] = new Array<Value>(OPERATOR_LINE_COLUMNS.length).fill(null);
  const usedFields = fillOperatorColumns(r, v);
  v[AT.codarquivo] = ctx.codarquivo; v[AT.linha] = r.line; v[AT.chave] = ctx.chave; v[AT.ocorrencia] = ctx.ocorrencia;
  v[AT.tipo] = r.kind; v[AT.tiporegistro] = r.recordType; v[AT.codoperadora] = ctx.codoperadora; v[AT.codpessoa] = ctx.codpessoa;
  v[AT.estabelecimento] = r.merchantId; v[AT.extras] = extrasOf(r, usedFields);
  return toRow(v);
}

export function customerLineRow(r: CustomerSaleRecord, ctx: LineContext): string {
  return toRow([
    ctx.codarquivo, r.line, ctx.chave, ctx.ocorrencia, ctx.codpessoa, ctx.codoperadora, r.merchantId || null, r.nsu, r.tid,
    r.authorization, r.terminal, r.saleDate, r.saleTime, r.installments, r.gross, r.brand?.code, r.product?.code,
    r.customerCode, r.nossoNumero, r.operatorHint, r.brand?.name, r.product?.name,
  ]);
}
