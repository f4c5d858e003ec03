import type { MappedField } from '../layout';
import type { FileTrailer, ParseErrorItem, ParsedItem } from '../model';
import { LineError, num } from '../read/fields';
import type { TextLine } from '../read/lines';
import { lineReaderItems } from '../read/reader-batches';
import { checkTotals } from '../read/totals';
import { moneyText } from './cell-values';
import { CUSTOMER_HEADERS, CUSTOMER_MAPPING, SEPARATOR, TOTAL_TAG, headerHint } from './customer-csv.columns';
import { CsvItemReader, CsvRowReader } from './csv-rows.reader';
import { type FieldIndex, buildRecord } from './mapped-record.builder';
import { type SheetRow, isBlankRow } from './sheet-row';

/**
 * The customer sales file (CLIENTE_CSV, docs/customer-file-layout.md) → CustomerSaleRecords (operator
 * 'cliente'), one per line, in file order. The header line must be one of the four accepted ones (without it
 * the columns are unknown and nothing is read). Blank lines are skipped. The closing TOTAL line is optional;
 * when present its count and gross are checked against the sales read and a FileTrailer is yielded.
 */

const asText = (row: SheetRow) => row.cells.map((c) => (typeof c === 'string' ? c : c.number));

export function parseCustomerCsv(lines: AsyncIterable<TextLine>): AsyncGenerator<ParsedItem> {
  return lineReaderItems(new CustomerCsvReader(), lines);
}

/**
 * `parseCustomerCsv` line by line and synchronously (LineItemReader): the same items in the same order, for the bulk
 * load's batches (parseBatches; one async step per chunk of the file instead of three generators' steps per line).
 */
export class CustomerCsvReader extends CsvItemReader {
  private index: FieldIndex | null = null;
  private width = 0;
  private records = 0;
  private totalLine = 0;
  private readonly read = { count: 0, gross: 0 };

  constructor() {
    super(new CsvRowReader({ separator: SEPARATOR }));
  }

  protected finish(out: ParsedItem[]): void {
    if (this.records === 0) out.push({ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' });
  }

  protected row(item: SheetRow | ParseErrorItem, out: ParsedItem[]): void {
    if ('kind' in item) {
      out.push(item);
      return;
    }
    if (isBlankRow(item)) return;
    this.records++;
    if (this.index === null) {
      const header = asText(item).join(SEPARATOR).trim();
      const columns = CUSTOMER_HEADERS.get(header);
      if (!columns) {
        out.push({ kind: 'error', line: item.line, message: `Linha ${item.line}: cabeçalho não reconhecido; esperado "${headerHint()}" (ESTABELECIMENTO e OPERADORA opcionais)` });
        this.done = true;
        return;
      }
      this.index = Object.fromEntries(columns.map(([, field], i) => [field, i])) as Partial<Record<MappedField, number>>;
      this.width = columns.length;
      return;
    }
    if (this.totalLine > 0) {
      out.push({ kind: 'error', line: item.line, message: `Linha ${item.line}: linha após a linha ${TOTAL_TAG} (linha ${this.totalLine})` });
      return;
    }
    try {
      if (typeof item.cells[0] === 'string' && item.cells[0].trim().toUpperCase() === TOTAL_TAG) {
        this.totalLine = item.line;
        for (const t of checkTotal(item, this.records, this.read)) out.push(t);
        return;
      }
      const width = this.width;
      // cells beyond the columns must be blank (a loop, not slice + filter: this runs once per sale)
      let extra = 0;
      for (let i = width; i < item.cells.length; i++) {
        const c = item.cells[i];
        if (typeof c === 'string' && c.trim() !== '') extra++;
      }
      if (extra > 0) throw new LineError(item.line, 'linha', `com ${item.cells.length} colunas, esperado ${width}`);
      const sale = buildRecord(item, this.index, { mapping: CUSTOMER_MAPPING, recordType: 'VENDA', date1904: false, checkWidth: true, salesOnly: true });
      this.read.count++;
      this.read.gross += sale.gross;
      out.push(sale);
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      out.push({ kind: 'error', line: e.line, message: e.message });
    }
  }
}

function* checkTotal(row: SheetRow, records: number, read: { count: number; gross: number }): Generator<ParsedItem> {
  const [, countRaw = '', grossRaw = ''] = asText(row);
  const saleCount = num(countRaw, row.line, 'quantidade de vendas da linha TOTAL');
  const gross = moneyText(grossRaw, ',', row.line, 'valor bruto da linha TOTAL');
  const err = checkTotals(row.line, `linha ${TOTAL_TAG}`, [
    { name: 'quantidade de vendas', declared: saleCount, read: read.count },
    { name: 'valor bruto', declared: gross, read: read.gross, money: true },
  ]);
  if (err) yield err;
  const trailer: FileTrailer = { kind: 'trailer', line: row.line, recordCount: records, gross, fee: 0, net: gross, saleCount };
  yield trailer;
}
