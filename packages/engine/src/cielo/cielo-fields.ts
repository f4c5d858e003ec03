import type { BusinessDate, Centavos } from '@concilia/domain';
import type { BankAccount, CardRef } from '../model';
import { LineError, type DateLayout, allZeros, amount, cardOfParts, date, dateOrNull, digitsIn, digitsValue, num, slice } from '../read/fields';

/**
 * Fast paths of the read/fields decoders for the Cielo hot path (a million E lines): digits are read with
 * charCodeAt straight from the line, without slicing or regexes. Anything the fast path does not accept goes
 * to the shared decoder on the same text, so values and pt-BR error messages are exactly those of read/fields.
 */

/** The digits at 1-based positions start..end as a number, or -1 when any is not a digit (or the line is short). */
const digitsAt = (text: string, start: number, end: number): number => digitsValue(text, start - 1, end);

/** S + V(n,2): the sign at `signPos`, the digits at start..end → signed centavos. */
export function signed(text: string, signPos: number, start: number, end: number, line: number, field: string): Centavos {
  const s = text.charCodeAt(signPos - 1);
  // 15 digits stay below 2^53; longer fields (V(15,2) of the trailer) take the exact path
  const n = end - start < 15 ? digitsAt(text, start, end) : -1;
  if (n >= 0) {
    if (s === 43 /* + */ || s === 32 /* space */) return n;
    if (s === 45 /* - */) return n === 0 ? 0 : -n;
  }
  return amount(slice(text, start, end), line, field, { sign: slice(text, signPos, signPos) });
}

/** V(n,2) without a sign field → centavos. */
export function unsigned(text: string, start: number, end: number, line: number, field: string): Centavos {
  const n = end - start < 15 ? digitsAt(text, start, end) : -1;
  return n >= 0 ? n : amount(slice(text, start, end), line, field);
}

/** A fee written with its own sign (`-` when the operator keeps it) → the model's fee, positive when kept. */
export function fee(text: string, signPos: number, start: number, end: number, line: number, field: string): Centavos {
  const v = signed(text, signPos, start, end, line, field);
  return v === 0 ? 0 : -v;
}

/** N → number (2–6 digits: installments, counts). */
export function count(text: string, start: number, end: number, line: number, field: string): number {
  const n = digitsAt(text, start, end);
  return n >= 0 ? n : num(slice(text, start, end), line, field);
}

/** An installment number or total: `00` and blank mean a single payment. */
export function installmentNumber(text: string, start: number, end: number, line: number, field: string): number {
  const n = digitsAt(text, start, end);
  if (n >= 0) return n === 0 ? 1 : n;
  const raw = slice(text, start, end);
  return raw.trim() === '' ? 1 : Math.max(1, num(raw, line, field));
}

const DATE_CACHE_LIMIT = 4096;
const dateCaches: Record<DateLayout, Map<string, BusinessDate | null>> = { DDMMAAAA: new Map(), AAAAMMDD: new Map(), AAMMDD: new Map() };
/** The same caches keyed by the value of an all-digit date of the layout's width (at most 8 digits: a small integer). */
const digitDateCaches: Record<DateLayout, Map<number, BusinessDate | null>> = { DDMMAAAA: new Map(), AAAAMMDD: new Map(), AAMMDD: new Map() };
const DATE_WIDTH: Record<DateLayout, number> = { DDMMAAAA: 8, AAAAMMDD: 8, AAMMDD: 6 };

/** Cielo also writes 01/01/1001 for "no date" (formats/layouts.md §8.3). */
const NO_DATE: Record<DateLayout, string> = { DDMMAAAA: '01011001', AAAAMMDD: '10010101', AAMMDD: '' };

