import type { BusinessDate } from '@concilia/domain';
import { CsvItemReader, CsvRowReader } from '../customer/csv-rows.reader';
import { type SheetRow, isBlankRow } from '../customer/sheet-row';
import {
  type AdjustmentRecord, type CancellationRecord, type ChargebackRecord, type Coded, type FileHeader, NO_ORIGINAL_SALE,
  type ParsedItem, type ParseErrorItem, type ParseWarningItem, type SaleRecord, type SettlementRecord,
} from '../model';
import { LineError, cardOfParts } from '../read/fields';
import { recordDate } from '../read/json-statement';
import { readLineBatches, readLines } from '../read/lines';
import { lineReaderBatches, lineReaderItems } from '../read/reader-batches';
import { countOf, decimalCentavos, decimalOrNull, decodeCode, firstUnknowns, isoDateTime, textOrNull } from '../read/record-values';
import { MP_CORRECTIONS, MP_PAYMENT_METHOD_TYPES, MP_PAYMENT_METHODS, MP_TRANSACTION_TYPES, MP_WITHDRAWALS } from './mercadopago.codes';

/**
 * Mercado Pago settlement report (CSV), docs/layouts/mercadopago.md. The report's columns are configurable in
 * Mercado Pago's panel, so columns are found by their header names (case ignored), never by position; only the
 * six below are required. One row per movement of the account:
 * - SETTLEMENT (an approved payment) → a SaleRecord (gross TRANSACTION_AMOUNT, net SETTLEMENT_NET_AMOUNT, fee the
 *   difference, marketplace ids: SOURCE_ID the payment, ORDER_ID / PACK_ID / EXTERNAL_REFERENCE the order,
 *   PRODUCT_SKU the item) and a SettlementRecord of the net made available on SETTLEMENT_DATE;
 * - REFUND / CHARGEBACK → CancellationRecord / ChargebackRecord (amount as signed by the report);
 * - WITHDRAWAL (money sent to the merchant's bank) → a SettlementRecord of the amount paid out;
 * - any other type → an AdjustmentRecord with the type as reason (unknown types warned, never refused).
 * The report has no file header: the FileHeader is made from the first movement (USER_ID, its SETTLEMENT_DATE).
 */

export const MP_REQUIRED = ['SOURCE_ID', 'TRANSACTION_TYPE', 'TRANSACTION_AMOUNT', 'TRANSACTION_DATE', 'SETTLEMENT_NET_AMOUNT', 'SETTLEMENT_DATE'] as const;
const MP_OPTIONAL = [
  'EXTERNAL_REFERENCE', 'USER_ID', 'PAYMENT_METHOD_TYPE', 'PAYMENT_METHOD', 'FEE_AMOUNT', 'INSTALLMENTS', 'CARD_INITIAL_NUMBER',
  'LAST_FOUR_DIGITS', 'POS_ID', 'STORE_ID', 'ORDER_ID', 'PACK_ID', 'PRODUCT_SKU',
] as const;
type Column = (typeof MP_REQUIRED)[number] | (typeof MP_OPTIONAL)[number];

/** Header cell → column name as the report writes it: trimmed, uppercase, BOM and quotes already gone. */
const headerName = (cell: string) => cell.trim().toUpperCase();

/** A money cell: the API writes '148.00'; a panel export saved by a pt-BR spreadsheet may write '148,00'. */
function money(raw: string, field: string, line: number) {
  return decimalCentavos(raw, field, line, raw.includes(',') && !raw.includes('.'));
}


class MercadoPagoRow {
  constructor(
    private readonly cells: string[],
    private readonly index: Partial<Record<Column, number>>,
    readonly line: number,
  ) {}

  text(c: Column): string | null {
    const i = this.index[c];
    return i === undefined ? null : textOrNull(this.cells[i]);
  }

  required(c: Column): string {
    const t = this.text(c);
    if (t === null) throw new LineError(this.line, c, 'ausente');
    return t;
  }
}

/** A report's items one by one, in line order (LayoutDef.parse). */
export function parseMercadoPagoCsv(source: AsyncIterable<Uint8Array>): AsyncGenerator<ParsedItem> {
  return lineReaderItems(new MercadoPagoCsvReader(), readLines(source));
}

