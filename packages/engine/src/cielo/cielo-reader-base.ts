import type { FileHeader, FileTrailer, ParsedItem } from '../model';
import { LineError, alpha, requireLength, slice } from '../read/fields';
import type { LineBatch, TextLine } from '../read/lines';
import { type TotalCheck, checkTotals } from '../read/totals';
import { count, requiredDateAt, signed } from './cielo-fields';
import { NegotiationReader, readPix } from './cielo-shared.records';
import { itemsOfBatches } from '../read/item-batches';
import type { RecordWarnings } from '../read/unknown-codes';

/**
 * What the Cielo readers (v14, v15) share: the line loop (blank lines, the header first, nothing after the
 * trailer, one error item per LineError), the header 0 and the trailer 9, which have the same positions in both
 * versions (formats/layouts.md §1.5, §1.11, §1.13.1, §1.13.9), and the guard against UTF-8 files.
 */

export type CieloVersion = 'v14' | 'v15';

import { lineErrorItem, looksUtf8 } from '../read/line-checks';

export { lineErrorItem };

/** Figures a trailer is checked against, filled by each version's records. */
export interface CieloSums {
  detailCount: number;
  gross: number;
  net: number;
}


export abstract class CieloReader {
  protected header: FileHeader | null = null;
  protected fileType = '';
  /** non-blank lines other than the first line and the trailer: what the trailer's record count counts */
  protected body = 0;
  protected readonly sums: CieloSums = { detailCount: 0, gross: 0, net: 0 };
  /** items read so far and not yet handed out: taken by `readCieloBatches` with `takeItems` */
  protected out: ParsedItem[] = [];
  private records = 0;
  private trailerLine = 0;
  private lastLine = 0;

  private readonly negotiations: NegotiationReader;

  constructor(protected readonly version: CieloVersion) {
    this.negotiations = new NegotiationReader(version);
  }

  /** Pix (8) and receivables negotiation (A, B, C): the same positions in v14 and v15. False for any other type. */
  protected readShared(line: number, text: string, type: string): boolean {
    switch (type) {
      case '8':
        this.sums.detailCount++;
        this.emit(readPix(line, text, this.sums));
        return true;
      case 'A':
        this.negotiations.summary(line, text, this.out);
        return true;
      case 'B':
        this.sums.detailCount++;
        this.emit(this.negotiations.detail(line, text, this.header?.merchantId ?? '', this.sums));
        return true;
      case 'C':
        this.emit(this.negotiations.account(line, text, this.header?.merchantId ?? ''));
        return true;
      default:
        return false;
    }
  }

  /** Closes an open negotiation (A and its B lines) at the end of the file or before the trailer. */
  protected closeNegotiations(): void {
    this.negotiations.close(this.out);
  }

  /** One record other than header and trailer, inside the LineError guard. */
  protected abstract record(line: number, text: string, type: string): void;
  /** Closes whatever group is open (before the trailer and at the end of the file). */
  protected abstract closeGroups(): void;
  /** The trailer's checks besides the record count. */
  protected abstract trailerChecks(trailer: FileTrailer, text: string, line: number): TotalCheck[];
  /** The length every line of a record type has, when the version fixes it; 0 when unknown. */
  protected abstract expectedLength(type: string): number;

  push(line: number, text: string): void {
    this.lastLine = line;
    // a record type is never blank, so only a line starting blank can be a blank line
    const c0 = text.charCodeAt(0);
    if (text.length === 0 || ((c0 === 32 || c0 === 9) && text.trim() === '')) return;
    this.records++;
    const type = text.charAt(0);
    if (this.trailerLine > 0) {
      this.out.push({ kind: 'error', line, message: `Linha ${line}: registro ${type} após o trailer 9 (linha ${this.trailerLine})` });
      return;
    }
    try {
      this.checkShape(line, text, type);
      if (this.records === 1) {
        if (type === '0') this.readHeader(line, text);
        else {
          this.out.push({
            kind: 'error',
            line,
            message: `Linha ${line}: esperado o cabeçalho 0 do Cielo EDI ${this.version}, encontrado registro "${type}"`,
          });
          this.body++;
          this.record(line, text, type);
        }
        return;
      }
      if (type === '9') {
        this.guard(() => this.closeGroups());
        this.trailerLine = line;
        this.readTrailer(line, text);
        return;
      }
      this.body++;
      this.record(line, text, type);
    } catch (e) {
      this.emit(lineErrorItem(e));
    }
  }

  /** The items read since the last call, in line order; the reader goes on with an empty list (no copy). */
  takeItems(): ParsedItem[] {
    const items = this.out;
    this.out = [];
    return items;
  }

