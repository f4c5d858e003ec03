import { SaxesParser } from 'saxes';
import type { ParseErrorItem } from '../model';
import { decodeLatin1 } from '../read/lines';
import { chunkReaderItems } from '../read/reader-batches';
import type { XmlNode } from './xml-node';

/**
 * Streams an XML file as "units": the elements `isUnit` picks by their path from the root (a Stone
 * Transaction, Event, Payment, Header or Trailer), each as a small tree, in document order. Bytes are decoded
 * as the XML declaration says (UTF-8 when it says nothing) and fed to saxes chunk by chunk, so memory holds
 * one chunk and one unit, and every line number is the parser's own. A well-formedness error ends the reading
 * with one error item on the parser's line: what follows a broken tag cannot be trusted.
 */

export type XmlItem =
  | { kind: 'root'; name: string; line: number }
  | { kind: 'unit'; path: readonly string[]; node: XmlNode }
  /** the root element closed, on this line */
  | { kind: 'end'; line: number }
  /** a problem the reading goes on after (bytes not in the declared encoding) */
  | ParseErrorItem
  /** a problem that ends the reading: empty file, broken XML, unknown encoding */
  | { kind: 'fatal'; error: ParseErrorItem };

/** How many bytes are read before the encoding is decided: the XML declaration is always inside them. */
const SNIFF_BYTES = 512;

const ignore = () => {};

/** What `visit` threw, wrapped so that `feed` does not take it for broken XML; unwrapped by `pushEach` and `endEach`. */
class VisitorError {
  constructor(readonly error: unknown) {}
}

