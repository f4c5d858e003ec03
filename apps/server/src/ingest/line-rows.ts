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
  'captura', 'status', 'aceita', 'motivo', 'motivonome', 'cartao', 'extras',
] as const;

export const CUSTOMER_LINE_COLUMNS = [
  'codarquivo', 'linha', 'chave', 'ocorrencia', 'codpessoa', 'codoperadora', 'estabelecimento', 'nsu', 'tid',
  'autorizacao', 'terminal', 'datavenda', 'horavenda', 'totparcelas', 'valor', 'bandeira', 'produto', 'codexterno',
  'nossonumero', 'operadorainformada',
] as const;

type Value = string | number | boolean | null | undefined;
type OperatorRecord = Exclude<NormalizedRecord, CustomerSaleRecord>;
type OperatorColumns = Partial<Record<(typeof OPERATOR_LINE_COLUMNS)[number], Value>>;

/** The fields of a record that have a column; the rest of the record goes to extras. */
function operatorColumns(r: OperatorRecord): { cols: OperatorColumns; used: readonly string[] } {
  switch (r.kind) {
    case 'sale':
      return {
        cols: {
          lote: r.batchId, nsu: r.nsu, autorizacao: r.authorization, tid: r.tid, terminal: r.terminal, data: r.saleDate,
          hora: r.saleTime, datavenda: r.saleDate, dataprevista: r.creditDate, valorbruto: r.gross, valortaxa: r.fee,
          valorliquido: r.net, totparcelas: r.installments, bandeira: r.brand.code, bandeiranome: r.brand.name,
          produto: r.product.code, produtonome: r.product.name, captura: r.capture.code, status: r.status.code,
          aceita: r.accepted, cartao: r.card?.masked,
        },
        used: ['batchId', 'nsu', 'authorization', 'tid', 'terminal', 'saleDate', 'saleTime', 'creditDate', 'gross', 'fee', 'net', 'installments', 'brand', 'product', 'capture', 'status', 'accepted', 'card'],
      };
    case 'summary':
      return {
        cols: {
          lote: r.batchId, data: r.batchDate, dataprevista: r.creditDate, valorbruto: r.gross, valortaxa: r.fee,
          valorliquido: r.net, bandeira: r.brand.code, bandeiranome: r.brand.name, produto: r.product.code, produtonome: r.product.name,
        },
        used: ['batchId', 'batchDate', 'creditDate', 'gross', 'fee', 'net', 'brand', 'product'],
      };
    case 'installmentForecast':
      return {
        cols: {
          lote: r.batchId, data: r.creditDate, datavenda: r.batchDate, dataprevista: r.creditDate, valorbruto: r.gross,
          valortaxa: r.fee, valorliquido: r.net, parcela: r.installment, totparcelas: r.installmentTotal,
          bandeira: r.brand.code, bandeiranome: r.brand.name, produto: r.product.code, produtonome: r.product.name,
        },
        used: ['batchId', 'creditDate', 'batchDate', 'gross', 'fee', 'net', 'installment', 'installmentTotal', 'brand', 'product'],
      };
    case 'settlement':
      return {
        cols: {
          lote: r.batchId, nsu: r.nsu, data: r.settlementDate, datavenda: r.saleDate, dataprevista: r.dueDate,
          valorbruto: r.gross, valortaxa: r.fee, valorliquido: r.amount, parcela: r.installment, totparcelas: r.installmentTotal,
          bandeira: r.brand?.code, bandeiranome: r.brand?.name,
        },
        used: ['batchId', 'nsu', 'settlementDate', 'saleDate', 'dueDate', 'gross', 'fee', 'amount', 'installment', 'installmentTotal', 'brand'],
      };
    case 'adjustment':
    case 'cancellation':
    case 'chargeback':
      return {
        cols: {
          lote: r.batchId, nsu: r.nsu, autorizacao: r.authorization, data: r.date, datavenda: r.saleDate,
          dataprevista: r.creditDate, valorbruto: r.saleGross, valorliquido: r.amount, bandeira: r.brand?.code,
          bandeiranome: r.brand?.name, motivo: r.reason.code, motivonome: r.reason.name, cartao: r.card?.masked,
        },
        used: ['batchId', 'nsu', 'authorization', 'date', 'saleDate', 'creditDate', 'saleGross', 'amount', 'brand', 'reason', 'card'],
      };
    case 'anticipation':
      return {
        cols: {
          lote: r.batchId, data: r.settlementDate, dataprevista: r.originalDueDate, valorbruto: r.gross, valortaxa: r.fee,
          valorliquido: r.net, parcela: r.installment, totparcelas: r.installmentTotal, bandeira: r.brand?.code, bandeiranome: r.brand?.name,
        },
        used: ['batchId', 'settlementDate', 'originalDueDate', 'gross', 'fee', 'net', 'installment', 'installmentTotal', 'brand'],
      };
    case 'pix':
      return {
        cols: { nsu: r.transactionId, data: r.date, hora: r.time, datavenda: r.date, valorbruto: r.gross, valortaxa: r.fee, valorliquido: r.net },
        used: ['transactionId', 'date', 'time', 'gross', 'fee', 'net'],
      };
  }
}

const BASE_FIELDS = new Set(['line', 'operator', 'recordType', 'merchantId', 'kind']);

/** What a record carries beyond its columns; null when nothing is left (the common case for sales). */
function extrasOf(r: OperatorRecord, used: readonly string[]): string | null {
  let extras: Record<string, unknown> | null = null;
  const usedSet = new Set(used);
  for (const [key, value] of Object.entries(r)) {
    if (BASE_FIELDS.has(key) || usedSet.has(key) || value === null || value === undefined) continue;
    (extras ??= {})[key] = value;
  }
  return extras && JSON.stringify(extras);
}

function row(columns: readonly string[], values: Partial<Record<string, Value>>): string {
  let out = '';
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) out += '\t';
    out += copyText(values[columns[i]!]);
  }
  return `${out}\n`;
}

export function operatorLineRow(r: OperatorRecord, ctx: LineContext): string {
  const { cols, used } = operatorColumns(r);
  return row(OPERATOR_LINE_COLUMNS, {
    ...cols,
    codarquivo: ctx.codarquivo, linha: r.line, chave: ctx.chave, ocorrencia: ctx.ocorrencia, tipo: r.kind,
    tiporegistro: r.recordType, codoperadora: ctx.codoperadora, codpessoa: ctx.codpessoa, estabelecimento: r.merchantId,
    extras: r.kind === 'sale' ? null : extrasOf(r, used),
  });
}

export function customerLineRow(r: CustomerSaleRecord, ctx: LineContext): string {
  return row(CUSTOMER_LINE_COLUMNS, {
    codarquivo: ctx.codarquivo, linha: r.line, chave: ctx.chave, ocorrencia: ctx.ocorrencia, codpessoa: ctx.codpessoa,
    codoperadora: ctx.codoperadora, estabelecimento: r.merchantId || null, nsu: r.nsu, tid: r.tid,
    autorizacao: r.authorization, terminal: r.terminal, datavenda: r.saleDate, horavenda: r.saleTime,
    totparcelas: r.installments, valor: r.gross, bandeira: r.brand?.code, produto: r.product?.code,
    codexterno: r.customerCode, nossonumero: r.nossoNumero, operadorainformada: r.operatorHint,
  });
}
