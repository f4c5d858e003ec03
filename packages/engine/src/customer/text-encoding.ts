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

export const UTF8_BOM_LATIN1 = '\xef\xbb\xbf';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');
const windows1252 = new TextDecoder('windows-1252');

const bytesOf = (latin1: string) => Uint8Array.from(latin1, (c) => c.charCodeAt(0));

export type DecodeResult = { text: string; invalidUtf8: boolean };

/** Decodes one record's latin-1 text. `utf8Only`: the file has a BOM. */
export function decodeRecord(latin1: string, utf8Only: boolean): DecodeResult {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(latin1)) return { text: latin1, invalidUtf8: false };
  const bytes = bytesOf(latin1);
  try {
    return { text: utf8.decode(bytes), invalidUtf8: false };
  } catch {
    return utf8Only ? { text: utf8Lenient.decode(bytes), invalidUtf8: true } : { text: windows1252.decode(bytes), invalidUtf8: false };
  }
}
