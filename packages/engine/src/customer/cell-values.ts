import type { BusinessDate, Centavos } from '@concilia/domain';
import { isBusinessDate } from '@concilia/domain';
import type { ColumnMapping } from '../layout';
import { LineError, date as fixedDate, digitsValue } from '../read/fields';
import { excelNumberCentavos, excelNumberText, excelSerialDateTime } from './excel-values';
import { type Cell, isNumberCell } from './sheet-row';

/**
 * Cell → value decoders shared by the customer CSV and the column-mapping importer. Text cells follow the
 * mapping's date format and decimal mark; XLSX numeric cells are dates as Excel serials and money as the
 * number Excel stores (excel-values.ts). Errors are LineErrors: `Linha 7: valor bruto não é um valor ("12A4")`.
 */

const shown = (raw: string) => `("${raw}")`;

export interface CellContext {
  line: number;
  /** XLSX workbooks saved with the 1904 date system (old Mac Excel) */
  date1904: boolean;
}

/** Text of a cell: trimmed; a numeric cell as plain digits (an NSU typed as a number, never '1.2E+15'). */
export function cellText(cell: Cell | undefined): string {
  if (cell === undefined) return '';
  return isNumberCell(cell) ? excelNumberText(cell.number) : cell.trim();
}

export const cellTextOrNull = (cell: Cell | undefined): string | null => {
  const t = cellText(cell);
  return t === '' ? null : t;
};

const DATE_TIME_TAIL = /(?:[ T]+(\d{1,2}:\d{2}(?::\d{2})?))?$/;

/** A date (with an optional time after it) in the mapping's format, or an Excel serial. Blank gives null. */
export function cellDateTime(cell: Cell | undefined, format: ColumnMapping['dateFormat'], ctx: CellContext, field: string): { date: BusinessDate; time: string | null } | null {
  if (isNumberCell(cell)) {
    const digits = cell.number.trim();
    // a date typed as the number 20240301 or 1032024 in a sheet whose format says it has no separators
    if ((format === 'AAAAMMDD' || format === 'DDMMAAAA') && /^\d{7,8}$/.test(digits)) {
      return { date: fixedDate(digits.padStart(8, '0'), ctx.line, field, format), time: null };
    }
    const dt = excelSerialDateTime(digits, ctx.date1904);
    if (!dt) throw new LineError(ctx.line, field, `não é uma data ${shown(digits)}`);
    return dt;
  }
  const raw = cellText(cell);
  if (raw === '') return null;
  // a date alone (no ':', so no time after it): the usual column, read without the tail's search
  if (raw.indexOf(':') === -1) return { date: textDate(raw, raw, format, ctx.line, field), time: null };
  const tail = DATE_TIME_TAIL.exec(raw);
  const time = tail?.[1] ? textTime(tail[1], ctx.line, field) : null;
  const text = tail ? raw.slice(0, tail.index).trim() : raw;
  return { date: textDate(text, raw, format, ctx.line, field), time };
}

const DATE_CACHE_LIMIT = 4096;
/** Dates read, per format: a sales file repeats a few dozen dates over every row. Only valid dates are kept. */
const dateCaches = new Map<ColumnMapping['dateFormat'], Map<string, BusinessDate>>();

function textDate(text: string, raw: string, format: ColumnMapping['dateFormat'], line: number, field: string): BusinessDate {
  let cache = dateCaches.get(format);
  if (cache === undefined) dateCaches.set(format, (cache = new Map()));
  let value = cache.get(text);
  if (value === undefined) {
    value = readTextDate(text, raw, format, line, field);
    if (cache.size >= DATE_CACHE_LIMIT) cache.clear();
    cache.set(text, value);
  }
  return value;
}

function readTextDate(text: string, raw: string, format: ColumnMapping['dateFormat'], line: number, field: string): BusinessDate {
  let y: string;
  let m: string;
  let d: string;
  let match: RegExpExecArray | null;
  switch (format) {
    case 'DD/MM/AAAA':
      match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
      [d, m, y] = [match?.[1] ?? '', match?.[2] ?? '', match?.[3] ?? ''];
      break;
    case 'DD/MM/AA':
      match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2})$/.exec(text);
      // two-digit years of sales files are all 20xx
      [d, m, y] = [match?.[1] ?? '', match?.[2] ?? '', match ? `20${match[3]}` : ''];
      break;
    case 'AAAA-MM-DD':
      match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
      [y, m, d] = [match?.[1] ?? '', match?.[2] ?? '', match?.[3] ?? ''];
      break;
    default:
      if (!/^\d{8}$/.test(text)) throw new LineError(line, field, `não é uma data ${format} ${shown(raw)}`);
      return fixedDate(text, line, field, format);
  }
  if (!match) throw new LineError(line, field, `não é uma data ${format} ${shown(raw)}`);
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  if (!isBusinessDate(iso)) throw new LineError(line, field, `inválida ${shown(raw)}`);
  return iso;
}

