import type { FileHeader, FileTrailer, ParseErrorItem, ParsedItem, ParseWarningItem, SaleRecord, SummaryRecord } from '../model';
import type { TextLine } from '../read/lines';
import { checkTotals } from '../read/totals';

/**
 * What the Rede readers (EEVC, EEVD) share: the line loop (blank lines, record count, e-commerce complements
 * merged into the CV just before them, records after the trailer, the header first), one error item per
 * LineError, the RV check against its CVs and the end-of-file checks. Each format keeps its own record
 * layouts: `R` is a line as the format reads it (fixed-width text or split columns).
 */

/** The RV being read and what its CVs add up to. */
export interface OpenRv {
  summary: SummaryRecord;
  cvCount: number;
  gross: number;
  fee: number;
  net: number;
}

import { lineErrorItem, looksUtf8, utf8Error } from '../read/line-checks';

export { lineErrorItem };

export abstract class RedeReader<R, Rv extends OpenRv = OpenRv> {
  protected records = 0;
  protected header: FileHeader | null = null;
  protected trailerLine = 0;
  protected rv: Rv | null = null;
  private pendingSale: SaleRecord | null = null;
  private lastLine = 0;

  /**
   * @param layout 'EEVC' | 'EEVD', as the header error names it
   * @param headerType the record type the file must start with
   * @param trailerName how messages name the trailer: 'trailer 028'
   * @param complementTypes record types merged into the pending CV
   */
  constructor(
    private readonly layout: string,
    private readonly headerType: string,
    private readonly trailerName: string,
    private readonly complementTypes: readonly string[],
  ) {}

  /** The line as the format reads it. */
  protected abstract split(text: string): R;
  protected abstract typeOf(rec: R): string;
  /** One record (not a complement), inside the LineError guard. */
  protected abstract record(line: number, rec: R, type: string, out: ParsedItem[]): void;
  /** Merges a complement into the CV just before it (or reports that it does not match). */
  protected abstract mergeComplement(sale: SaleRecord, line: number, rec: R, type: string, out: ParsedItem[]): void;

  /** Before the trailer check, after the pending CV is out: true when the line is fully handled. */
  protected beforeRecord(_line: number, _rec: R, _type: string, _out: ParsedItem[]): boolean {
    return false;
  }

  /** At the end of the file, after the pending CV is out and before the open RV is closed. */
  protected beforeEnd(_out: ParsedItem[]): void {}

  push({ line, text }: TextLine): ParsedItem[] {
    this.lastLine = line;
    if (text.trim() === '') return [];
    this.records++;
    const out: ParsedItem[] = [];
    if (looksUtf8(text)) {
      out.push(utf8Error(line));
      return out;
    }
    const rec = this.split(text);
    const type = this.typeOf(rec);

    const sale = this.pendingSale;
    if (sale && this.complementTypes.includes(type)) {
      this.guard(out, () => this.mergeComplement(sale, line, rec, type, out));
      return out;
    }
    this.flushSale(out);
    if (this.beforeRecord(line, rec, type, out)) return out;

    if (this.trailerLine > 0) {
      out.push({ kind: 'error', line, message: `Linha ${line}: registro ${type} após o ${this.trailerName} (linha ${this.trailerLine})` });
      return out;
    }
    if (this.records === 1 && type !== this.headerType) {
      out.push({ kind: 'error', line, message: `Linha ${line}: esperado o cabeçalho ${this.headerType} do ${this.layout}, encontrado registro "${type}"` });
    }
    this.guard(out, () => this.record(line, rec, type, out));
    return out;
  }

  end(): ParsedItem[] {
    const out: ParsedItem[] = [];
    this.flushSale(out);
    this.beforeEnd(out);
    this.closeRv(out);
    if (this.records === 0) out.push({ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' });
    else if (this.trailerLine === 0) {
      out.push({ kind: 'error', line: this.lastLine, message: `Linha ${this.lastLine}: arquivo termina sem o ${this.trailerName} (arquivo truncado?)` });
    }
    return out;
  }

  /** A CV read: held until the next line, which may be its complement. */
  protected holdSale(sale: SaleRecord): void {
    this.pendingSale = sale;
  }

  /** Adds a CV to what its RV's CVs sum to. */
  protected static addCv(rv: OpenRv, sale: SaleRecord): void {
    rv.cvCount++;
    rv.gross += sale.gross;
    rv.fee += sale.fee;
    rv.net += sale.net;
  }

  /** Checks the open RV against its CVs (count, gross, discount, net). */
  protected closeRv(out: ParsedItem[]): void {
    const rv = this.rv;
    if (!rv) return;
    this.rv = null;
    const s = rv.summary;
    const err = checkTotals(s.line, `RV ${s.batchId} (registro ${s.recordType})`, [
      { name: 'quantidade de CVs', declared: s.saleCount, read: rv.cvCount },
      { name: 'valor bruto', declared: s.gross, read: rv.gross, money: true },
      { name: 'valor do desconto', declared: s.fee, read: rv.fee, money: true },
      { name: 'valor líquido', declared: s.net, read: rv.net, money: true },
    ]);
    if (err) out.push(err);
  }

  /** The trailer line is read: records after it are errors. */
  protected trailerAt(line: number, out: ParsedItem[]): void {
    this.closeRv(out);
    this.trailerLine = line;
  }

  /** Emits the trailer after its checks: the trailer's PV against the header's, then the totals. */
  protected emitTrailer(line: number, trailer: FileTrailer, pv: string, totalsError: ParseErrorItem | ParseWarningItem | null, out: ParsedItem[]): void {
    if (this.header && pv !== this.header.merchantId) {
      out.push({ kind: 'error', line, message: `Linha ${line}: ${this.trailerName} do PV ${pv}, cabeçalho do PV ${this.header.merchantId}` });
    }
    if (totalsError) out.push(totalsError);
    out.push(trailer);
  }

  private flushSale(out: ParsedItem[]): void {
    if (this.pendingSale) out.push(this.pendingSale);
    this.pendingSale = null;
  }

  private guard(out: ParsedItem[], read: () => void): void {
    try {
      read();
    } catch (e) {
      out.push(lineErrorItem(e));
    }
  }
}

/** Runs a reader over the lines of a file: items one by one, in line order. */
export async function* readWith<R, Rv extends OpenRv>(reader: RedeReader<R, Rv>, lines: AsyncIterable<TextLine>): AsyncGenerator<ParsedItem> {
  for await (const l of lines) yield* reader.push(l);
  yield* reader.end();
}
