import { type BusinessDate, type Centavos, isBusinessDate } from '@concilia/domain';
import type { CardRef } from '../model';

/**
 * Field decoders for the layouts' types (formats/layouts.md §0). Each one reads text the parser has cut from
 * a line and either returns the value or throws a LineError naming the line, the field and the reason in
 * pt-BR: `Linha 12: valor bruto não numérico ("12A4")`.
 */
export class LineError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    readonly reason: string,
  ) {
    super(`Linha ${line}: ${field} ${reason}`);
    this.name = 'LineError';
  }
}

/** Positions as the manuals number them: 1-based, inclusive. A short line gives a short or empty string. */
export function slice(text: string, start: number, end: number): string {
  return text.slice(start - 1, end);
}

/** An alphanumeric field: trimmed text, '' when blank. */
export function alpha(raw: string): string {
  return raw.trim();
}

/** An alphanumeric field that is null when blank. */
export function alphaOrNull(raw: string): string | null {
  const t = raw.trim();
  return t === '' ? null : t;
}

const DIGITS = /^\d+$/;

/**
 * The fixed-width fields of a million-line file are nearly all bare digits: these read them by char code, without
 * trimming, a regex or a new string, and anything else (padding, signs, letters, errors) takes the decoders' full
 * path, so values and messages stay the same. Positions are 0-based, `to` exclusive; the parsers' own fast decoders
 * (cielo-fields.ts, customer/cell-values.ts) use them too.
 */

/** The digits of text[from, to) as a number (at most 15 of them stay exact), or −1 when one is not a digit or the text is short. */
export function digitsValue(text: string, from: number, to: number): number {
  if (to > text.length) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Whether text[from, to) is all digits (any length). */
export function digitsIn(text: string, from: number, to: number): boolean {
  if (to > text.length) return false;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
  }
  return true;
}

/** Whether every character is '0' (true for ''): how the files write an absent key or card. */
export function allZeros(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== 48) return false;
  return true;
}

/** Bare digits, at most 15 (below 2^53), as a number; −1 for anything else. */
function plainNumber(raw: string): number {
  return raw.length === 0 || raw.length > 15 ? -1 : digitsValue(raw, 0, raw.length);
}

function shown(raw: string): string {
  return `("${raw}")`;
}

/** N: zero-filled digits → number. Blank is an error (the field is required). */
export function num(raw: string, line: number, field: string): number {
  const plain = plainNumber(raw);
  if (plain >= 0) return plain;
  const t = raw.trim();
  if (t === '') throw new LineError(line, field, 'ausente');
  if (!DIGITS.test(t)) throw new LineError(line, field, `não numérico ${shown(raw)}`);
  const n = Number(t);
  if (!Number.isSafeInteger(n)) throw new LineError(line, field, `fora do intervalo ${shown(raw)}`);
  return n;
}

/** N used as a key (PV, RV, NSU): digits kept as text with their leading zeros. */
export function numericKey(raw: string, line: number, field: string): string {
  if (raw.length > 0 && digitsIn(raw, 0, raw.length)) return raw;
  const t = raw.trim();
  if (t === '') throw new LineError(line, field, 'ausente');
  if (!DIGITS.test(t)) throw new LineError(line, field, `não numérico ${shown(raw)}`);
  return t;
}

export interface AmountOptions {
  /** implied decimal digits of the V(n,d) field; 2 unless told */
  decimals?: number;
  /** the S field that belongs to the amount: '+', '-' (a blank sign reads as '+') */
  sign?: string;
}

/**
 * V(n,d) → centavos, from the digits as text (never parseFloat). With more than 2 decimals the extra
 * digits must be zero, since centavos cannot hold them.
 */
export function amount(raw: string, line: number, field: string, options: AmountOptions = {}): Centavos {
  const decimals = options.decimals ?? 2;
  if (decimals === 2) {
    const plain = plainNumber(raw);
    const sign = options.sign;
    if (plain >= 0) {
      if (sign === undefined || sign === '+' || sign === ' ' || sign === '') return plain;
      if (sign === '-') return plain === 0 ? 0 : -plain;
    }
  }
  const t = raw.trim();
  if (t === '') throw new LineError(line, field, 'ausente');
  if (!DIGITS.test(t)) throw new LineError(line, field, `não numérico ${shown(raw)}`);
  let digits = t;
  if (decimals > 2) {
    const extra = digits.slice(-(decimals - 2)).padStart(decimals - 2, '0');
    if (/[1-9]/.test(extra)) throw new LineError(line, field, `com fração de centavo ${shown(raw)}`);
    digits = digits.slice(0, -(decimals - 2)) || '0';
  } else if (decimals < 2) {
    digits = digits + '0'.repeat(2 - decimals);
  }
  const c = Number(digits);
  if (!Number.isSafeInteger(c)) throw new LineError(line, field, `fora do intervalo ${shown(raw)}`);
  let negative = false;
  if (options.sign !== undefined) {
    const s = options.sign.trim();
    if (s === '-') negative = true;
    else if (s !== '+' && s !== '') throw new LineError(line, field, `com sinal inválido ${shown(options.sign)}`);
  }
  return negative && c !== 0 ? -c : c;
}

