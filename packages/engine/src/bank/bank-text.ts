import type { Centavos } from '@concilia/domain';
import { LineError } from '../read/fields';

/**
 * What the two bank layouts share: turning bytes into text without guessing wrong on the encoding, and the
 * account and amount normalisations.
 */

export type TextEncoding = 'utf-8' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  /** the file has bytes above 0x7F: only then does the encoding matter */
  highBytes: boolean;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Windows-1252's 0x80–0x9F ('–', '“', '€' in bank histories). Written out instead of TextDecoder('windows-1252'),
 * whose availability depends on the ICU Node was built with; the five unassigned bytes stay U+0080-style controls,
 * so every byte is still one character (CNAB positions stay byte positions).
 */
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const block = bytes.subarray(i, i + 8192);
    const codes = Array.from(block, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

/**
 * Bytes → text, the encoding decided by the content and not by what the file declares: banks write
 * "CHARSET:1252" over UTF-8 text and "UTF-8" over latin-1 text. Text that is valid UTF-8 and has multi-byte
 * sequences is UTF-8 (latin-1 accents are single high bytes, never valid UTF-8 pairs in Portuguese text);
 * anything else is Windows-1252, the superset of latin-1 that Brazilian banks' Windows exports use.
 */
export function decodeBankText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', highBytes: true };
  }
  const highBytes = bytes.some((b) => b >= 0x80);
  if (highBytes) {
    try {
      return { text: UTF8.decode(bytes), encoding: 'utf-8', highBytes };
    } catch {
      // not UTF-8: Windows-1252 below
    }
  }
  return { text: decodeCp1252(bytes), encoding: 'windows-1252', highBytes };
}

/** Text → bytes in the encoding a writer declares; a character the encoding cannot hold is the caller's bug. */
export function encodeBankText(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const high = CP1252_HIGH.indexOf(text[i]!);
    if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) out[i] = c;
    else if (high >= 0) out[i] = 0x80 + high;
    else throw new RangeError(`caractere "${text[i]}" não existe em Windows-1252`);
  }
  return out;
}

/** Leading zeros off, '0' for an all-zero number. */
export function withoutLeadingZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

/**
 * Branch digits to the 4 digits agencies are known by: CNAB pads them to 5, some OFX exports drop the zeros
 * ('1' for Nubank's 0001). Longer branch codes keep their digits.
 */
export function normalAgencia(digits: string): string {
  return digits === '' ? '' : withoutLeadingZeros(digits).padStart(4, '0');
}

/** Compensation code to 3 digits: OFX BANKID is '0341', '341' or '1' depending on the bank. */
export function normalBanco(digits: string): string {
  if (digits === '') return '';
  const short = withoutLeadingZeros(digits);
  return short.length <= 3 ? short.padStart(3, '0') : short;
}

const DIGITS = /^\d+$/;

/**
 * A decimal amount as banks write it → signed centavos. '.' or ',' as the decimal mark ('-12.50', '-12,50');
 * when both appear the last one is the decimal mark and the other groups thousands ('1.234,56', '1,234.56').
 * More than two decimals are accepted only when the extra digits are zeros: a fraction of a centavo cannot be
 * a posting, and dropping it silently would hide a misread file.
 */
export function decimalAmount(raw: string, line: number, field: string): Centavos {
  const shown = `("${raw.trim().slice(0, 40)}")`;
  const t = raw.replace(/\s+/g, '');
  if (t === '') throw new LineError(line, field, 'ausente');
  const m = /^([+-]?)([\d.,]+)$/.exec(t);
  if (!m) throw new LineError(line, field, `não é um valor ${shown}`);
  const sign = m[1]!;
  const body = m[2]!;
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  const mark = lastDot > lastComma ? '.' : lastComma > lastDot ? ',' : null;
  let int = body;
  let frac = '';
  if (mark !== null) {
    const other = mark === '.' ? ',' : '.';
    const at = body.lastIndexOf(mark);
    if (body.indexOf(mark) !== at) throw new LineError(line, field, `não é um valor (separador decimal repetido) ${shown}`);
    int = body.slice(0, at).split(other).join('');
    frac = body.slice(at + 1);
    if (frac.includes(other)) throw new LineError(line, field, `não é um valor ${shown}`);
  }
  if (int === '') int = '0';
  if (!DIGITS.test(int) || (frac !== '' && !DIGITS.test(frac))) throw new LineError(line, field, `não é um valor ${shown}`);
  if (/[1-9]/.test(frac.slice(2))) throw new LineError(line, field, `com fração de centavo ${shown}`);
  const cents = Number(int) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new LineError(line, field, `fora do intervalo ${shown}`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Centavos → the decimal text OFX writes ('-12.50'). */
export function centavosText(c: Centavos): string {
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const CTRL_Z = 0x1a;
const NUL = 0x00;

/**
 * `text` without what DOS-era exporters leave after the last record: Ctrl-Z (end of file), NUL padding, and with
 * `blanks` also whitespace. A loop, not a regular expression of control characters.
 */
export function withoutEofJunk(text: string, blanks: boolean): string {
  let end = text.length;
  while (end > 0) {
    const c = text.charCodeAt(end - 1);
    if (c === CTRL_Z || c === NUL || (blanks && (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d))) end--;
    else break;
  }
  return end === text.length ? text : text.slice(0, end);
}
