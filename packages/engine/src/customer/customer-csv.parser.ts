import type { MappedField } from '../layout';
import type { FileTrailer, ParsedItem } from '../model';
import { LineError, num } from '../read/fields';
import type { TextLine } from '../read/lines';
import { checkTotals } from '../read/totals';
import { moneyText } from './cell-values';
import { CUSTOMER_HEADERS, CUSTOMER_MAPPING, SEPARATOR, TOTAL_TAG, headerHint } from './customer-csv.columns';
import { readCsvRows } from './csv-rows.reader';
import { type FieldIndex, buildRecord } from './mapped-record.builder';
import { type SheetRow, isBlankRow } from './sheet-row';

/**
 * The customer sales file (CLIENTE_CSV, docs/customer-file-layout.md) → CustomerSaleRecords (operator
 * 'cliente'), one per line, in file order. The header line must be one of the four accepted ones (without it
 * the columns are unknown and nothing is read). Blank lines are skipped. The closing TOTAL line is optional;
 * when present its count and gross are checked against the sales read and a FileTrailer is yielded.
 */

const asText = (row: SheetRow) => row.cells.map((c) => (typeof c === 'string' ? c : c.number));

export async function* parseCustomerCsv(lines: AsyncIterable<TextLine>): AsyncGenerator<ParsedItem> {
  let index: FieldIndex | null = null;
  let width = 0;
  let records = 0;
  let totalLine = 0;
  const read = { count: 0, gross: 0 };

  for await (const item of readCsvRows(lines, { separator: SEPARATOR })) {
    if ('kind' in item) {
      yield item;
      continue;
    }
    if (isBlankRow(item)) continue;
    records++;
    if (index === null) {
      const header = asText(item).join(SEPARATOR).trim();
      const columns = CUSTOMER_HEADERS.get(header);
      if (!columns) {
        yield { kind: 'error', line: item.line, message: `Linha ${item.line}: cabeçalho não reconhecido; esperado "${headerHint()}" (ESTABELECIMENTO e OPERADORA opcionais)` };
        return;
      }
      index = Object.fromEntries(columns.map(([, field], i) => [field, i])) as Partial<Record<MappedField, number>>;
      width = columns.length;
      continue;
    }
    if (totalLine > 0) {
      yield { kind: 'error', line: item.line, message: `Linha ${item.line}: linha após a linha ${TOTAL_TAG} (linha ${totalLine})` };
      continue;
    }
    try {
      if (typeof item.cells[0] === 'string' && item.cells[0].trim().toUpperCase() === TOTAL_TAG) {
        totalLine = item.line;
        yield* checkTotal(item, records, read);
        continue;
      }
      const extra = item.cells.slice(width).filter((c) => typeof c === 'string' && c.trim() !== '');
      if (extra.length > 0) throw new LineError(item.line, 'linha', `com ${item.cells.length} colunas, esperado ${width}`);
      const sale = buildRecord(item, index, { mapping: CUSTOMER_MAPPING, recordType: 'VENDA', date1904: false, checkWidth: true, salesOnly: true });
      read.count++;
      read.gross += sale.gross;
      yield sale;
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      yield { kind: 'error', line: e.line, message: e.message };
    }
  }
  if (records === 0) yield { kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' };
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
