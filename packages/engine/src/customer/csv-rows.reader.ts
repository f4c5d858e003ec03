import type { ParseErrorItem } from '../model';
import type { TextLine } from '../read/lines';
import type { SheetRow } from './sheet-row';
import { UTF8_BOM_LATIN1, decodeRecord } from './text-encoding';

/**
 * CSV records per RFC 4180 from latin-1 lines: fields separated by one character, a field in double quotes may
 * hold the separator, line breaks and doubled quotes (""). A record spanning lines keeps the number of its
 * first line. Encoding per text-encoding.ts. One record is held at a time; a quote left open is given up after
 * MAX_RECORD_LINES lines (reported, its first line read as it is, the lines after it read again) so one stray
 * quote cannot swallow the whole file.
 */

const MAX_RECORD_LINES = 100;

export interface CsvOptions {
  /** the separator; null: detected on the header line (the first line after `skipLines`) */
  separator: string | null;
  /** physical lines before the header, passed through as rows without splitting */
  skipLines?: number;
}

/** Splits one record; quotes are only special at the start of a field (a stray quote inside text is kept). */
export function splitRecord(text: string, sep: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q === -1) {
          field += text.slice(i);
          i = text.length;
          break;
        }
        field += text.slice(i, q);
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      // text after the closing quote up to the separator is kept as written
      const next = text.indexOf(sep, i);
      field += next === -1 ? text.slice(i) : text.slice(i, next);
      i = next === -1 ? text.length : next;
    } else {
      const next = text.indexOf(sep, i);
      field = next === -1 ? text.slice(i) : text.slice(i, next);
      i = next === -1 ? text.length : next;
    }
    fields.push(field);
    if (i >= text.length) return fields;
    i += sep.length;
  }
}

/** The separator of a header line: the most frequent of ';', tab and ',' outside quotes (';' on a tie). */
export function detectSeparator(header: string): string {
  const outside = header.replace(/"(?:[^"]|"")*"/g, '');
  const count = (c: string) => outside.split(c).length - 1;
  let best = ';';
  for (const c of ['\t', ',']) if (count(c) > count(best)) best = c;
  return best;
}

/** Whether the quotes of `text` leave a field open (the record goes on on the next line). */
function quoteOpen(text: string, sep: string): boolean {
  let open = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (open) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else open = false;
      }
    } else if (c === '"' && fieldStart) {
      open = true;
      fieldStart = false;
    } else {
      fieldStart = c === sep;
    }
  }
  return open;
}

type Piece = { record: TextLine[] } | { broken: TextLine; atEnd: boolean };

/** Groups lines into records; synchronous so a given-up record's later lines can simply be pushed again. */
class RecordAssembler {
  private pending: TextLine[] = [];

  constructor(private readonly sep: () => string) {}

  get open(): boolean {
    return this.pending.length > 0;
  }

  push(line: TextLine, out: Piece[]): void {
    this.pending.push(line);
    if (!quoteOpen(this.pending.map((p) => p.text).join('\n'), this.sep())) {
      out.push({ record: this.pending });
      this.pending = [];
    } else if (this.pending.length >= MAX_RECORD_LINES) {
      this.giveUp(out, false);
    }
  }

  end(out: Piece[]): void {
    while (this.pending.length > 0) this.giveUp(out, true);
  }

  private giveUp(out: Piece[], atEnd: boolean): void {
    const [head, ...rest] = this.pending;
    this.pending = [];
    out.push({ broken: head!, atEnd });
    for (const l of rest) this.push(l, out);
  }
}

export async function* readCsvRows(lines: AsyncIterable<TextLine>, options: CsvOptions): AsyncGenerator<SheetRow | ParseErrorItem> {
  const skip = options.skipLines ?? 0;
  let sep = options.separator;
  let utf8Only = false;
  let first = true;
  const assembler = new RecordAssembler(() => sep ?? ';');

  function* rows(pieces: Piece[]): Generator<SheetRow | ParseErrorItem> {
    for (const piece of pieces) {
      if ('broken' in piece) {
        const { line, text } = piece.broken;
        const where = piece.atEnd ? 'até o fim do arquivo' : `em ${MAX_RECORD_LINES} linhas`;
        yield { kind: 'error', line, message: `Linha ${line}: aspas abertas e não fechadas ${where}; linha lida sem considerar as aspas` };
        yield { line, cells: splitRecord(decodeRecord(text.replace(/"/g, ''), utf8Only).text, sep ?? ';') };
        continue;
      }
      const line = piece.record[0]!.line;
      const { text, invalidUtf8 } = decodeRecord(piece.record.map((l) => l.text).join('\n'), utf8Only);
      if (invalidUtf8) {
        yield { kind: 'error', line, message: `Linha ${line}: caracteres inválidos em UTF-8 (o arquivo começa com a marca UTF-8 mas esta linha parece latin-1)` };
      }
      yield { line, cells: splitRecord(text, sep ?? ';') };
    }
  }

  for await (const l of lines) {
    let text = l.text;
    if (first) {
      first = false;
      if (text.startsWith(UTF8_BOM_LATIN1)) {
        utf8Only = true;
        text = text.slice(UTF8_BOM_LATIN1.length);
      }
    }
    if (!assembler.open && l.line <= skip) {
      yield { line: l.line, cells: [decodeRecord(text, utf8Only).text] };
      continue;
    }
    if (!assembler.open && sep === null) {
      if (text.trim() === '') continue;
      sep = detectSeparator(text);
    }
    const out: Piece[] = [];
    assembler.push({ line: l.line, text }, out);
    yield* rows(out);
  }
  const out: Piece[] = [];
  assembler.end(out);
  yield* rows(out);
}