  end(): void {
    this.guard(() => this.closeGroups());
    if (this.records === 0) this.out.push({ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' });
    else if (this.trailerLine === 0) {
      this.out.push({ kind: 'error', line: this.lastLine, message: `Linha ${this.lastLine}: arquivo termina sem o trailer 9 (arquivo truncado?)` });
    }
  }

  protected guard(read: () => void): void {
    try {
      read();
    } catch (e) {
      this.emit(lineErrorItem(e));
    }
  }

  /** Where a record's items go; a reader holding a group back overrides it to keep items in line order. */
  protected emit(item: ParsedItem): void {
    this.out.push(item);
  }

  /**
   * A line of the wrong length is where a UTF-8 file shows: every accented letter adds a character and moves the
   * fields after it, so such a line is refused rather than misread. Lines of the expected length skip the scan.
   */
  private checkShape(line: number, text: string, type: string): void {
    const expected = this.expectedLength(type);
    if (expected === 0 || text.length === expected) return;
    if (looksUtf8(text)) {
      throw new LineError(line, `registro ${type}`, 'com caracteres UTF-8 (o arquivo deve estar em latin-1; as posições ficam deslocadas)');
    }
    if (this.version === 'v14' && text.length > expected) {
      throw new LineError(line, `registro ${type}`, `com ${text.length} posições, esperado ${expected}`);
    }
  }

  private readHeader(line: number, text: string): void {
    requireLength(text, 73, line, '0');
    const acquirer = slice(text, 43, 47);
    if (acquirer !== 'CIELO') throw new LineError(line, 'adquirente do cabeçalho', `não é CIELO ("${acquirer}")`);
    this.fileType = slice(text, 48, 49);
    const version = slice(text, 71, 73);
    const sequence = alpha(slice(text, 36, 42));
    const header: FileHeader = {
      kind: 'header',
      line,
      operator: 'cielo',
      layout: `CIELO${this.fileType}`,
      version,
      merchantId: alpha(slice(text, 2, 11)),
      fileDate: requiredDateAt(text, 12, 19, line, 'data de processamento', 'AAAAMMDD'),
      movementDate: requiredDateAt(text, 20, 27, line, 'início do período', 'AAAAMMDD'),
      sequence,
      // 9999999 marks a re-delivery of a file already sent (recuperação)
      processingType: sequence === '9999999' ? 'RECUPERACAO' : 'NORMAL',
    };
    requiredDateAt(text, 28, 35, line, 'fim do período', 'AAAAMMDD');
    this.header = header;
    this.out.push(header);
    if ((this.version === 'v15') !== (version === '015')) {
      this.out.push({ kind: 'error', line, message: `Linha ${line}: versão do layout ${version} não é lida pelo leitor Cielo ${this.version}` });
    }
  }

  private readTrailer(line: number, text: string): void {
    requireLength(text, 95, line, '9');
    const declared = count(text, 2, 12, line, 'quantidade de registros');
    const gross = signed(text, 42, 43, 59, line, 'total bruto');
    const net = signed(text, 13, 14, 30, line, 'total líquido');
    const trailer: FileTrailer = {
      kind: 'trailer',
      line,
      recordCount: declared + 2,
      gross,
      fee: gross - net,
      net,
      saleCount: count(text, 31, 41, line, 'quantidade de lançamentos'),
    };
    const err = checkTotals(line, 'trailer 9', [
      { name: 'quantidade de registros', declared, read: this.body },
      ...this.trailerChecks(trailer, text, line),
    ]);
    if (err) this.out.push(err);
    this.out.push(trailer);
  }
}

/**
 * Runs a reader over the lines of a file, given in batches (see `readLineBatches`): the items of each batch of lines
 * in one array, in line order, the records' warnings (unknown codes, figures that disagree) among them when
 * `warnings` is given. The lines of a batch are read synchronously: one async step per chunk of the file.
 */
export async function* readCieloBatches(reader: CieloReader, batches: AsyncIterable<LineBatch>, warnings?: RecordWarnings): AsyncGenerator<ParsedItem[]> {
  for await (const { first, texts } of batches) {
    for (let i = 0; i < texts.length; i++) reader.push(first + i, texts[i]!);
    const items = reader.takeItems();
    if (items.length > 0) yield warnings ? warnings.checkBatch(items) : items;
  }
  reader.end();
  const items = reader.takeItems();
  if (items.length > 0) yield warnings ? warnings.checkBatch(items) : items;
}

/** `readCieloBatches` item by item (without the records' warnings, which the layout adds). */
export function readCielo(reader: CieloReader, batches: AsyncIterable<LineBatch>): AsyncIterableIterator<ParsedItem> {
  return itemsOfBatches(readCieloBatches(reader, batches));
}

/** Lines one at a time as batches of one, for callers that hold a line iterable (`readLines`). */
export async function* singleLineBatches(lines: AsyncIterable<TextLine>): AsyncGenerator<LineBatch> {
  for await (const l of lines) yield { first: l.line, texts: [l.text] };
}
