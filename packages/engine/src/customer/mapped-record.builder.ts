import type { ColumnMapping, MappedField } from '../layout';
import type { CustomerSaleRecord, SaleRecord } from '../model';
import { LineError } from '../read/fields';
import { type CellContext, cellDateTime, cellInstallments, cellMoney, cellTextOrNull, cellTime } from './cell-values';
import { customerBrand, customerProduct } from './customer.codes';
import type { SheetRow } from './sheet-row';

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

const widths = new WeakMap<FieldIndex, number>();
/** Columns a row must reach: computed once per file's index, not once per row. */
function widthOf(index: FieldIndex): number {
  let w = widths.get(index);
  if (w === undefined) widths.set(index, (w = Math.max(...Object.values(index)) + 1));
  return w;
}

export function buildRecord(row: SheetRow, index: FieldIndex, o: BuildOptions): CustomerSaleRecord | SaleRecord {
  const { line } = row;
  if (o.checkWidth) {
    const needed = widthOf(index);
    if (row.cells.length < needed) throw new LineError(line, 'linha', `com ${row.cells.length} colunas, esperado ao menos ${needed} (linha truncada?)`);
  }
  const ctx: CellContext = { line, date1904: o.date1904 };
  const cell = (f: MappedField) => (index[f] === undefined ? undefined : row.cells[index[f]])
  const text = (f: MappedField) => cellTextOrNull(cell(f));
  const money = (f: MappedField) => cellMoney(cell(f), o.mapping.decimalMark, ctx, FIELD_NAMES[f]);

  const saleDateTime = cellDateTime(cell('saleDate'), o.mapping.dateFormat, ctx, FIELD_NAMES.saleDate);
  if (!saleDateTime) throw new LineError(line, FIELD_NAMES.saleDate, 'ausente');
  const gross = money('gross');
  if (gross === null) throw new LineError(line, FIELD_NAMES.gross, 'ausente');
  if (o.salesOnly && gross < 0) throw new LineError(line, FIELD_NAMES.gross, `negativo ("${text('gross')}"): o arquivo de vendas só traz vendas`);
  const saleTime = index.saleTime === undefined || index.saleTime === index.saleDate ? saleDateTime.time : cellTime(cell('saleTime'), ctx, FIELD_NAMES.saleTime);
  const installments = cellInstallments(cell('installments'), ctx, FIELD_NAMES.installments);
  const brand = customerBrand(text('brand'));
  const product = customerProduct(text('product'));
  const base = {
    line,
    recordType: o.recordType,
    merchantId: text('merchantId') ?? '',
    saleDate: saleDateTime.date,
    saleTime,
    tid: text('tid'),
    authorization: text('authorization'),
    terminal: text('terminal'),
    installments,
    gross,
  };
  if (o.mapping.operator === 'cliente') {
    return {
      ...base,
      kind: 'customerSale',
      operator: 'cliente',
      nsu: text('nsu'),
      brand,
      product,
      customerCode: text('customerCode'),
      nossoNumero: text('nossoNumero'),
      operatorHint: text('operator'),
    };
  }
  const feeRead = money('fee');
  const netRead = money('net');
  const fee = feeRead !== null ? Math.abs(feeRead) : netRead !== null ? gross - netRead : 0;
  const creditDate = cellDateTime(cell('creditDate'), o.mapping.dateFormat, ctx, FIELD_NAMES.creditDate)?.date ?? null;
  return {
    ...base,
    kind: 'sale',
    operator: o.mapping.operator,
    batchId: '',
    nsu: text('nsu') ?? '',
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
