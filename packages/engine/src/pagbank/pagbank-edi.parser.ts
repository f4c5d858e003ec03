import type { BankAccount, CardRef, Coded, NormalizedRecord, ParseWarningItem } from '../model';
import { NO_ORIGINAL_SALE } from '../model';
import { LineError, cardOfParts } from '../read/fields';
import { type JsonStatementLayout, type RecordAt, jsonStatementBatches, parseJsonStatement } from '../read/json-statement';
import { countOf, decimalCentavos, decimalOrNull, decodeCode, isoDate, isoDateOrNull, isoDateTime, textOrNull } from '../read/record-values';
import {
  PAGBANK_BRANDS, PAGBANK_CAPTURES, PAGBANK_CREDITS, PAGBANK_DEBITS, PAGBANK_EVENTS, PAGBANK_METHODS, PAGBANK_SALE, PAGBANK_WITHDRAWAL,
} from './pagbank.codes';

/**
 * PagBank (PagSeguro) EDI as the EDI API returns it (JSON, versions 1.05 / 2.00 / 2.01), docs/layouts/pagbank.md.
 * The records are the `detalhes` list; a record of the financial movement is told apart from a transactional one
 * by its `data_movimentacao`. Per record:
 * - transactional, tipo_evento 1 (venda): one row per installment → an InstallmentForecastRecord (valor_parcela,
 *   valor_liquido_transacao, data_prevista_pagamento); the row of installment 1 also gives the SaleRecord (gross
 *   valor_total_transacao, fee taxa_intermediacao + tarifa_intermediacao, the sale's own figures);
 * - financial, tipo_evento 1: the installment paid → a SettlementRecord on data_movimentacao, or an
 *   AnticipationRecord when the row carries valor_liquido_antecipacao;
 * - tipo_evento 4 (saque): money sent to the merchant's bank → a SettlementRecord of the amount paid out;
 * - other events: adjustments, chargebacks, cancellations (debits made negative, credits positive); an unknown
 *   event is an adjustment as signed in the file, with a warning.
 */

const stripZeros = (code: string | null) => (code === null ? null : code.replace(/^0+(?=\d)/, ''));

function text(r: Record<string, unknown>, name: string, at: RecordAt, required = false): string | null {
  const t = textOrNull(r[name]);
  if (t === null && required) throw new LineError(at.line, name, 'ausente');
  return t;
}

function cardOf(r: Record<string, unknown>): CardRef | null {
  return cardOfParts(textOrNull(r.cartao_bin), textOrNull(r.cartao_holder));
}

function accountOf(r: Record<string, unknown>): BankAccount | null {
  const bank = textOrNull(r.cod_banco);
  return bank ? { bank, branch: textOrNull(r.banco_agencia) ?? '', account: textOrNull(r.conta_banco) ?? '' } : null;
}

