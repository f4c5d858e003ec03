import { BUSINESS_TZ, type BusinessDate, type Centavos, isBusinessDate } from '@concilia/domain';
import type { Coded, ParseWarningItem } from '../model';
import { LineError } from './fields';
import { unknownCodeMessage, unknownName } from './unknown-codes';

/**
 * Value decoders of the record-oriented statements (Mercado Pago CSV, PagBank / Pagar.me / PayGo JSON): dates
 * as ISO 8601 texts, amounts as decimal texts or JSON numbers. Each throws a LineError naming the field; the
 * parser adds where the record is. Money is converted from the digits, never through a float sum.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * A decimal amount ('148.00', '-10.36', 5.2 as a JSON number, '1234,56' with a comma when `comma`) → centavos.
 * A third decimal onwards is rounded half away from zero (PayGo writes 6 decimals, PagBank floats).
 */
export function decimalCentavos(value: unknown, field: string, line: number, comma = false): Centavos {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new LineError(line, field, `não é um valor ("${String(value)}")`);
    text = /e/i.test(String(value)) ? value.toFixed(6) : String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (comma) text = text.replace(/\./g, '').replace(',', '.');
  } else throw new LineError(line, field, value === null || value === undefined ? 'ausente' : `não é um valor (${JSON.stringify(value)})`);
  const shown = (typeof value === 'string' ? value.trim() : text).slice(0, 40);
  const m = DECIMAL.exec(text);
  if (!m) throw new LineError(line, field, `não é um valor ("${shown}")`);
  const [, sign, int = '0', frac = ''] = m;
  const cents = Number(int) * 100 + Number((frac + '00').slice(0, 2)) + ((frac[2] ?? '0') >= '5' ? 1 : 0);
  if (!Number.isSafeInteger(cents)) throw new LineError(line, field, `fora do intervalo ("${shown}")`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** A decimal amount that may be absent (null, '' or missing) → null. */
export function decimalOrNull(value: unknown, field: string, line: number, comma = false): Centavos | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  return decimalCentavos(value, field, line, comma);
}

/** An amount already in integer centavos (Pagar.me): a JSON integer or an integer text. */
export function integerCentavos(value: unknown, field: string, line: number): Centavos {
  const n = typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
    throw new LineError(line, field, value === null || value === undefined ? 'ausente' : `não é um valor em centavos (${JSON.stringify(value)})`);
  }
  return n;
}

/** A whole count (installments): integer text or JSON integer; absent → `fallback`. */
export function countOf(value: unknown, field: string, line: number, fallback: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new LineError(line, field, `não é um número inteiro (${JSON.stringify(value)})`);
  return n;
}

const SP_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});
const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 date or date-time → the São Paulo business date and time. A date-time with an offset ('…-03:00',
 * '…Z') is an instant, converted to São Paulo; one without an offset is taken as São Paulo local time.
 */
export function isoDateTime(value: unknown, field: string, line: number): { date: BusinessDate; time: string | null } {
  const text = typeof value === 'string' ? value.trim() : '';
  const m = ISO.exec(text);
  if (!m || !isBusinessDate(m[1]!)) {
    throw new LineError(line, field, value === null || value === undefined || text === '' ? 'ausente' : `não é uma data ("${text.slice(0, 40)}")`);
  }
  const [, day, hh, mm, ss = '00', zone] = m;
  if (hh === undefined) return { date: day!, time: null };
  // no offset, or São Paulo's own since its last summer time (Feb 2019): as written, no conversion (the common case)
  if (!zone || ((zone === '-03:00' || zone === '-0300') && day! >= '2019-03-01')) return { date: day!, time: `${hh}:${mm}:${ss}` };
  const instant = Date.parse(`${day}T${hh}:${mm}:${ss}${zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`);
  if (Number.isNaN(instant)) throw new LineError(line, field, `não é uma data ("${text.slice(0, 40)}")`);
  return inSaoPaulo(instant);
}

/**
 * An instant → São Paulo date and time. São Paulo's offset is a whole number of hours (−3, −2 in the summer time
 * it kept until 2019), so the date and hour are looked up once per UTC hour and the minutes and seconds are the
 * instant's own: Intl's time-zone conversion costs tens of microseconds, once per hour of a file instead of per line.
 */
const HOUR = 3_600_000;
const spHours = new Map<number, { date: BusinessDate; hour: string }>();
function inSaoPaulo(instant: number): { date: BusinessDate; time: string } {
  const bucket = Math.floor(instant / HOUR);
  let at = spHours.get(bucket);
  if (!at) {
    const p = Object.fromEntries(SP_PARTS.formatToParts(new Date(bucket * HOUR)).map((x) => [x.type, x.value]));
    at = { date: `${p.year}-${p.month}-${p.day}`, hour: p.hour! };
    if (spHours.size > 100_000) spHours.clear();
    spHours.set(bucket, at);
  }
  const rest = instant - bucket * HOUR;
  const mm = String(Math.floor(rest / 60_000)).padStart(2, '0');
  const ss = String(Math.floor((rest % 60_000) / 1000)).padStart(2, '0');
  return { date: at.date, time: `${at.hour}:${mm}:${ss}` };
}

export function isoDate(value: unknown, field: string, line: number): BusinessDate {
  return isoDateTime(value, field, line).date;
}

export function isoDateOrNull(value: unknown, field: string, line: number): BusinessDate | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  return isoDate(value, field, line);
}

/** Text of a value as the file writes it, trimmed; null when absent or blank. Numbers keep their digits. */
export function textOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const t = (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '').trim();
  return t === '' ? null : t;
}

/**
 * A code decoded by `table`. An unknown code is kept raw as "desconhecido (XX)" and a warning is pushed, worded as
 * the other parsers word it (read/unknown-codes.ts): a descriptive code never refuses a file (issue 13). The
 * reading loop keeps one warning per field and code (`firstUnknowns`). A blank code decodes to `blank` when given.
 */
export function decodeCode(
  raw: string | null,
  table: Readonly<Record<string, string>>,
  what: string,
  where: string,
  line: number,
  warnings: ParseWarningItem[],
  blank: string | null = null,
): Coded {
  const code = raw ?? '';
  const name = table[code] ?? table[code.toLowerCase()];
  if (name !== undefined) return { code, name };
  if (code === '') return { code, name: blank };
  warnings.push({ kind: 'warning', line, message: `${where}: ${unknownCodeMessage(what, code)}` });
  return { code, name: unknownName(code) };
}

/**
 * The warnings of one record, less the unknown-code warnings of a field and code already reported in the file
 * (`seen` lives as long as the file's reading): a statement full of a new code gets one warning, on its first line.
 */
export function firstUnknowns(warnings: readonly ParseWarningItem[], seen: Set<string>): ParseWarningItem[] {
  return warnings.filter((w) => {
    const text = w.message.slice(w.message.indexOf(': ') + 2);
    if (!text.startsWith('código de ')) return true;
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}
