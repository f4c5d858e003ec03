import { chunkReaderItems } from './reader-batches';

/**
 * Streams the records of a JSON statement (PagBank EDI, Pagar.me payables, PayGo settlements) without holding
 * the document: the operators' APIs answer either a bare array of records or an object with one member that
 * holds the array (`detalhes`, `data`, …) beside small members (pagination, totals). The scanner walks the
 * bytes once, keeps only the value being read, and hands each record to JSON.parse on its own, so memory is one
 * record whatever the file's size. Each record comes with the line it starts on and its path ("detalhes[4]"),
 * since API output is often a single line and "Linha 1" alone would not find it.
 *
 * Problems of the document's structure (not JSON, an unclosed array, text after the end) are reported as
 * `problem` items and end the scan; a record that is not valid JSON on its own is a `problem` too, and the
 * scan goes on with the next one.
 */

export interface JsonRecord {
  kind: 'record';
  /** 1-based line where the record starts */
  line: number;
  /** 0-based position in the array */
  index: number;
  /** 'detalhes[4]', or '[4]' for a bare array */
  path: string;
  value: unknown;
}

/** A top-level member other than the records (pagination, totals), parsed; only members up to 1 MB are kept. */
export interface JsonMember {
  kind: 'member';
  line: number;
  name: string;
  value: unknown;
}

export interface JsonProblem {
  kind: 'problem';
  line: number;
  message: string;
}

export type JsonItem = JsonRecord | JsonMember | JsonProblem;

const MAX_MEMBER = 1 << 20;
const WS = new Set([' ', '\t', '\n', '\r', '\ufeff']);

/** Where a value being captured sits. */
type Slot = { kind: 'record'; index: number } | { kind: 'member'; name: string };

class Scanner {
  private line = 1;
  private readonly stack: string[] = [];
  private inString = false;
  private escape = false;
  /** top-level object: what comes next at depth 1 */
  private expect: 'key' | 'colon' | 'value' | 'comma' = 'key';
  private key = '';
  private keyBuf: string | null = null;
  /** depth of the records array's contents (stack length inside it); 0 before it is found */
  private recordDepth = 0;
  private recordKey = '';
  private recordIndex = 0;
  private itemExpected = true;
  private capture: { slot: Slot; text: string; depth: number; line: number; scalar: boolean; tooBig: boolean } | null = null;
  private started = false;
  private done = false;
  failed = false;

  /** whether the records array was found (it may be empty: a day without movement) */
  get sawArray(): boolean {
    return this.recordDepth !== 0;
  }

  constructor(private readonly arrayKeys: readonly string[]) {}

  push(text: string, out: JsonItem[]): void {
    let i = 0;
    while (i < text.length && !this.failed) {
      if (this.capture) i = this.scanCapture(text, i, out);
      else this.char(text[i++]!, out);
    }
  }

  end(out: JsonItem[]): void {
    if (this.failed) return;
    if (this.capture?.scalar) this.finishCapture(out);
    if (!this.started) out.push({ kind: 'problem', line: 0, message: 'Arquivo vazio: nenhum registro' });
    else if (this.stack.length > 0 || this.inString) this.fail(out, `Linha ${this.line}: arquivo JSON incompleto (termina dentro de ${this.where()})`);
  }

  private where(): string {
    if (this.capture?.slot.kind === 'record') return `${this.path(this.capture.slot.index)}`;
    return this.stack[this.stack.length - 1] === '[' ? 'uma lista' : 'um objeto';
  }

  private path(index: number): string {
    return `${this.recordKey}[${index}]`;
  }

  private fail(out: JsonItem[], message: string): void {
    this.failed = true;
    out.push({ kind: 'problem', line: this.capture?.line ?? this.line, message });
  }