const EMPTY: ParseErrorItem = { kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' };

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** pt-BR for the saxes messages a broken file gives most often; any other keeps saxes' own English text. */
const SAXES_MESSAGES: [RegExp, string][] = [
  [/^unclosed tag: (.*)$/, 'elemento $1 não fechado (arquivo truncado?)'],
  [/^unexpected end\.?$/, 'fim inesperado do arquivo (arquivo truncado?)'],
  [/^unmatched closing tag: (.*)\.?$/, 'fechamento </$1> sem abertura correspondente'],
  [/^text data outside of root node\.?$/, 'texto fora do elemento raiz'],
  [/^unexpected close tag\.?$/, 'fechamento de elemento sem abertura correspondente'],
  [/^document must contain a root element\.?$/, 'o documento não tem elemento raiz'],
  [/^disallowed character\.?$/, 'caractere não permitido'],
];

function translate(saxesMessage: string): string {
  const bare = saxesMessage.replace(/^[^:]*?:?\d+:\d+: /, '');
  for (const [re, pt] of SAXES_MESSAGES) if (re.test(bare)) return bare.replace(re, pt);
  return bare;
}

type Decode = (bytes: Uint8Array, last: boolean) => string;

/** The decoder the file asks for: BOM first, then the declaration's encoding, UTF-8 by default. */
function chooseDecoder(head: Uint8Array): { decode: Decode; label: string } | { unsupported: string } {
  const textDecoder = (label: string): Decode => {
    const d = new TextDecoder(label);
    return (bytes, last) => d.decode(bytes, { stream: !last });
  };
  if (head[0] === 0xff && head[1] === 0xfe) return { decode: textDecoder('utf-16le'), label: 'UTF-16' };
  if (head[0] === 0xfe && head[1] === 0xff) return { decode: textDecoder('utf-16be'), label: 'UTF-16' };
  const declared = /^(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(decodeLatin1(head))?.[1];
  const label = (declared ?? 'utf-8').toLowerCase();
  if (label === 'utf-8' || label === 'utf8') return { decode: textDecoder('utf-8'), label: 'UTF-8' };
  // our own latin-1 decode: TextDecoder maps 'iso-8859-1' to windows-1252, which differs on 0x80–0x9F
  if (label === 'iso-8859-1' || label === 'latin1' || label === 'latin-1') return { decode: (b) => decodeLatin1(b), label: 'ISO-8859-1' };
  try {
    return { decode: textDecoder(label), label: label.toUpperCase() };
  } catch {
    return { unsupported: declared ?? label };
  }
}

/**
 * The units of an XML file one by one (see the top of this file). A thin loop over XmlUnitReader, which the Stone
 * parser also runs directly, so the item-by-item and the batch readings cannot drift apart.
 */
export function readXmlUnits(source: AsyncIterable<Uint8Array>, isUnit: (path: readonly string[]) => boolean): AsyncGenerator<XmlItem> {
  return chunkReaderItems(new XmlUnitReader(isUnit), source);
}

/**
 * `readXmlUnits` chunk by chunk and synchronously: `push` a chunk's bytes, get the items it completes; `end`
 * gives what the end of the file leaves (the last units, a truncation, an empty file). Once `done` (a fatal item
 * given), nothing more is read.
 */
export class XmlUnitReader {
  /** where saxes' handlers send items while a chunk is fed (set by `pushEach` and `endEach`) */
  private visit: (item: XmlItem) => void = ignore;
  private readonly parser = new SaxesParser({ position: true });
  private readonly path: string[] = [];
  /** the open elements of the unit being read; empty outside units */
  private readonly open: XmlNode[] = [];
  private unitPath: string[] = [];
  private startLine = 1;
  private failed = false;
  private rootSeen = false;
  /** null until SNIFF_BYTES (or the whole file, if shorter) are in `pending` */
  private decoder: { decode: Decode; label: string } | null = null;
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  private badBytesReported = false;
  private sawBytes = false;
  /** a file of blanks is as empty as a file of no bytes */
  private sawContent = false;

  constructor(private readonly isUnit: (path: readonly string[]) => boolean) {
    const parser = this.parser;
    parser.on('error', (e) => this.fail(parser.line, `XML malformado: ${translate(e.message)}`));
    parser.on('opentagstart', () => {
      this.startLine = parser.line;
    });
    parser.on('opentag', (tag) => this.openTag(localName(tag.name)));
    const addText = (t: string) => {
      const node = this.open[this.open.length - 1];
      if (node) node.text += t;
    };
    parser.on('text', addText);
    parser.on('cdata', addText);
    parser.on('closetag', () => {
      this.path.pop();
      const node = this.open.pop();
      if (node && this.open.length === 0) this.emit({ kind: 'unit', path: this.unitPath, node });
      if (this.path.length === 0) this.emit({ kind: 'end', line: parser.line });
    });
  }

  /** true once a fatal item was given (empty file, broken XML, unknown encoding): nothing after it is read */
  get done(): boolean {
    return this.failed;
  }

  push(chunk: Uint8Array): XmlItem[] {
    const out: XmlItem[] = [];
    this.pushEach(chunk, (item) => out.push(item));
    return out;
  }

  end(): XmlItem[] {
    const out: XmlItem[] = [];
    this.endEach((item) => out.push(item));
    return out;
  }

  /**
   * `push`, handing each item to `visit` as saxes completes it rather than in an array after the chunk: the Stone
   * reader maps each unit while its tree is fresh, instead of holding a chunk's trees at once (a 40 MB file took
   * a third more CPU that way).
   */
  pushEach(chunk: Uint8Array, visit: (item: XmlItem) => void): void {
    if (this.failed || chunk.length === 0) return;
    this.visit = visit;
    try {
      this.sawBytes = true;
      if (!this.decoder) {
        // the source may reuse its buffer once this returns: the bytes kept for sniffing are copied
        this.pending.push(chunk.slice());
        this.pendingLength += chunk.length;
        if (this.pendingLength >= SNIFF_BYTES) this.start();
      } else {
        this.feed(chunk, false);
      }
    } catch (e) {
      throw e instanceof VisitorError ? e.error : e;
    } finally {
      this.visit = ignore;
    }
  }

  /** `end`, handing each item to `visit` (see `pushEach`). */
  endEach(visit: (item: XmlItem) => void): void {
    if (this.failed) return;
    if (!this.sawBytes) {
      this.failed = true;
      visit({ kind: 'fatal', error: EMPTY });
      return;
    }
    this.visit = visit;
    try {
      // a file shorter than SNIFF_BYTES: its encoding is decided on all of it
      if (this.decoder || this.start()) this.feed(new Uint8Array(0), true);
    } catch (e) {
      throw e instanceof VisitorError ? e.error : e;
    } finally {
      this.visit = ignore;
    }
  }

  private emit(item: XmlItem): void {
    try {
      this.visit(item);
    } catch (e) {
      throw new VisitorError(e);
    }
  }

  private fail(line: number, message: string): void {
    if (this.failed) return;
    this.failed = true;
    this.emit({ kind: 'fatal', error: { kind: 'error', line, message: `Linha ${line}: ${message}` } });
  }

  private openTag(name: string): void {
    if (!this.rootSeen) {
      this.rootSeen = true;
      this.emit({ kind: 'root', name, line: this.startLine });
    }
    this.path.push(name);
    if (this.open.length > 0) {
      const node: XmlNode = { name, line: this.startLine, text: '', children: [] };
      this.open[this.open.length - 1]!.children.push(node);
      this.open.push(node);
    } else if (this.isUnit(this.path)) {
      this.unitPath = [...this.path];
      this.open.push({ name, line: this.startLine, text: '', children: [] });
    }
  }

  /** Decides the encoding on the bytes kept so far and feeds them; false when the encoding is not supported. */
  private start(): boolean {
    const head = new Uint8Array(this.pendingLength);
    let at = 0;
    for (const p of this.pending) {
      head.set(p, at);
      at += p.length;
    }
    this.pending = [];
    const chosen = chooseDecoder(head);
    if ('unsupported' in chosen) {
      this.fail(1, `codificação "${chosen.unsupported}" não suportada (use UTF-8 ou ISO-8859-1)`);
      return false;
    }
    this.decoder = chosen;
    this.feed(head, false);
    return true;
  }

  private feed(bytes: Uint8Array, last: boolean): void {
    const decoder = this.decoder;
    if (this.failed || !decoder) return;
    const parser = this.parser;
    const text = decoder.decode(bytes, last);
    if (!this.sawContent && /\S/.test(text.replace(/^\uFEFF/, ''))) this.sawContent = true;
    if (last && !this.sawContent) {
      this.failed = true;
      this.emit({ kind: 'fatal', error: EMPTY });
      return;
    }
    if (!this.badBytesReported) {
      // the other way round: UTF-8 sequences ('Ã¡' for 'á') in a file declared ISO-8859-1 are read as declared, but reported
      const bad = decoder.label === 'UTF-8' ? text.indexOf('\uFFFD') : decoder.label === 'ISO-8859-1' ? text.search(/[\xc2-\xf4][\x80-\xbf]/) : -1;
      if (bad !== -1) {
        this.badBytesReported = true;
        const line = parser.line + (text.slice(0, bad).match(/\n/g)?.length ?? 0);
        const message = decoder.label === 'UTF-8'
          ? 'bytes inválidos para a codificação UTF-8 declarada (arquivo gravado em latin-1?)'
          : 'texto em UTF-8 num arquivo que declara ISO-8859-1 (acentos ficarão trocados)';
        this.emit({ kind: 'error', line, message: `Linha ${line}: ${message}` });
      }
    }
    try {
      if (text !== '') parser.write(text);
      if (last) parser.close();
    } catch (e) {
      if (e instanceof VisitorError) throw e;
      // saxes reports through the 'error' handler; anything thrown past it is still a broken file
      this.fail(parser.line, `XML malformado: ${translate(e instanceof Error ? e.message : String(e))}`);
    }
  }
}
