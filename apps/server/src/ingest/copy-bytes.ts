import { copyText } from '@concilia/db';

/**
 * COPY text rows written as UTF-8 bytes straight into a buffer, value by value, instead of as strings the COPY
 * stream then encodes. Why: a row built from template strings is a rope of ~60 pieces; a 64 KB block of them is
 * a rope of thousands, which the stream had to flatten and encode (`Buffer.from`) — profiled on a 50k-sale Cielo file,
 * that cost as much as building the row strings, before their garbage. Written here, a value costs a loop over its
 * characters (file fields are short and almost always ASCII) and nothing is left behind to collect
 * (docs/performance-ingest.md, third pass).
 *
 * The bytes are those `copyText` would write: same escapes, same \N, numbers as `${n}` writes them
 * (line-rows.test.ts holds the rows of every record kind to a golden file written by the string rows before).
 */
export class CopyBytes {
  private buf: Buffer;
  private pos = 0;
  /** the bytes of values that are not plain ASCII, by value (see `other`) */
  private readonly encoded = new Map<string, Buffer>();

  constructor(private readonly blockBytes = 64 * 1024) {
    // twice the block: a block is handed out once it passes blockBytes, so one row more rarely makes it grow
    this.buf = Buffer.allocUnsafe(blockBytes * 2);
  }

  get length(): number {
    return this.pos;
  }

  /** Takes back what was written since `length` was `at` (a value given up half-way, to be written another way). */
  rewind(at: number): void {
    this.pos = at;
  }

  /** true once a block's worth of rows is written */
  get full(): boolean {
    return this.pos >= this.blockBytes;
  }

  /** The bytes written so far, as a buffer of their own (the stream may hold it until the socket takes it). */
  take(): Buffer {
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(Math.max(this.blockBytes * 2, this.buf.length));
    this.pos = 0;
    return out;
  }

  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  /** One byte of ASCII (a separator: 9 tab, 10 newline). */
  byte(b: number): void {
    this.room(1);
    this.buf[this.pos++] = b;
  }

  /** ASCII text written as is, no escaping (literal pieces of a row template, `true`/`false`, hex keys). */
  ascii(s: string): void {
    const n = s.length;
    this.room(n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) buf[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** \N, COPY's null. */
  nul(): void {
    this.room(2);
    this.buf[this.pos++] = 92;
    this.buf[this.pos++] = 78;
  }

  /** A text value as `copyText` writes it: \N for null, backslash, tab, newline and carriage return escaped. */
  text(v: string | null | undefined): void {
    if (v === null || v === undefined) return this.nul();
    const n = v.length;
    // worst case: 3 bytes of UTF-8 per UTF-16 unit (an escape is 2)
    if (this.pos + n * 3 > this.buf.length) this.room(n * 3);
    const buf = this.buf;
    const start = this.pos;
    let p = start;
    for (let i = 0; i < n; i++) {
      const c = v.charCodeAt(i);
      // printable ASCII, the case of nearly every character of a file: one test
      if (c >= 32 && c < 127 && c !== 92) buf[p++] = c;
      else return this.other(v, start);
    }
    this.pos = p;
  }

  /** `text` of a value with a reserved or a non-ASCII character, from scratch. */
  private other(v: string, start: number): void {
    this.pos = start;
    let bytes = this.encoded.get(v);
    if (bytes === undefined) {
      bytes = Buffer.from(copyText(v), 'utf8');
      // the names of code tables (brands, products, reasons: 'Crédito à vista') come back on every line; free text does not
      if (this.encoded.size < 4096) this.encoded.set(v, bytes);
    }
    this.room(bytes.length);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < bytes.length; i++) buf[p++] = bytes[i]!;
    this.pos = p;
  }

  /**
   * `s` as JSON.stringify quotes it, when that needs no escape (printable ASCII without '"' or backslash), which is
   * also COPY text needing none; false, having written nothing, otherwise.
   */
  jsonString(s: string): boolean {
    const n = s.length;
    if (this.pos + n + 2 > this.buf.length) this.room(n + 2);
    const buf = this.buf;
    let p = this.pos;
    buf[p++] = 34;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 32 || c >= 127 || c === 34 || c === 92) return false;
      buf[p++] = c;
    }
    buf[p++] = 34;
    this.pos = p;
    return true;
  }

  /** A number as `${n}` writes it (integers digit by digit), \N for null. */
  num(v: number | null | undefined): void {
    if (v === null || v === undefined) return this.nul();
    if (!Number.isSafeInteger(v)) return this.ascii(`${v}`);
    this.room(17);
    const buf = this.buf;
    let n = v;
    if (n < 0) {
      buf[this.pos++] = 45;
      n = -n;
    }
    if (n < 10) {
      buf[this.pos++] = 48 + n;
      return;
    }
    let digits = 0;
    for (let m = n; m > 0; m = Math.floor(m / 10)) digits++;
    let p = this.pos + digits;
    this.pos = p;
    while (n > 0) {
      const q = Math.floor(n / 10);
      buf[--p] = 48 + (n - q * 10);
      n = q;
    }
  }

  /** A whole string (a row written as text elsewhere) as UTF-8. */
  utf8(s: string): void {
    this.room(s.length * 3);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }
}
