/**
 * Customer files come from Windows spreadsheets (Windows-1252) as often as from web systems (UTF-8), seldom
 * saying which. The rule, documented for merchants in docs/customer-file-layout.md:
 * - a UTF-8 BOM at the start makes the whole file UTF-8, and a record that is not valid UTF-8 is an error;
 * - without a BOM each record is read as UTF-8 when its bytes are valid UTF-8, else as Windows-1252 (latin-1
 *   plus € and the curly quotes of 0x80–0x9F). Latin-1 text with accents is practically never valid UTF-8, so
 *   both kinds of file read right, and a file mixing both (lines pasted from two systems) too.
 * The reader works on latin-1 text (one character per byte, see read/lines.ts): ASCII separators and quotes
 * are found on it before decoding, since no byte of a UTF-8 multi-byte sequence is below 0x80.
 */

// type only (erased): the engine also runs where there is no Node Buffer (see read/lines.ts)
import type { Buffer } from 'node:buffer';

export const UTF8_BOM_LATIN1 = '\xef\xbb\xbf';

const utf8Lenient = new TextDecoder('utf-8');
/**
 * Windows-1252's 0x80–0x9F (the rest is latin-1), by hand: Node's TextDecoder('windows-1252') has decoded
 * them as latin-1 control characters in some builds. Undefined positions keep their latin-1 character.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const windows1252 = (latin1: string) => latin1.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);

/** Node's Buffer when there is one. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

export type DecodeResult = { text: string; invalidUtf8: boolean };

/**
 * Whether latin-1 text (one character per byte) holds valid UTF-8 (RFC 3629: no overlongs, no surrogates,
 * nothing above U+10FFFF). Checked by hand: a Windows-1252 file fails on every accented line, and a throwing
 * decoder made that cost about 100 µs a line.
 */
export function isUtf8Latin1(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i);
    if (b < 0x80) continue;
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return false;
    for (let k = 1; k <= need; k++) {
      const c = s.charCodeAt(i + k);
      if (!(c >= (k === 1 ? lo : 0x80) && c <= (k === 1 ? hi : 0xbf))) return false;
    }
    i += need;
  }
  return true;
}

/** Decodes one record's latin-1 text. `utf8Only`: the file has a BOM. */
export function decodeRecord(latin1: string, utf8Only: boolean): DecodeResult {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(latin1)) return { text: latin1, invalidUtf8: false };
  // almost every line of a Brazilian file has an accent ('Crédito'): no decoder runs for a Windows-1252 line,
  // and the copy to bytes of a UTF-8 line is native where it can be
  const valid = isUtf8Latin1(latin1);
  if (!valid && !utf8Only) return { text: windows1252(latin1), invalidUtf8: false };
  const bytes = NodeBuffer ? NodeBuffer.from(latin1, 'latin1') : Uint8Array.from(latin1, (c) => c.charCodeAt(0));
  return { text: NodeBuffer ? (bytes as Buffer).toString('utf8') : utf8Lenient.decode(bytes), invalidUtf8: !valid };
}
