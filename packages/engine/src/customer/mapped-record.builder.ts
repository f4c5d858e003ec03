import type { ColumnMapping, MappedField } from '../layout';
import type { CustomerSaleRecord, SaleRecord } from '../model';
import { LineError } from '../read/fields';
import { type CellContext, cellDateTime, cellInstallments, cellMoney, cellTextOrNull, cellTime } from './cell-values';
import { customerBrand, customerProduct } from './customer.codes';
import type { Cell, SheetRow } from './sheet-row';

/**
 * One row of a tabular source → a normalised record, given where each mapped field is (column index):
 * - operator 'cliente' (the merchant's own sales) → CustomerSaleRecord;
 * - any other operator (voucher statements: 'alelo', 'ticket', 'vr', 'pluxee') → SaleRecord of that operator.
 * Voucher statements seldom give every figure: the fee is the fee column (its size: statements often show it
 * negative), else gross − net, else 0 (unknown); net is the net column, else gross − fee. Statements have no
 * batch (RV/RO): batchId ''. A bad value throws a LineError naming the line and the field.
 */

export const FIELD_NAMES: Record<MappedField, string> = {
  saleDate: 'data da venda',
  saleTime: 'hora da venda',
  nsu: 'NSU',
  authorization: 'autorização',
  tid: 'TID',
  terminal: 'terminal',
  installments: 'parcelas',
  gross: 'valor bruto',
  fee: 'taxa',
  net: 'valor líquido',
  brand: 'bandeira',
  product: 'produto',
  customerCode: 'código do cliente',
  nossoNumero: 'nosso número',
  merchantId: 'estabelecimento',
  creditDate: 'data de crédito',
  operator: 'operadora',
};

export type FieldIndex = Partial<Record<MappedField, number>>;

export interface BuildOptions {
  mapping: ColumnMapping;
  /** 'CSV' | 'XLSX' | the customer layout's own */
  recordType: string;
  date1904: boolean;
  /** CSV rows must reach every mapped column (a short row is a truncated line); XLSX rows drop blank trailing cells */
  checkWidth: boolean;
  /** the customer layout takes sales only: a negative gross is an error */
  salesOnly?: boolean;
}

/** Where every field is, −1 when not mapped, and the columns a row must reach: one object of one shape per file. */
interface Columns extends Record<MappedField, number> {
  width: number;
}

const columnsByIndex = new WeakMap<FieldIndex, Columns>();
/**
 * The file's field index read once into an object with every field, so each row reads its columns by name from
 * one shape instead of by a computed key from index objects of as many shapes as mappings.
 */
function columnsOf(index: FieldIndex): Columns {
  let c = columnsByIndex.get(index);
  if (c === undefined) {
    const at = (f: MappedField) => index[f] ?? -1;
    c = {
      saleDate: at('saleDate'), saleTime: at('saleTime'), nsu: at('nsu'), authorization: at('authorization'), tid: at('tid'),
      terminal: at('terminal'), installments: at('installments'), gross: at('gross'), fee: at('fee'), net: at('net'),
      brand: at('brand'), product: at('product'), customerCode: at('customerCode'), nossoNumero: at('nossoNumero'),
      merchantId: at('merchantId'), creditDate: at('creditDate'), operator: at('operator'),
      width: Math.max(...Object.values(index)) + 1,
    };
    columnsByIndex.set(index, c);
  }
  return c;
}

// module functions rather than closures made for every row: a million-row file makes no million closures
const cellAt = (cells: Cell[], column: number): Cell | undefined => (column < 0 ? undefined : cells[column]);
const textAt = (cells: Cell[], column: number): string | null => cellTextOrNull(cellAt(cells, column));

export function buildRecord(row: SheetRow, index: FieldIndex, o: BuildOptions): CustomerSaleRecord | SaleRecord {
  const { line, cells } = row;
  const at = columnsOf(index);
  if (o.checkWidth && cells.length < at.width) {
    throw new LineError(line, 'linha', `com ${cells.length} colunas, esperado ao menos ${at.width} (linha truncada?)`);
  }
  const ctx: CellContext = { line, date1904: o.date1904 };
  const mark = o.mapping.decimalMark;

  const saleDateTime = cellDateTime(cellAt(cells, at.saleDate), o.mapping.dateFormat, ctx, FIELD_NAMES.saleDate);
  if (!saleDateTime) throw new LineError(line, FIELD_NAMES.saleDate, 'ausente');
  const gross = cellMoney(cellAt(cells, at.gross), mark, ctx, FIELD_NAMES.gross);
  if (gross === null) throw new LineError(line, FIELD_NAMES.gross, 'ausente');
  if (o.salesOnly && gross < 0) throw new LineError(line, FIELD_NAMES.gross, `negativo ("${textAt(cells, at.gross)}"): o arquivo de vendas só traz vendas`);
  const saleTime = at.saleTime < 0 || at.saleTime === at.saleDate ? saleDateTime.time : cellTime(cellAt(cells, at.saleTime), ctx, FIELD_NAMES.saleTime);
  const installments = cellInstallments(cellAt(cells, at.installments), ctx, FIELD_NAMES.installments);
  const brand = customerBrand(textAt(cells, at.brand));
  const product = customerProduct(textAt(cells, at.product));
  // the two records are written out in full, without spreading a shared part: `{ ...base, kind, … }` cost 15 µs a row
  // in V8 (3 s of a 200k-row file's 3.7 s parse), the spread's copy then each added property moving the object to a
  // new hidden class
  const merchantId = textAt(cells, at.merchantId) ?? '';
  const tid = textAt(cells, at.tid);
  const authorization = textAt(cells, at.authorization);
  const terminal = textAt(cells, at.terminal);
  if (o.mapping.operator === 'cliente') {
    return {
      line,
      recordType: o.recordType,
      merchantId,
      saleDate: saleDateTime.date,
      saleTime,
      tid,
      authorization,
      terminal,
      installments,
      gross,
      kind: 'customerSale',
      operator: 'cliente',
      nsu: textAt(cells, at.nsu),
      brand,
      product,
      customerCode: textAt(cells, at.customerCode),
      nossoNumero: textAt(cells, at.nossoNumero),
      operatorHint: textAt(cells, at.operator),
    };
  }
  const feeRead = cellMoney(cellAt(cells, at.fee), mark, ctx, FIELD_NAMES.fee);
  const netRead = cellMoney(cellAt(cells, at.net), mark, ctx, FIELD_NAMES.net);
  const fee = feeRead !== null ? Math.abs(feeRead) : netRead !== null ? gross - netRead : 0;
  const creditDate = cellDateTime(cellAt(cells, at.creditDate), o.mapping.dateFormat, ctx, FIELD_NAMES.creditDate)?.date ?? null;
  return {
    line,
    recordType: o.recordType,
    merchantId,
    saleDate: saleDateTime.date,
    saleTime,
    tid,
    authorization,
    terminal,
    installments,
    gross,
    kind: 'sale',
    operator: o.mapping.operator,
    batchId: '',
    nsu: textAt(cells, at.nsu) ?? '',
    fee,
    net: netRead ?? gross - fee,
    brand: brand ?? { code: '', name: null },
    product: product ?? { code: '', name: null },
    capture: { code: '', name: null },
    card: null,
    status: { code: '', name: null },
    accepted: true,
    creditDate,
  };
}
