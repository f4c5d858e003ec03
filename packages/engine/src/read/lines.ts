/** One line of a file: 1-based number and its text without the line ending. */
export interface TextLine {
  line: number;
  text: string;
}

const LF = 0x0a;
const CR = 0x0d;
const DECODE_BLOCK = 8192;

/**
 * ISO-8859-1 decode: byte n becomes U+00nn, so character positions equal byte positions (a stray 0xA5 in a
 * Rede file stays one character). Written out instead of TextDecoder('latin1'), which the WHATWG spec maps
 * to windows-1252 and whose exact behaviour has varied between Node versions.
 */
export function decodeLatin1(bytes: Uint8Array): string {
  if (bytes.length <= DECODE_BLOCK) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  let out = '';
  for (let i = 0; i < bytes.length; i += DECODE_BLOCK) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + DECODE_BLOCK) as unknown as number[]);
  }
  return out;
}

function withoutCr(bytes: Uint8Array): Uint8Array {
  return bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, bytes.length - 1) : bytes;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Splits a byte stream into latin-1 lines, one at a time: LF or CRLF endings, a missing final newline
 * accepted. Only the unfinished tail of a chunk is kept between chunks, so memory does not grow with the
 * file. An empty stream yields nothing; a final newline does not produce an extra empty line.
 */
export async function* readLines(source: AsyncIterable<Uint8Array>): AsyncGenerator<TextLine> {
  let carry: Uint8Array | null = null;
  let line = 0;
  for await (const chunk of source) {
    let start = 0;
    let nl = chunk.indexOf(LF, start);
    while (nl !== -1) {
      let bytes = chunk.subarray(start, nl);
      if (carry) {
        bytes = concat(carry, bytes);
        carry = null;
      }
      yield { line: ++line, text: decodeLatin1(withoutCr(bytes)) };
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    if (start < chunk.length) {
      // copy: the caller may reuse the chunk's buffer after we return
      const rest = chunk.slice(start);
      carry = carry ? concat(carry, rest) : rest;
    }
  }
  if (carry && carry.length > 0) yield { line: line + 1, text: decodeLatin1(withoutCr(carry)) };
}

/** An in-memory byte source, for tests and callers that already hold the bytes. */
export async function* bytesSource(...chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const c of chunks) yield c;
}
