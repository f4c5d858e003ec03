import type { CardRef, NormalizedRecord, ParseWarningItem } from '../model';
import { NO_ORIGINAL_SALE } from '../model';
import { LineError } from '../read/fields';
import { type JsonStatementLayout, type RecordAt, jsonStatementBatches, parseJsonStatement } from '../read/json-statement';
import { countOf, decimalCentavos, decodeCode, isoDate, textOrNull } from '../read/record-values';
import { PAYGO_BRANDS, PAYGO_PAYMENT_TYPES } from './paygo.codes';

/**
 * PayGo sales (the "Sales" / "Settlements" objects of PayGo's conciliation API), docs/layouts/paygo.md: kebab-case
 * fields, dates 'YYYY-MM-DD', amounts as decimals with up to 6 places and a separate amount-signal. The envelope
 * (a bare array or an object with a `sales` / `settlements` / `data` list) is inferred; the fields are PayGo's.
 * Per record: amount-signal '+' → a SaleRecord (fee = gross - net); '-' → a CancellationRecord of the net,
 * negative. A sign other than + or - breaks the money: the record is an error.
 */

function text(r: Record<string, unknown>, name: string, at: RecordAt, required = false): string | null {
  const t = textOrNull(r[name]);
  if (t === null && required) throw new LineError(at.line, name, 'ausente');
  return t;
}

function cardOf(raw: string | null): CardRef | null {
  if (!raw) return null;
  const m = /^(\d{6})\D+(\d{4})$/.exec(raw);
  return { masked: raw, bin: m?.[1] ?? null, last4: m?.[2] ?? null };
}

export function mapPayGoRecord(r: Record<string, unknown>, at: RecordAt, warnings: ParseWarningItem[]): NormalizedRecord[] {
  const line = at.line;
  const signal = text(r, 'amount-signal', at, true)!;
  if (signal !== '+' && signal !== '-') throw new LineError(line, 'amount-signal', `não é + nem - ("${signal}")`);
  const gross = decimalCentavos(r['gross-amount'], 'gross-amount', line);
  const net = decimalCentavos(r['net-amount'], 'net-amount', line);
  const saleDate = isoDate(r['transaction-date'], 'transaction-date', line);
  const hour = text(r, 'transaction-hour', at);
  if (hour !== null && !/^\d{2}:\d{2}:\d{2}$/.test(hour)) throw new LineError(line, 'transaction-hour', `não é uma hora ("${hour}")`);
  const merchantId = text(r, 'merchant-code', at, true)!;
  const nsu = text(r, 'nsu', at, true)!;
  const brandRaw = text(r, 'brand-name', at);
  const brand = decodeCode(brandRaw === null ? null : brandRaw.toUpperCase(), PAYGO_BRANDS, 'bandeira (brand-name)', at.where, line, warnings, 'não informada');
  const card = cardOf(text(r, 'card-number', at));
  const base = { line, operator: 'paygo' as const, recordType: signal === '+' ? 'VENDA' : 'ESTORNO', merchantId };
  if (net > gross) warnings.push({ kind: 'warning', line, message: `${at.where}: valor líquido ${net} maior que o bruto ${gross} (centavos); taxa negativa` });
  if (signal === '-') {
    return [{
      ...base, kind: 'cancellation', batchId: text(r, 'id', at) ?? '', date: saleDate, amount: -Math.abs(net), reason: { code: '-', name: 'Estorno' },
      creditDate: null, ...NO_ORIGINAL_SALE, nsu, authorization: text(r, 'authorization-code', at), saleDate, saleGross: Math.abs(gross), card, brand,
    }];
  }
  const typeRaw = text(r, 'payment-type', at);
  const product = decodeCode(typeRaw === null ? null : typeRaw.toUpperCase(), PAYGO_PAYMENT_TYPES, 'forma de pagamento (payment-type)', at.where, line, warnings, 'não informada');
  const origin = text(r, 'origin-type', at);
  return [{
    ...base, kind: 'sale', batchId: text(r, 'id', at) ?? '', nsu, authorization: text(r, 'authorization-code', at), tid: text(r, 'tid', at), saleDate, saleTime: hour,
    gross, fee: gross - net, net, installments: Math.max(1, countOf(r['installments-number'], 'installments-number', line, 1)), brand, product,
    capture: { code: origin ?? '', name: origin }, card, terminal: text(r, 'terminal-id', at), status: { code: '+', name: 'Venda' }, accepted: true, creditDate: null,
  }];
}

const PAYGO: JsonStatementLayout = { operator: 'paygo', layout: 'PAYGO_JSON', arrayKeys: ['sales', 'settlements', 'data'], map: mapPayGoRecord };

/** A file's items one by one (LayoutDef.parse). */
export function parsePayGoSales(source: AsyncIterable<Uint8Array>) {
  return parseJsonStatement(source, PAYGO);
}

/** The same items in arrays, one per chunk of the file (LayoutDef.parseBatches); the same reader as `parsePayGoSales`. */
export function payGoSalesBatches(source: AsyncIterable<Uint8Array>) {
  return jsonStatementBatches(source, PAYGO);
}