export type DateLayout = 'DDMMAAAA' | 'AAAAMMDD' | 'AAMMDD';

const DATE_LENGTH: Record<DateLayout, number> = { DDMMAAAA: 8, AAAAMMDD: 8, AAMMDD: 6 };

function toYmd(t: string, layout: DateLayout): [string, string, string] {
  switch (layout) {
    case 'DDMMAAAA':
      return [t.slice(4, 8), t.slice(2, 4), t.slice(0, 2)];
    case 'AAAAMMDD':
      return [t.slice(0, 4), t.slice(4, 6), t.slice(6, 8)];
    case 'AAMMDD':
      // two-digit years of these files are all 20xx
      return [`20${t.slice(0, 2)}`, t.slice(2, 4), t.slice(4, 6)];
  }
}

/** A date in one of the layouts' formats → 'YYYY-MM-DD'. Blank or all zeros is an error. */
export function date(raw: string, line: number, field: string, layout: DateLayout): BusinessDate {
  const d = dateOrNull(raw, line, field, layout);
  if (d === null) throw new LineError(line, field, `ausente ${shown(raw)}`);
  return d;
}

const DATE_CACHE_LIMIT = 4096;
/** Dates read, per layout: a file repeats a few hundred dates over a million lines. Only what reads without error is kept. */
const dateCaches: Record<DateLayout, Map<string, BusinessDate | null>> = { DDMMAAAA: new Map(), AAAAMMDD: new Map(), AAMMDD: new Map() };

/** Like `date`, but blank or all zeros (the files' "no date") gives null. */

export function dateOrNull(raw: string, line: number, field: string, layout: DateLayout): BusinessDate | null {
  const cache = dateCaches[layout];
  let value = cache.get(raw);
  if (value === undefined) {
    value = readDate(raw, line, field, layout);
    if (cache.size >= DATE_CACHE_LIMIT) cache.clear();
    cache.set(raw, value);
  }
  return value;
}

function readDate(raw: string, line: number, field: string, layout: DateLayout): BusinessDate | null {
  const t = raw.trim();
  if (t === '' || /^0+$/.test(t)) return null;
  if (t.length !== DATE_LENGTH[layout] || !DIGITS.test(t)) {
    throw new LineError(line, field, `não é uma data ${layout} ${shown(raw)}`);
  }
  const [y, m, d] = toYmd(t, layout);
  const iso = `${y}-${m}-${d}`;
  if (!isBusinessDate(iso)) throw new LineError(line, field, `inválida ${shown(raw)}`);
  return iso;
}

/** HHMMSS → 'HH:MM:SS'; blank gives null. */
export function timeOrNull(raw: string, line: number, field: string): string | null {
  if (raw.length === 6) {
    const h = digitsValue(raw, 0, 2);
    const m = digitsValue(raw, 2, 4);
    const s = digitsValue(raw, 4, 6);
    if (h >= 0 && h <= 23 && m >= 0 && m <= 59 && s >= 0 && s <= 59) return `${raw.slice(0, 2)}:${raw.slice(2, 4)}:${raw.slice(4, 6)}`;
  }
  const t = raw.trim();
  if (t === '') return null;
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(t);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3]) > 59) {
    throw new LineError(line, field, `não é uma hora HHMMSS ${shown(raw)}`);
  }
  return `${m[1]}:${m[2]}:${m[3]}`;
}

/** A masked card ('409600XXXXXX8666', '603689*********2099'): BIN = leading 6 digits, last 4 digits. */
export function card(raw: string): CardRef | null {
  const masked = raw.trim();
  const n = masked.length;
  if (n === 0 || allZeros(masked)) return null;
  const bin = n >= 6 && digitsIn(masked, 0, 6) ? masked.slice(0, 6) : null;
  const last4 = n >= 4 && digitsIn(masked, n - 4, n) ? masked.slice(n - 4) : null;
  return { masked, bin, last4 };
}

/** A card written as its BIN and its last four digits apart, masked the usual way; null when neither is there. */
export function cardOfParts(bin: string | null, last4: string | null): CardRef | null {
  if (!bin && !last4) return null;
  return { masked: `${bin ?? ''}******${last4 ?? ''}`, bin, last4 };
}

/** Throws when a fixed-width line is shorter than the last position the parser needs. */
export function requireLength(text: string, minLength: number, line: number, recordType: string): void {
  if (text.length < minLength) {
    throw new LineError(
      line,
      `registro ${recordType}`,
      `com ${text.length} posições, esperado ao menos ${minLength} (linha truncada?)`,
    );
  }
}

/** Throws when a delimited line has fewer columns than the record needs. */
export function requireColumns(columns: readonly string[], min: number, line: number, recordType: string): void {
  if (columns.length < min) {
    throw new LineError(
      line,
      `registro ${recordType}`,
      `com ${columns.length} colunas, esperado ao menos ${min} (linha truncada?)`,
    );
  }
}