  private char(c: string, out: JsonItem[]): void {
    if (this.inString) {
      this.stringChar(c);
      return;
    }
    if (c === '\n') this.line++;
    if (WS.has(c)) return;
    if (this.done) {
      this.fail(out, `Linha ${this.line}: texto após o fim do documento JSON ("${c}")`);
      return;
    }
    const depth = this.stack.length;
    if (depth === 0) {
      this.started = true;
      if (c === '[') {
        this.stack.push('[');
        this.recordDepth = 1;
        this.itemExpected = true;
      } else if (c === '{') {
        this.stack.push('{');
        this.expect = 'key';
      } else this.fail(out, `Linha ${this.line}: o arquivo não é um documento JSON (começa com "${c}")`);
      return;
    }
    if (depth === this.recordDepth) {
      this.recordArrayChar(c, out);
      return;
    }
    if (depth === 1 && this.stack[0] === '{') this.objectChar(c, out);
    else this.fail(out, `Linha ${this.line}: estrutura JSON inesperada ("${c}")`);
  }

  /** Inside the top-level object: keys, colons, commas, and member values (one may be the records array). */
  private objectChar(c: string, out: JsonItem[]): void {
    switch (this.expect) {
      case 'key':
        if (c === '"') {
          this.inString = true;
          this.keyBuf = '';
        } else if (c === '}') this.close(out);
        else this.fail(out, `Linha ${this.line}: nome de campo esperado no objeto JSON ("${c}")`);
        return;
      case 'colon':
        if (c === ':') this.expect = 'value';
        else this.fail(out, `Linha ${this.line}: ":" esperado após "${this.key}"`);
        return;
      case 'comma':
        if (c === ',') this.expect = 'key';
        else if (c === '}') this.close(out);
        else this.fail(out, `Linha ${this.line}: "," ou "}" esperado após o valor de "${this.key}"`);
        return;
      case 'value':
        this.expect = 'comma';
        if (c === '[' && this.recordDepth === 0 && this.arrayKeys.includes(this.key)) {
          this.stack.push('[');
          this.recordDepth = 2;
          this.recordKey = this.key;
          this.itemExpected = true;
          return;
        }
        this.startCapture({ kind: 'member', name: this.key }, c, out);
    }
  }

  /** Directly inside the records array: records separated by commas. */
  private recordArrayChar(c: string, out: JsonItem[]): void {
    if (c === ']') {
      this.close(out);
      return;
    }
    if (this.itemExpected) {
      this.itemExpected = false;
      this.startCapture({ kind: 'record', index: this.recordIndex++ }, c, out);
      return;
    }
    if (c === ',') this.itemExpected = true;
    else this.fail(out, `Linha ${this.line}: "," ou "]" esperado após ${this.path(this.recordIndex - 1)}`);
  }

  private close(out: JsonItem[]): void {
    const open = this.stack.pop();
    if (open === '[' && this.stack.length + 1 === this.recordDepth) {
      this.recordDepth = -1; // the records array is over; nothing else is read as a record
      if (this.stack.length === 1) this.expect = 'comma';
    }
    if (this.stack.length === 0) this.done = true;
    void out;
  }

  private stringChar(c: string): void {
    if (c === '\n') this.line++;
    if (this.escape) {
      this.escape = false;
      if (this.keyBuf !== null) this.keyBuf += c;
      return;
    }
    if (c === '\\') {
      this.escape = true;
      if (this.keyBuf !== null) this.keyBuf += c;
      return;
    }
    if (c === '"') {
      this.inString = false;
      if (this.keyBuf !== null) {
        try {
          this.key = JSON.parse(`"${this.keyBuf}"`) as string;
        } catch {
          this.key = this.keyBuf;
        }
        this.keyBuf = null;
        this.expect = 'colon';
      }
      return;
    }
    if (this.keyBuf !== null) this.keyBuf += c;
  }

  /** A value begins with `c` (already read): the rest of it is read by scanCapture. */
  private startCapture(slot: Slot, c: string, out: JsonItem[]): void {
    const scalar = c !== '{' && c !== '[';
    this.capture = { slot, text: c, depth: this.stack.length, line: this.line, scalar, tooBig: false };
    if (c === '"') this.inString = true;
    else if (!scalar) this.stack.push(c);
    void out;
  }