/** 'HH:MM:SS', 'HH:MM', 'HHMMSS' → 'HH:MM:SS'. */
export function textTime(raw: string, line: number, field: string): string {
  if (isPlainTime(raw)) return raw;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(raw) ?? /^(\d{2})(\d{2})(\d{2})$/.exec(raw);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) {
    throw new LineError(line, field, `não é uma hora HH:MM:SS ${shown(raw)}`);
  }
  return `${m[1]!.padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

/** Already 'HH:MM:SS' and a valid time: what `textTime` would return, found without a regex or a new string. */
function isPlainTime(raw: string): boolean {
  if (raw.length !== 8 || raw.charCodeAt(2) !== 58 || raw.charCodeAt(5) !== 58) return false;
  const h = digitsValue(raw, 0, 2);
  const m = digitsValue(raw, 3, 5);
  const s = digitsValue(raw, 6, 8);
  return h >= 0 && h <= 23 && m >= 0 && m <= 59 && s >= 0 && s <= 59;
}

/** A time cell: text, or the fraction of a day Excel stores (alone or as part of a date-time). Blank gives null. */
export function cellTime(cell: Cell | undefined, ctx: CellContext, field: string): string | null {
  if (isNumberCell(cell)) {
    const dt = excelSerialDateTime(cell.number.trim(), ctx.date1904, true);
    if (!dt) throw new LineError(ctx.line, field, `não é uma hora ${shown(cell.number)}`);
    return dt.time;
  }
  const raw = cellText(cell);
  if (raw === '') return null;
  if (isPlainTime(raw)) return raw;
  // a date-time in the time column: its time part
  const tail = /(\d{1,2}:\d{2}(?::\d{2})?)$/.exec(raw);
  return textTime(tail && tail.index > 0 ? tail[1]! : raw, ctx.line, field);
}

/** Money text by decimal mark: digits grouped in thousands by the other mark, or not grouped at all. */
const MONEY = {
  ',': /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d*))?$/,
  '.': /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/,
} as const;

/**
 * Money text → centavos, from the digits (never parseFloat). `mark` is the decimal mark; the other of '.'
 * and ',' may group thousands (in groups of 3). Accepts 'R$', spaces, a leading or trailing '-' and
 * accounting parentheses '(1.234,56)' for negatives. More than 2 decimals only when the extra digits are zeros.
 */
export function moneyText(raw: string, mark: ',' | '.', line: number, field: string): Centavos {
  const plain = plainMoney(raw, mark);
  if (plain >= 0) return plain;
  let t = raw.replace(/R\$|\s|\u00a0/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1);
  }
  if (t.startsWith('-')) {
    negative = !negative;
    t = t.slice(1);
  } else if (t.endsWith('-')) {
    negative = !negative;
    t = t.slice(0, -1);
  } else if (t.startsWith('+')) {
    t = t.slice(1);
  }
  const m = MONEY[mark].exec(t);
  if (!m || (m[1] === undefined && !m[2])) throw new LineError(line, field, `não é um valor ${shown(raw)}`);
  const int = m[1]!.replace(/[.,]/g, '');
  const frac = m[2] ?? '';
  if (/[1-9]/.test(frac.slice(2))) throw new LineError(line, field, `com fração de centavo ${shown(raw)}`);
  const cents = Number(int) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
  if (!Number.isSafeInteger(cents)) throw new LineError(line, field, `fora do intervalo ${shown(raw)}`);
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * Digits, then the decimal mark and one or two digits (or no mark at all): what sales files write nearly always,
 * read to centavos without a regex. −1 for anything else (signs, groups, symbols, spaces, more decimals), which
 * `moneyText` reads the long way.
 */
function plainMoney(raw: string, mark: ',' | '.'): Centavos {
  const n = raw.length;
  const markAt = raw.lastIndexOf(mark);
  const intEnd = markAt === -1 ? n : markAt;
  const decimals = n - intEnd - 1;
  // up to 13 integer digits: far below 2^53 centavos
  if (intEnd === 0 || intEnd > 13 || (markAt !== -1 && (decimals < 1 || decimals > 2))) return -1;
  const units = digitsValue(raw, 0, intEnd);
  const cents = decimals >= 1 ? digitsValue(raw, intEnd + 1, n) : 0;
  if (units < 0 || cents < 0) return -1;
  return units * 100 + (decimals === 1 ? cents * 10 : cents);
}

/** A money cell; blank gives null. */
export function cellMoney(cell: Cell | undefined, mark: ',' | '.', ctx: CellContext, field: string): Centavos | null {
  if (isNumberCell(cell)) {
    const c = excelNumberCentavos(cell.number);
    if (c === null) throw new LineError(ctx.line, field, `não é um valor ${shown(cell.number)}`);
    return c;
  }
  const raw = cellText(cell);
  return raw === '' ? null : moneyText(raw, mark, ctx.line, field);
}

/** Installments: blank, 0 or 1 is a single payment; '3', '03', '3x' are three. */
export function cellInstallments(cell: Cell | undefined, ctx: CellContext, field: string): number {
  const raw = cellText(cell);
  if (raw === '') return 1;
  const m = /^(\d{1,3})\s*x?$/i.exec(raw);
  if (!m) throw new LineError(ctx.line, field, `não é um número de parcelas ${shown(raw)}`);
  return Math.max(1, Number(m[1]));
}
