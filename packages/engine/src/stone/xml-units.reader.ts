import { SaxesParser } from 'saxes';
import type { ParseErrorItem } from '../model';
import { decodeLatin1 } from '../read/lines';
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

export async function* readXmlUnits(
  source: AsyncIterable<Uint8Array>,
  isUnit: (path: readonly string[]) => boolean,
): AsyncGenerator<XmlItem> {
  const out: XmlItem[] = [];
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  /** the open elements of the unit being read; empty outside units */
  const open: XmlNode[] = [];
  let unitPath: string[] = [];
  let startLine = 1;
  let failed = false;
  let rootSeen = false;

  const fail = (line: number, message: string) => {
    if (failed) return;
    failed = true;
    out.push({ kind: 'fatal', error: { kind: 'error', line, message: `Linha ${line}: ${message}` } });
  };

  parser.on('error', (e) => fail(parser.line, `XML malformado: ${translate(e.message)}`));
  parser.on('opentagstart', () => {
    startLine = parser.line;
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (!rootSeen) {
      rootSeen = true;
      out.push({ kind: 'root', name, line: startLine });
    }
    path.push(name);
    if (open.length > 0) {
      const node: XmlNode = { name, line: startLine, text: '', children: [] };
      open[open.length - 1]!.children.push(node);
      open.push(node);
    } else if (isUnit(path)) {
      unitPath = [...path];
      open.push({ name, line: startLine, text: '', children: [] });
    }
  });
  const addText = (t: string) => {
    const node = open[open.length - 1];
    if (node) node.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    path.pop();
    const node = open.pop();
    if (node && open.length === 0) out.push({ kind: 'unit', path: unitPath, node });
    if (path.length === 0) out.push({ kind: 'end', line: parser.line });
  });

  let decoder: { decode: Decode; label: string } | null = null;
  let pending: Uint8Array[] = [];
  let pendingLength = 0;
  let badBytesReported = false;
  let sawBytes = false;
  /** a file of blanks is as empty as a file of no bytes */
  let sawContent = false;

  const feed = (bytes: Uint8Array, last: boolean) => {
    if (failed || !decoder) return;
    const text = decoder.decode(bytes, last);
    if (!sawContent && /\S/.test(text.replace(/^\uFEFF/, ''))) sawContent = true;
    if (last && !sawContent) {
      failed = true;
      out.push({ kind: 'fatal', error: EMPTY });
      return;
    }
    if (!badBytesReported) {
      // the other way round: UTF-8 sequences ('Ã¡' for 'á') in a file declared ISO-8859-1 are read as declared, but reported
      const bad = decoder.label === 'UTF-8' ? text.indexOf('\uFFFD') : decoder.label === 'ISO-8859-1' ? text.search(/[\xc2-\xf4][\x80-\xbf]/) : -1;
      if (bad !== -1) {
        badBytesReported = true;
        const line = parser.line + (text.slice(0, bad).match(/\n/g)?.length ?? 0);
        const message = decoder.label === 'UTF-8'
          ? 'bytes inválidos para a codificação UTF-8 declarada (arquivo gravado em latin-1?)'
          : 'texto em UTF-8 num arquivo que declara ISO-8859-1 (acentos ficarão trocados)';
        out.push({ kind: 'error', line, message: `Linha ${line}: ${message}` });
      }
    }
    try {
      if (text !== '') parser.write(text);
      if (last) parser.close();
    } catch (e) {
      // saxes reports through the 'error' handler; anything thrown past it is still a broken file
      fail(parser.line, `XML malformado: ${translate(e instanceof Error ? e.message : String(e))}`);
    }
  };

  const start = (): boolean => {
    const head = new Uint8Array(pendingLength);
    let at = 0;
    for (const p of pending) {
      head.set(p, at);
      at += p.length;
    }
    pending = [];
    const chosen = chooseDecoder(head);
    if ('unsupported' in chosen) {
      fail(1, `codificação "${chosen.unsupported}" não suportada (use UTF-8 ou ISO-8859-1)`);
      return false;
    }
    decoder = chosen;
    feed(head, false);
    return true;
  };

  for await (const chunk of source) {
    if (chunk.length === 0) continue;
    sawBytes = true;
    if (!decoder) {
      pending.push(chunk.slice());
      pendingLength += chunk.length;
      if (pendingLength < SNIFF_BYTES) continue;
      if (!start()) break;
    } else {
      feed(chunk, false);
    }
    yield* out.splice(0);
    if (failed) return;
  }
  if (!sawBytes) {
    yield { kind: 'fatal', error: EMPTY };
    return;
  }
  if (!decoder && !failed && !start()) {
    yield* out.splice(0);
    return;
  }
  feed(new Uint8Array(0), true);
  yield* out.splice(0);
}