/**
 * The same items in arrays, one per chunk of the file (LayoutDef.parseBatches). No RecordWarnings: `parse` adds
 * none either (no withRecordWarnings on this layout); the reader gives its own warnings (unknown codes, net above
 * gross, a FEE_AMOUNT above the difference).
 */
export function mercadoPagoCsvBatches(source: AsyncIterable<Uint8Array>): AsyncGenerator<ParsedItem[]> {
  return lineReaderBatches(new MercadoPagoCsvReader(), readLineBatches(source));
}

/**
 * The Mercado Pago reader, one line at a time and synchronously (LineItemReader): `parse` and `parseBatches` both
 * run it, so the two give the same items. The CSV records come from CsvRowReader (separator found on the header
 * line, quoted fields over several lines). A header without the required columns ends the reading (`done`):
 * without it no column can be found.
 */
export class MercadoPagoCsvReader extends CsvItemReader {
  private index: Partial<Record<Column, number>> | null = null;
  private header: FileHeader | null = null;
  private rows = 0;
  /** the unknown codes already warned about: one warning per field and code in the file */
  private readonly unknown = new Set<string>();

  constructor() {
    super(new CsvRowReader({ separator: null }));
  }

  protected finish(out: ParsedItem[]): void {
    if (this.index === null) out.push({ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' });
    else if (this.rows === 0) out.push({ kind: 'error', line: 0, message: 'Arquivo sem movimentos: só o cabeçalho' });
  }

  protected row(item: SheetRow | ParseErrorItem, out: ParsedItem[]): void {
    if ('kind' in item) {
      out.push(item);
      return;
    }
    if (isBlankRow(item)) return;
    const cells = item.cells.map((c) => (typeof c === 'string' ? c : c.number));
    const index = this.index;
    if (index === null) {
      this.readHeader(item.line, cells, out);
      return;
    }
    this.rows++;
    // the row's warnings are held until it is read whole: a row refused for a bad field gives its error only
    const warnings: ParseWarningItem[] = [];
    try {
      const records = readRow(new MercadoPagoRow(cells, index, item.line), warnings);
      if (!this.header) {
        const first = records[0]!;
        this.header = {
          kind: 'header', line: 1, operator: 'mercadopago', layout: 'MERCADOPAGO_CSV', version: '', merchantId: first.merchantId,
          fileDate: recordDate(first), movementDate: null, sequence: '', processingType: '',
        };
        out.push(this.header);
      }
      for (const w of firstUnknowns(warnings, this.unknown)) out.push(w);
      for (const r of records) out.push(r);
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      out.push({ kind: 'error', line: e.line, message: e.message });
    }
  }

  /** The header row: where each column is, or an error that ends the reading. */
  private readHeader(line: number, cells: string[], out: ParsedItem[]): void {
    const names = cells.map(headerName);
    const missing = MP_REQUIRED.filter((c) => !names.includes(c));
    if (missing.length > 0) {
      out.push({ kind: 'error', line, message: `Linha ${line}: cabeçalho do relatório de liquidações sem a(s) coluna(s) ${missing.join(', ')}` });
      this.done = true;
      return;
    }
    const index: Partial<Record<Column, number>> = {};
    for (const c of [...MP_REQUIRED, ...MP_OPTIONAL]) {
      const i = names.indexOf(c);
      if (i !== -1) index[c] = i;
    }
    this.index = index;
  }
}

type MpRecord = SaleRecord | SettlementRecord | CancellationRecord | ChargebackRecord | AdjustmentRecord;

function readRow(row: MercadoPagoRow, warnings: ParseWarningItem[]): MpRecord[] {
  const line = row.line;
  const where = `Linha ${line}`;
  const typeRaw = row.required('TRANSACTION_TYPE').toUpperCase();
  const type = decodeCode(typeRaw, MP_TRANSACTION_TYPES, 'tipo de movimento (TRANSACTION_TYPE)', where, line, warnings);
  const sourceId = row.required('SOURCE_ID');
  const gross = money(row.required('TRANSACTION_AMOUNT'), 'valor da transação (TRANSACTION_AMOUNT)', line);
  const net = money(row.required('SETTLEMENT_NET_AMOUNT'), 'valor líquido (SETTLEMENT_NET_AMOUNT)', line);
  const tx = isoDateTime(row.required('TRANSACTION_DATE'), 'data da transação (TRANSACTION_DATE)', line);
  const settled = isoDateTime(row.required('SETTLEMENT_DATE'), 'data de liquidação (SETTLEMENT_DATE)', line).date;
  const merchantId = row.text('USER_ID') ?? '';
  const methodRaw = row.text('PAYMENT_METHOD');
  const brand: Coded | null = methodRaw === null ? null : decodeCode(methodRaw.toLowerCase(), MP_PAYMENT_METHODS, 'meio de pagamento (PAYMENT_METHOD)', where, line, warnings);
  const card = cardOfParts(row.text('CARD_INITIAL_NUMBER'), row.text('LAST_FOUR_DIGITS'));
  const base = { line, operator: 'mercadopago' as const, recordType: typeRaw, merchantId };

  if (typeRaw === 'SETTLEMENT') {
    const fee = gross - net;
    const feeColumn = decimalOrNull(row.text('FEE_AMOUNT'), 'tarifa (FEE_AMOUNT)', line, (row.text('FEE_AMOUNT') ?? '').includes(',') && !(row.text('FEE_AMOUNT') ?? '').includes('.'));
    if (net > gross) warnings.push({ kind: 'warning', line, message: `${where}: valor líquido ${net} maior que o valor da transação ${gross} (centavos); tarifa negativa` });
    else if (feeColumn !== null && Math.abs(feeColumn) > fee) {
      warnings.push({ kind: 'warning', line, message: `${where}: tarifa FEE_AMOUNT (${Math.abs(feeColumn)}) maior que a diferença entre bruto e líquido (${fee}) (centavos)` });
    }
    const productRaw = row.text('PAYMENT_METHOD_TYPE');
    const product = decodeCode(productRaw === null ? null : productRaw.toLowerCase(), MP_PAYMENT_METHOD_TYPES, 'tipo de meio de pagamento (PAYMENT_METHOD_TYPE)', where, line, warnings, 'não informado');
    const pos = row.text('POS_ID');
    const sale: SaleRecord = {
      ...base, kind: 'sale', batchId: '', nsu: sourceId, authorization: null, tid: null, saleDate: tx.date, saleTime: tx.time, gross, fee, net,
      installments: Math.max(1, countOf(row.text('INSTALLMENTS'), 'parcelas (INSTALLMENTS)', line, 1)),
      brand: brand ?? { code: '', name: null }, product,
      capture: pos ? { code: 'pos', name: 'Presencial (ponto de venda)' } : { code: 'online', name: 'Online' },
      card, terminal: pos, status: type, accepted: true, creditDate: settled,
      marketplace: {
        sellerId: null, paymentId: sourceId, orderId: row.text('ORDER_ID') ?? row.text('PACK_ID') ?? row.text('EXTERNAL_REFERENCE'), itemId: row.text('PRODUCT_SKU'),
      },
    };
    const settlement: SettlementRecord = {
      ...base, kind: 'settlement', batchId: null, nsu: sourceId, settlementDate: settled, saleDate: tx.date, dueDate: null, amount: net, gross, fee,
      installment: null, installmentTotal: sale.installments, brand, account: null, marketplace: sale.marketplace,
    };
    return [sale, settlement];
  }
  if (MP_WITHDRAWALS.has(typeRaw)) {
    const paid: SettlementRecord = {
      ...base, kind: 'settlement', batchId: null, nsu: sourceId, settlementDate: settled, saleDate: null, dueDate: null, amount: -net, gross: null,
      fee: null, installment: null, installmentTotal: null, brand: null, account: null,
    };
    return [paid];
  }
  const correction = {
    ...base, batchId: '', date: settled, amount: net, reason: type, creditDate: null as BusinessDate | null, ...NO_ORIGINAL_SALE,
    nsu: sourceId, saleGross: Math.abs(gross), card, brand,
  };
  const kind = MP_CORRECTIONS[typeRaw] ?? 'adjustment';
  return [{ ...correction, kind }];
}