function cached<K>(cache: Map<K, BusinessDate | null>, key: K, value: BusinessDate | null): BusinessDate | null {
  if (cache.size >= DATE_CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The date text as written → business date or null (zeros, blanks, 01/01/1001); throws a LineError when invalid. */
function decodeDate(raw: string, line: number, field: string, layout: DateLayout): BusinessDate | null {
  return raw === NO_DATE[layout] ? null : dateOrNull(raw, line, field, layout);
}

/**
 * A date at start..end in `layout` → business date, null for zeros, blanks and Cielo's 01/01/1001. Dates repeat
 * on every line of a file, so each distinct text is validated once; a date of digits (nearly all of them) is
 * found by its value, without cutting a string from the line.
 */
export function dateAt(text: string, start: number, end: number, line: number, field: string, layout: DateLayout): BusinessDate | null {
  if (end - start + 1 === DATE_WIDTH[layout]) {
    const n = digitsAt(text, start, end);
    if (n >= 0) {
      const byValue = digitDateCaches[layout];
      const hit = byValue.get(n);
      if (hit !== undefined) return hit;
      return cached(byValue, n, decodeDate(text.slice(start - 1, end), line, field, layout));
    }
  }
  const raw = text.slice(start - 1, end);
  const dateCache = dateCaches[layout];
  const hit = dateCache.get(raw);
  if (hit !== undefined) return hit;
  const value = decodeDate(raw, line, field, layout);
  // a short line gives a short text: not cached, so its error is raised on every line that has it
  return raw.length === end - start + 1 ? cached(dateCache, raw, value) : value;
}

/** Like `dateAt`, but a missing date is an error. */
export function requiredDateAt(text: string, start: number, end: number, line: number, field: string, layout: DateLayout): BusinessDate {
  const d = dateAt(text, start, end, line, field, layout);
  return d ?? date(slice(text, start, end), line, field, layout);
}

/**
 * 'HH:MM:SS' by second of the day: a file repeats its times, and each was three slices and a template per line.
 * Filled up front so the array stays dense (written sparsely, V8 turns it into a dictionary).
 */
const TIMES: (string | null)[] = new Array<string | null>(86_400).fill(null);

/** HHMMSS → 'HH:MM:SS'; blank (and the all-zero time Cielo writes on derived lines) is null. */
export function timeAt(text: string, start: number, end: number, line: number, field: string): string | null {
  const h = digitsAt(text, start, start + 1);
  const m = digitsAt(text, start + 2, start + 3);
  const s = digitsAt(text, start + 4, end);
  if (h >= 0 && m >= 0 && s >= 0 && h <= 23 && m <= 59 && s <= 59) {
    if (h === 0 && m === 0 && s === 0) return null;
    const key = h * 3600 + m * 60 + s;
    const known = TIMES[key]!;
    if (known !== null) return known;
    return (TIMES[key] = `${text.slice(start - 1, start + 1)}:${text.slice(start + 1, start + 3)}:${text.slice(start + 3, end)}`);
  }
  const raw = slice(text, start, end);
  if (raw.trim() === '') return null;
  throw new LineError(line, field, `não é uma hora HHMMSS ("${raw}")`);
}


/** A character `String#trim` never removes (whitespace in latin-1 is at most the space, and U+00A0). */
function solid(c: number): boolean {
  return c > 32 && c !== 0xa0 && c <= 0xff;
}

/**
 * An alphanumeric field at 1-based start..end: the same text as `alpha(slice(text, start, end))`. A field that
 * fills its width (no padding at either edge, the usual case for keys) is cut once and not trimmed; a padded
 * one goes to the native `trim`.
 */
export function textAt(text: string, start: number, end: number): string {
  const raw = text.slice(start - 1, end);
  const n = raw.length;
  return n > 0 && solid(raw.charCodeAt(0)) && solid(raw.charCodeAt(n - 1)) ? raw : raw.trim();
}

/** An alphanumeric field: trimmed text, null when blank or all zeros (Cielo zero-fills absent keys). */
export function keyOrNull(text: string, start: number, end: number): string | null {
  const t = textAt(text, start, end);
  return allZeros(t) ? null : t;
}

/** A required numeric key (EC): digits kept as text. */
export function numericKeyAt(text: string, start: number, end: number, line: number, field: string): string {
  const t = textAt(text, start, end);
  if (t === '') throw new LineError(line, field, 'ausente');
  if (!digitsIn(t, 0, t.length)) throw new LineError(line, field, `não numérico ("${text.slice(start - 1, end)}")`);
  return t;
}

/** A bank account, or null when the bank is blank or zeros. */
export function accountAt(text: string, bank: [number, number], branch: [number, number], account: [number, number]): BankAccount | null {
  const b = textAt(text, bank[0], bank[1]);
  if (allZeros(b)) return null;
  return { bank: b, branch: textAt(text, branch[0], branch[1]), account: textAt(text, account[0], account[1]) };
}

/** v15 writes the BIN and the last four digits apart; the masked card is rebuilt the usual way. */
export function cardFromParts(bin: string, last4: string): CardRef | null {
  const b = bin.trim();
  const l = last4.trim();
  return cardOfParts(allZeros(b) ? null : b, allZeros(l) ? null : l);
}

/** A card's last four digits by their value (10,000 at most), filled up front so the array stays dense. */
const LAST_FOUR: (string | null)[] = new Array<string | null>(10_000).fill(null);

/**
 * `cardFromParts` of the BIN at binStart (6 positions) and the last four digits at lastStart (4), read in place:
 * digits (every card Cielo writes) are checked without cutting the two fields, and the last four digits are
 * shared by value, so a sale costs one new string for its BIN and one for the masked card.
 */
export function cardAt(text: string, binStart: number, lastStart: number): CardRef | null {
  const binValue = digitsAt(text, binStart, binStart + 5);
  const lastValue = digitsAt(text, lastStart, lastStart + 3);
  if (binValue < 0 || lastValue < 0) {
    return cardFromParts(text.slice(binStart - 1, binStart + 5), text.slice(lastStart - 1, lastStart + 3));
  }
  const bin = binValue === 0 ? null : text.slice(binStart - 1, binStart + 5);
  let last4: string | null = null;
  if (lastValue !== 0) {
    last4 = LAST_FOUR[lastValue]!;
    if (last4 === null) last4 = LAST_FOUR[lastValue] = text.slice(lastStart - 1, lastStart + 3);
  }
  return cardOfParts(bin, last4);
}