export function mapPagBankRecord(r: Record<string, unknown>, at: RecordAt, warnings: ParseWarningItem[]): NormalizedRecord[] {
  const line = at.line;
  const money = (name: string) => decimalCentavos(r[name], name, line);
  const moneyOrNull = (name: string) => decimalOrNull(r[name], name, line);
  const eventRaw = stripZeros(text(r, 'tipo_evento', at, true));
  const event = decodeCode(eventRaw, PAGBANK_EVENTS, 'tipo de evento (tipo_evento)', at.where, line, warnings);
  const merchantId = text(r, 'estabelecimento', at, true)!;
  const base = { line, operator: 'pagbank' as const, recordType: eventRaw!, merchantId };
  const code = text(r, 'codigo_transacao', at, true)!;
  const nsu = text(r, 'nsu', at) ?? code;
  const brandRaw = text(r, 'instituicao_financeira', at);
  const brand: Coded | null = brandRaw === null ? null : decodeCode(brandRaw.toUpperCase(), PAGBANK_BRANDS, 'instituição financeira (bandeira)', at.where, line, warnings);
  const saleDate = isoDateOrNull(r.data_venda_ajuste ?? r.data_inicial_transacao, 'data_venda_ajuste', line);
  const financial = r.data_movimentacao !== undefined && r.data_movimentacao !== null;
  const installment = countOf(r.parcela, 'parcela', line, 1) || 1;
  const installmentTotal = countOf(r.quantidade_parcela, 'quantidade_parcela', line, 1) || 1;
  const net = money('valor_liquido_transacao');

  if (eventRaw === PAGBANK_WITHDRAWAL) {
    const date = isoDate(financial ? r.data_movimentacao : r.data_inicial_transacao, financial ? 'data_movimentacao' : 'data_inicial_transacao', line);
    return [{
      ...base, kind: 'settlement', batchId: null, nsu: code, settlementDate: date, saleDate: null, dueDate: null, amount: Math.abs(net), gross: null, fee: null,
      installment: null, installmentTotal: null, brand: null, account: accountOf(r),
    }];
  }
  if (eventRaw !== PAGBANK_SALE) {
    const date = isoDate(financial ? r.data_movimentacao : r.data_inicial_transacao, financial ? 'data_movimentacao' : 'data_inicial_transacao', line);
    const debit = PAGBANK_DEBITS[eventRaw!];
    const amount = debit ? -Math.abs(net) : PAGBANK_CREDITS.has(eventRaw!) ? Math.abs(net) : net;
    const gross = moneyOrNull('valor_total_transacao');
    return [{
      ...base, kind: debit ?? 'adjustment', batchId: '', date, amount, reason: event, creditDate: isoDateOrNull(r.data_prevista_pagamento, 'data_prevista_pagamento', line),
      ...NO_ORIGINAL_SALE, nsu, authorization: text(r, 'codigo_autorizacao', at), saleDate, saleGross: gross === null ? null : Math.abs(gross), card: cardOf(r), brand,
    }];
  }

  const installmentGross = moneyOrNull('valor_parcela') ?? money('valor_total_transacao');
  if (net > installmentGross) {
    warnings.push({ kind: 'warning', line, message: `${at.where}: valor líquido ${net} maior que o valor da parcela ${installmentGross} (centavos)` });
  }
  if (installment > installmentTotal) {
    warnings.push({ kind: 'warning', line, message: `${at.where}: parcela ${installment} além da quantidade de parcelas ${installmentTotal}` });
  }
  const product = decodeCode(stripZeros(text(r, 'meio_pagamento', at)), PAGBANK_METHODS, 'meio de pagamento (meio_pagamento)', at.where, line, warnings, 'não informado');
  if (financial) {
    const date = isoDate(r.data_movimentacao, 'data_movimentacao', line);
    const anticipated = moneyOrNull('valor_liquido_antecipacao');
    if (anticipated !== null && anticipated !== 0) {
      const fee = Math.abs(moneyOrNull('taxa_antecipacao') ?? 0);
      return [{
        ...base, kind: 'anticipation', batchId: code, settlementDate: date, originalDueDate: isoDateOrNull(r.data_prevista_pagamento, 'data_prevista_pagamento', line),
        gross: anticipated + fee, fee, net: anticipated, installment, installmentTotal, brand,
      }];
    }
    return [{
      ...base, kind: 'settlement', batchId: code, nsu, settlementDate: date, saleDate, dueDate: isoDateOrNull(r.data_prevista_pagamento, 'data_prevista_pagamento', line),
      amount: net, gross: installmentGross, fee: installmentGross - net, installment, installmentTotal, brand, account: accountOf(r),
    }];
  }
  const started = isoDateTime(r.data_inicial_transacao, 'data_inicial_transacao', line);
  const when = saleDate ?? started.date;
  const time = textOrNull(r.hora_venda_ajuste ?? r.hora_inicial_transacao);
  const creditDate = isoDate(r.data_prevista_pagamento, 'data_prevista_pagamento', line);
  const out: NormalizedRecord[] = [{
    ...base, kind: 'installmentForecast', batchId: code, nsu, batchDate: when, installment, installmentTotal, gross: installmentGross, fee: installmentGross - net, net,
    creditDate, brand: brand ?? { code: '', name: null }, product,
  }];
  if (installment === 1) {
    const gross = money('valor_total_transacao');
    const fee = Math.abs(moneyOrNull('taxa_intermediacao') ?? 0) + Math.abs(moneyOrNull('tarifa_intermediacao') ?? 0);
    const capture = decodeCode(stripZeros(text(r, 'meio_captura', at)), PAGBANK_CAPTURES, 'meio de captura (meio_captura)', at.where, line, warnings, 'não informado');
    out.unshift({
      ...base, kind: 'sale', batchId: code, nsu, authorization: text(r, 'codigo_autorizacao', at), tid: code, saleDate: when, saleTime: time ?? started.time,
      gross, fee, net: gross - fee, installments: installmentTotal, brand: brand ?? { code: '', name: null }, product, capture, card: cardOf(r),
      terminal: text(r, 'num_logico', at), status: { code: textOrNull(r.status_pagamento) ?? '', name: null }, accepted: true, creditDate,
    });
  }
  return out;
}

const PAGBANK: JsonStatementLayout = { operator: 'pagbank', layout: 'PAGBANK_JSON', arrayKeys: ['detalhes'], map: mapPagBankRecord };

/** A file's items one by one (LayoutDef.parse). */
export function parsePagBankEdi(source: AsyncIterable<Uint8Array>) {
  return parseJsonStatement(source, PAGBANK);
}

/** The same items in arrays, one per chunk of the file (LayoutDef.parseBatches); the same reader as `parsePagBankEdi`. */
export function pagBankEdiBatches(source: AsyncIterable<Uint8Array>) {
  return jsonStatementBatches(source, PAGBANK);
}
