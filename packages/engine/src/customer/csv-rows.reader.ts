import type { ParsedItem, ParseErrorItem } from '../model';
import type { TextLine } from '../read/lines';
import type { LineItemReader } from '../read/reader-batches';
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
  // most records hold no quote at all: one native search instead of a walk over every character
  if (text.indexOf('"') === -1) return false;
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
    const text = this.pending.length === 1 ? line.text : this.pending.map((p) => p.text).join('\n');
    if (!quoteOpen(text, this.sep())) {
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

/**
 * A layout's reader over CSV records (a LineItemReader): each record of CsvRowReader, or the error of one that could
 * not be read, goes to `row`; `finish` adds what the file's end says (nothing read, only a header). `row` sets `done`
 * to stop the reading (a header it does not know): nothing after it is read, the end adds nothing.
 */
export abstract class CsvItemReader implements LineItemReader {
  done = false;

  protected constructor(private readonly csv: CsvRowReader) {}

  push(line: TextLine): ParsedItem[] {
    const out: ParsedItem[] = [];
    if (!this.done) this.take(this.csv.push(line), out);
    return out;
  }

  end(): ParsedItem[] {
    const out: ParsedItem[] = [];
    if (this.done) return out;
    this.take(this.csv.end(), out);
    if (!this.done) this.finish(out);
    return out;
  }

  private take(records: (SheetRow | ParseErrorItem)[], out: ParsedItem[]): void {
    for (const record of records) {
      this.row(record, out);
      if (this.done) return;
    }
  }

  protected abstract row(record: SheetRow | ParseErrorItem, out: ParsedItem[]): void;
  protected abstract finish(out: ParsedItem[]): void;
}

/**
 * The records of `readCsvRows`, line by line and synchronously: `push` a line, get the rows (and errors) it completes;
 * `end` gives what an open quote left at the end. The bulk load runs it over batches of lines (parseBatches).
 */
export class CsvRowReader {
  private readonly skip: number;
  private sep: string | null;
  private utf8Only = false;
  private first = true;
  private readonly assembler: RecordAssembler;

  constructor(options: CsvOptions) {
    this.skip = options.skipLines ?? 0;
    this.sep = options.separator;
    this.assembler = new RecordAssembler(() => this.sep ?? ';');
  }

  push(l: TextLine): (SheetRow | ParseErrorItem)[] {
    let text = l.text;
    if (this.first) {
      this.first = false;
      if (text.startsWith(UTF8_BOM_LATIN1)) {
        this.utf8Only = true;
        text = text.slice(UTF8_BOM_LATIN1.length);
      }
    }
    if (!this.assembler.open && l.line <= this.skip) return [{ line: l.line, cells: [decodeRecord(text, this.utf8Only).text] }];
    if (!this.assembler.open && this.sep === null) {
      if (text.trim() === '') return [];
      this.sep = detectSeparator(text);
    }
    const out: Piece[] = [];
    this.assembler.push({ line: l.line, text }, out);
    return this.rows(out);
  }

  end(): (SheetRow | ParseErrorItem)[] {
    const out: Piece[] = [];
    this.assembler.end(out);
    return this.rows(out);
  }

  private rows(pieces: Piece[]): (SheetRow | ParseErrorItem)[] {
    const rows: (SheetRow | ParseErrorItem)[] = [];
    const sep = this.sep ?? ';';
    for (const piece of pieces) {
      if ('broken' in piece) {
        const { line, text } = piece.broken;
        const where = piece.atEnd ? 'até o fim do arquivo' : `em ${MAX_RECORD_LINES} linhas`;
        rows.push({ kind: 'error', line, message: `Linha ${line}: aspas abertas e não fechadas ${where}; linha lida sem considerar as aspas` });
        rows.push({ line, cells: splitRecord(decodeRecord(text.replace(/"/g, ''), this.utf8Only).text, sep) });
        continue;
      }
      const line = piece.record[0]!.line;
      // one line, the usual case: no array of texts to join
      const joined = piece.record.length === 1 ? piece.record[0]!.text : piece.record.map((l) => l.text).join('\n');
      const { text, invalidUtf8 } = decodeRecord(joined, this.utf8Only);
      if (invalidUtf8) {
        rows.push({ kind: 'error', line, message: `Linha ${line}: caracteres inválidos em UTF-8 (o arquivo começa com a marca UTF-8 mas esta linha parece latin-1)` });
      }
      rows.push({ line, cells: splitRecord(text, sep) });
    }
    return rows;
  }
}

export async function* readCsvRows(lines: AsyncIterable<TextLine>, options: CsvOptions): AsyncGenerator<SheetRow | ParseErrorItem> {
  const reader = new CsvRowReader(options);
  for await (const l of lines) yield* reader.push(l);
  yield* reader.end();
}
