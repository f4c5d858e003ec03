// type only (erased): the engine also runs where there is no Node Buffer, see NodeBuffer
import type { Buffer } from 'node:buffer';

/** One line of a file: 1-based number and its text without the line ending. */
export interface TextLine {
  line: number;
  text: string;
}

const LF = 0x0a;
const CR = 0x0d;
const DECODE_BLOCK = 8192;

/** Node's Buffer when there is one (the engine also runs where there is none). */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

/**
 * ISO-8859-1 decode: byte n becomes U+00nn, so character positions equal byte positions (a stray 0xA5 in a
 * Rede file stays one character). Written out instead of TextDecoder('latin1'), which the WHATWG spec maps
 * to windows-1252 and whose exact behaviour has varied between Node versions.
 */
export function decodeLatin1(bytes: Uint8Array): string {
  // Node's own 'latin1' is true ISO-8859-1 (byte n → U+00nn) and native: the hot path of every parser
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
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

/** Latin-1 text of bytes start..end of a chunk, without a final CR. `view` is the chunk as a Node Buffer, if any. */
function lineText(chunk: Uint8Array, view: Buffer | null, start: number, end: number): string {
  if (end > start && chunk[end - 1] === CR) end--;
  // Buffer#toString decodes straight from the chunk: no subarray or Buffer object per line
  return view ? view.toString('latin1', start, end) : decodeLatin1(chunk.subarray(start, end));
}

/** Consecutive lines of a file: `texts[i]` is line `first + i`. */
export interface LineBatch {
  first: number;
  texts: string[];
}

/**
 * Splits a byte stream into latin-1 lines, batched: one batch per chunk of the source, holding the lines that
 * end in that chunk (chunks that end no line give no batch). LF or CRLF endings, a missing final newline
 * accepted. Only the unfinished tail of a chunk is kept between chunks, so memory does not grow with the file.
 * An empty stream yields nothing; a final newline does not produce an extra empty line.
 *
 * Why batches: a parser that takes one line at a time through an async generator pays a few microtask turns per
 * line, more than the split itself costs; a parser that loops over a batch synchronously pays them per chunk.
 */
export async function* readLineBatches(source: AsyncIterable<Uint8Array>): AsyncGenerator<LineBatch> {
  let carry: Uint8Array | null = null;
  let line = 0;
  for await (const chunk of source) {
    const view = NodeBuffer ? NodeBuffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : null;
    const texts: string[] = [];
    let start = 0;
    let nl = chunk.indexOf(LF, start);
    if (nl !== -1 && carry) {
      // the line that began in an earlier chunk: rare (once per chunk at most), so it may copy
      const bytes = concat(carry, chunk.subarray(0, nl));
      carry = null;
      texts.push(lineText(bytes, null, 0, bytes.length));
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    while (nl !== -1) {
      texts.push(lineText(chunk, view, start, nl));
      start = nl + 1;
      nl = chunk.indexOf(LF, start);
    }
    if (start < chunk.length) {
      // copy: the caller may reuse the chunk's buffer after we return
      const rest = chunk.slice(start);
      carry = carry ? concat(carry, rest) : rest;
    }
    if (texts.length > 0) {
      yield { first: line + 1, texts };
      line += texts.length;
    }
  }
  if (carry && carry.length > 0) yield { first: line + 1, texts: [decodeLatin1(withoutCr(carry))] };
}

/** The lines of `readLineBatches` one at a time, for callers that read line by line. */
export async function* readLines(source: AsyncIterable<Uint8Array>): AsyncGenerator<TextLine> {
  for await (const { first, texts } of readLineBatches(source)) {
    for (let i = 0; i < texts.length; i++) yield { line: first + i, text: texts[i]! };
  }
}

/** An in-memory byte source, for tests and callers that already hold the bytes. */
export async function* bytesSource(...chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const c of chunks) yield c;
}