  /**
   * Reads the captured value from text[i] on, in a tight loop (strings and nesting followed to find its end), and
   * appends what it read in one slice: the hot path of a large statement. Returns where it stopped: after the
   * value's closing bracket, at the character that ends a scalar (left for the container), or at the text's end.
   */
  private scanCapture(text: string, i: number, out: JsonItem[]): number {
    const cap = this.capture!;
    const start = i;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (c === 10) this.line++;
        if (this.escape) this.escape = false;
        else if (c === 92) this.escape = true;
        else if (c === 34) this.inString = false;
        continue;
      }
      if (cap.scalar && (c === 44 || c === 93 || c === 125 || c === 32 || c === 9 || c === 10 || c === 13)) {
        this.append(text.slice(start, i));
        this.finishCapture(out);
        return i;
      }
      if (c === 10) this.line++;
      if (c === 34) this.inString = true;
      else if (c === 123 || c === 91) this.stack.push(c === 123 ? '{' : '[');
      else if (c === 125 || c === 93) {
        const open = this.stack.pop();
        if ((c === 125) !== (open === '{')) {
          this.fail(out, `Linha ${this.line}: "${String.fromCharCode(c)}" fecha o que não foi aberto em ${this.where()}`);
          return text.length;
        }
        if (this.stack.length === cap.depth) {
          this.append(text.slice(start, i + 1));
          this.finishCapture(out);
          return i + 1;
        }
      }
    }
    this.append(text.slice(start));
    return i;
  }

  private append(piece: string): void {
    const cap = this.capture!;
    if (cap.tooBig) return;
    if (cap.slot.kind === 'member' && cap.text.length + piece.length > MAX_MEMBER) cap.tooBig = true;
    else cap.text += piece;
  }

  private finishCapture(out: JsonItem[]): void {
    const cap = this.capture!;
    this.capture = null;
    if (cap.tooBig) return;
    let value: unknown;
    try {
      value = JSON.parse(cap.text);
    } catch {
      const where = cap.slot.kind === 'record' ? `${this.path(cap.slot.index)} (registro ${cap.slot.index + 1})` : `campo "${cap.slot.name}"`;
      out.push({ kind: 'problem', line: cap.line, message: `Linha ${cap.line}, ${where}: não é JSON válido` });
      return;
    }
    if (cap.slot.kind === 'record') {
      out.push({ kind: 'record', line: cap.line, index: cap.slot.index, path: this.path(cap.slot.index), value });
    } else out.push({ kind: 'member', line: cap.line, name: cap.slot.name, value });
  }
}

/**
 * The records of a JSON document read from UTF-8 bytes (a BOM is skipped): `arrayKeys` are the names of the
 * top-level member that holds the records when the document is an object. A document whose records array is
 * not found yields a problem at the end.
 */
export function readJsonRecords(source: AsyncIterable<Uint8Array>, arrayKeys: readonly string[]): AsyncGenerator<JsonItem> {
  return chunkReaderItems(new JsonRecordReader(arrayKeys), source);
}

/**
 * `readJsonRecords` chunk by chunk and synchronously: `push` a chunk's bytes, get the items it completes; `end`
 * gives what the document's end leaves. The statements' batch parsers run it (one async step per chunk).
 */
export class JsonRecordReader {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly scanner: Scanner;

  constructor(private readonly arrayKeys: readonly string[]) {
    this.scanner = new Scanner(arrayKeys);
  }

  /** true once the document's structure is broken: nothing after it is read */
  get done(): boolean {
    return this.scanner.failed;
  }

  push(chunk: Uint8Array): JsonItem[] {
    const out: JsonItem[] = [];
    if (!this.done) this.scanner.push(this.decoder.decode(chunk, { stream: true }), out);
    return out;
  }

  end(): JsonItem[] {
    const out: JsonItem[] = [];
    if (this.done) return out;
    this.scanner.push(this.decoder.decode(), out);
    this.scanner.end(out);
    if (!this.scanner.failed && !this.scanner.sawArray && !out.some((o) => o.kind === 'problem')) {
      out.push({ kind: 'problem', line: 0, message: `Arquivo sem a lista de registros: nenhum campo ${this.arrayKeys.map((k) => `"${k}"`).join(' ou ')}` });
    }
    return out;
  }
}
