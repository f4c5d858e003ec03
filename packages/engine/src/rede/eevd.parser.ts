import type {
  AdjustmentRecord, CancellationRecord, ChargebackRecord, FileHeader, FileTrailer, ParsedItem, SaleRecord, SettlementRecord,
  SummaryRecord,
} from '../model';
import {
  LineError, alpha, alphaOrNull, amount, card, date, dateOrNull, num, numericKey, requireColumns, timeOrNull,
} from '../read/fields';
import type { LineBatch, TextLine } from '../read/lines';
import { RecordWarnings } from '../read/unknown-codes';
import { type TotalCheck, checkTotals } from '../read/totals';
import { RedeReader, readWith } from './rede-parser-base';
import { lineReaderBatches } from '../read/reader-batches';
import { adjustmentReason, capture, correctionKind, debitBrand, eevdStatus, product } from './rede.codes';

/**
 * Rede EEVD (debit sales, V1.04), comma-delimited, formats/layouts.md §2.5. Pure: reads lines, yields the
 * header, normalised records, the checked trailer and one error item per bad line or failed check.
 *
 * Records read: 00 header, 01 RV summary, 05 CV, 08 cancellation/chargeback of a pre-dated sale, 09 pre-dated
 * sale settled, 11 "net" adjustment, 13 e-commerce complement (its TID is merged into the CV just before it),
 * 02 PV totals, 03 matrix totals, 04 file totals (all three checked). 17 and 20 and unknown types are
 * skipped (counted for the file's record count). Each RV is checked against its CVs.
 */

interface Sums {
  rvs: number;
  cvs: number;
  gross: number;
  fee: number;
  net: number;
  preGross: number;
  preFee: number;
  preNet: number;
}

const zeroSums = (): Sums => ({ rvs: 0, cvs: 0, gross: 0, fee: 0, net: 0, preGross: 0, preFee: 0, preNet: 0 });

/** 1-based column n of a split line ('' when missing). */
const col = (cols: readonly string[], n: number): string => cols[n - 1] ?? '';

class EevdReader extends RedeReader<string[]> {
  private file = zeroSums();
  private matrix = zeroSums();
  private byPv = new Map<string, Sums>();

  constructor() {
    super('EEVD', '00', 'total do arquivo 04', ['13']);
  }

  protected split(text: string): string[] {
    return text.split(',');
  }

  protected typeOf(cols: string[]): string {
    return col(cols, 1).trim();
  }

  protected record(line: number, cols: string[], type: string, out: ParsedItem[]): void {
    switch (type) {
      case '00':
        out.push(this.readHeader(line, cols));
        break;
      case '01':
        this.closeRv(out);
        out.push(this.readRv(line, cols));
        break;
      case '05':
        this.holdSale(this.readCv(line, cols));
        break;
      case '08':
        out.push(this.readCancellation(line, cols));
        break;
      case '09':
        out.push(this.readSettlement(line, cols));
        break;
      case '11':
        out.push(this.readNetAdjustment(line, cols));
        break;
      case '02':
      case '03':
        this.closeRv(out);
        this.checkTotalsRecord(line, cols, type, out);
        break;
      case '04':
        this.trailerAt(line, out);
        this.checkTrailer(line, cols, out);
        break;
      default:
        break; // unknown or not yet read record type: skipped
    }
  }

  private readHeader(line: number, cols: string[]): FileHeader {
    requireColumns(cols, 10, line, '00');
    this.header = {
      kind: 'header',
      line,
      operator: 'rede',
      layout: 'EEVD',
      version: alpha(col(cols, 10)),
      merchantId: numericKey(col(cols, 2), line, 'PV do grupo'),
      fileDate: date(col(cols, 3), line, 'data de emissão', 'DDMMAAAA'),
      movementDate: date(col(cols, 4), line, 'data do movimento', 'DDMMAAAA'),
      sequence: alpha(col(cols, 8)),
      processingType: alpha(col(cols, 9)),
    };
    return this.header;
  }

  private readRv(line: number, cols: string[]): SummaryRecord {
    requireColumns(cols, 14, line, '01');
    // D (débito) or P (pré-datado) name the product: another letter is an unknown product code, a warning
    // (withRecordWarnings), counted with the D summaries — the trailer's totals still check the money
    const type = alpha(col(cols, 10));
    const summary: SummaryRecord = {
      kind: 'summary',
      line,
      operator: 'rede',
      recordType: '01',
      merchantId: numericKey(col(cols, 2), line, 'PV'),
      batchId: numericKey(col(cols, 5), line, 'número do RV'),
      batchDate: date(col(cols, 4), line, 'data do RV', 'DDMMAAAA'),
      // zeros for pre-dated summaries
      creditDate: dateOrNull(col(cols, 3), line, 'data de crédito', 'DDMMAAAA'),
      saleCount: num(col(cols, 6), line, 'quantidade de CVs'),
      gross: amount(col(cols, 7), line, 'valor bruto'),
      fee: amount(col(cols, 8), line, 'valor do desconto'),
      net: amount(col(cols, 9), line, 'valor líquido'),
      rejected: null,
      brand: debitBrand(col(cols, 14)),
      product: product(type),
      account: { bank: alpha(col(cols, 11)), branch: alpha(col(cols, 12)), account: alpha(col(cols, 13)) },
    };
    for (const s of this.sums(summary.merchantId)) {
      s.rvs++;
      s.gross += summary.gross;
      s.fee += summary.fee;
      s.net += summary.net;
      if (type === 'P') {
        s.preGross += summary.gross;
        s.preFee += summary.fee;
        s.preNet += summary.net;
      }
    }
    this.rv = { summary, cvCount: 0, gross: 0, fee: 0, net: 0 };
    return summary;
  }

  private readCv(line: number, cols: string[]): SaleRecord {
    requireColumns(cols, 19, line, '05');
    const batchId = numericKey(col(cols, 3), line, 'número do RV');
    const rv = this.rv?.summary.batchId === batchId ? this.rv : null;
    const { status, accepted } = eevdStatus(col(cols, 12));
    const sale: SaleRecord = {
      kind: 'sale',
      line,
      operator: 'rede',
      recordType: '05',
      merchantId: numericKey(col(cols, 2), line, 'PV'),
      batchId,
      nsu: numericKey(col(cols, 10), line, 'número do CV/NSU'),
      authorization: null,
      tid: null,
      saleDate: date(col(cols, 4), line, 'data da venda', 'DDMMAAAA'),
      saleTime: timeOrNull(col(cols, 13), line, 'hora da venda'),
      gross: amount(col(cols, 5), line, 'valor bruto'),
      fee: amount(col(cols, 6), line, 'valor do desconto'),
      net: amount(col(cols, 7), line, 'valor líquido'),
      installments: 1,
      brand: debitBrand(col(cols, 19)),
      product: rv ? rv.summary.product : product(alpha(col(cols, 9)) === 'P' ? 'P' : 'D'),
      capture: capture(col(cols, 15)),
      card: card(col(cols, 8)),
      terminal: alphaOrNull(col(cols, 14)),
      status,
      accepted,
      creditDate: dateOrNull(col(cols, 11), line, 'data de crédito', 'DDMMAAAA'),
    };
    for (const s of this.sums(sale.merchantId)) s.cvs++;
    if (rv) RedeReader.addCv(rv, sale);
    return sale;
  }

  protected mergeComplement(sale: SaleRecord, line: number, cols: string[], _type: string, out: ParsedItem[]): void {
    if (alpha(col(cols, 3)) === sale.batchId && alpha(col(cols, 7)) === sale.nsu) sale.tid = alphaOrNull(col(cols, 8));
    else out.push({ kind: 'error', line, message: `Linha ${line}: complemento 13 não corresponde ao CV da linha ${sale.line}` });
  }

  private readCancellation(line: number, cols: string[]): CancellationRecord | ChargebackRecord {
    requireColumns(cols, 11, line, '08');
    const reason = alpha(col(cols, 8));
    if (reason !== '00' && reason !== '01') throw new LineError(line, 'motivo', `inválido ("${col(cols, 8)}"), esperado 00 ou 01`);
    const saleDate = date(col(cols, 4), line, 'data da venda', 'DDMMAAAA');
    const creditDate = dateOrNull(col(cols, 9), line, 'data de crédito', 'DDMMAAAA');
    return {
      kind: reason === '01' ? 'chargeback' : 'cancellation',
      line,
      operator: 'rede',
      recordType: '08',
      merchantId: numericKey(col(cols, 2), line, 'PV'),
      batchId: numericKey(col(cols, 3), line, 'número do RV'),
      // the record has no date of its own: the credit date it changes, else the sale date
      date: creditDate ?? saleDate,
      amount: -amount(col(cols, 7), line, 'valor cancelado'),
      reason: { code: reason, name: reason === '01' ? 'Chargeback' : 'Cancelamento' },
      creditDate,
      originalBatchId: null,
      nsu: numericKey(col(cols, 5), line, 'NSU'),
      authorization: null,
      saleDate,
      saleGross: amount(col(cols, 6), line, 'valor bruto do CV'),
      card: null,
      brand: null,
    };
  }

  private readSettlement(line: number, cols: string[]): SettlementRecord {
    requireColumns(cols, 10, line, '09');
    return {
      kind: 'settlement',
      line,
      operator: 'rede',
      recordType: '09',
      merchantId: numericKey(col(cols, 2), line, 'PV'),
      batchId: null,
      nsu: numericKey(col(cols, 5), line, 'NSU'),
      settlementDate: date(col(cols, 3), line, 'data de liquidação', 'DDMMAAAA'),
      saleDate: dateOrNull(col(cols, 6), line, 'data da venda', 'DDMMAAAA'),
      dueDate: dateOrNull(col(cols, 7), line, 'data de vencimento', 'DDMMAAAA'),
      amount: amount(col(cols, 4), line, 'valor liquidado'),
      gross: amount(col(cols, 9), line, 'valor bruto'),
      fee: amount(col(cols, 8), line, 'valor do desconto'),
      installment: null,
      installmentTotal: null,
      brand: debitBrand(col(cols, 10)),
      account: null,
    };
  }

  private readNetAdjustment(line: number, cols: string[]): AdjustmentRecord | CancellationRecord | ChargebackRecord {
    requireColumns(cols, 29, line, '11');
    const reasonCode = alpha(col(cols, 7));
    const nsu = alpha(col(cols, 22));
    const saleGross = amount(col(cols, 17), line, 'valor da venda');
    return {
      kind: correctionKind(reasonCode),
      line,
      operator: 'rede',
      recordType: '11',
      merchantId: numericKey(col(cols, 2), line, 'PV ajustado'),
      batchId: numericKey(col(cols, 3), line, 'RV ajustado'),
      date: date(col(cols, 4), line, 'data do ajuste', 'DDMMAAAA'),
      // a net adjustment is a debit (`D`) against future credits
      amount: -amount(col(cols, 5), line, 'valor do ajuste'),
      reason: adjustmentReason(reasonCode, col(cols, 8)),
      creditDate: dateOrNull(col(cols, 19), line, 'data de crédito', 'DDMMAAAA'),
      originalBatchId: alphaOrNull(col(cols, 11)),
      nsu: /^0*$/.test(nsu) ? null : nsu,
      authorization: alphaOrNull(col(cols, 23)),
      saleDate: dateOrNull(col(cols, 10), line, 'data da venda', 'DDMMAAAA'),
      saleGross: saleGross === 0 ? null : saleGross,
      card: card(col(cols, 9)),
      brand: debitBrand(col(cols, 29)),
    };
  }

  private sums(pv: string): Sums[] {
    let s = this.byPv.get(pv);
    if (!s) this.byPv.set(pv, (s = zeroSums()));
    return [this.file, this.matrix, s];
  }

  /**
   * 02/03/04 columns 3–10. Whether the totals include pre-dated summaries is not documented [?]: a declared
   * amount equal to the sum without pre-dated summaries is accepted as well.
   */
  private amountChecks(line: number, cols: string[], s: Sums): TotalCheck[] {
    const either = (declared: number, all: number, pre: number) => (declared === all - pre ? declared : all);
    const gross = amount(col(cols, 5), line, 'total bruto');
    const fee = amount(col(cols, 6), line, 'total de desconto');
    const net = amount(col(cols, 7), line, 'total líquido');
    return [
      { name: 'quantidade de RVs', declared: num(col(cols, 3), line, 'quantidade de RVs'), read: s.rvs },
      { name: 'quantidade de CVs', declared: num(col(cols, 4), line, 'quantidade de CVs'), read: s.cvs },
      { name: 'total bruto', declared: gross, read: either(gross, s.gross, s.preGross), money: true },
      { name: 'total de desconto', declared: fee, read: either(fee, s.fee, s.preFee), money: true },
      { name: 'total líquido', declared: net, read: either(net, s.net, s.preNet), money: true },
      { name: 'total bruto pré-datado', declared: amount(col(cols, 8), line, 'total bruto pré-datado'), read: s.preGross, money: true },
      { name: 'total de desconto pré-datado', declared: amount(col(cols, 9), line, 'total de desconto pré-datado'), read: s.preFee, money: true },
      { name: 'total líquido pré-datado', declared: amount(col(cols, 10), line, 'total líquido pré-datado'), read: s.preNet, money: true },
    ];
  }

  private checkTotalsRecord(line: number, cols: string[], type: '02' | '03', out: ParsedItem[]): void {
    requireColumns(cols, 10, line, type);
    const pv = numericKey(col(cols, 2), line, 'PV');
    const s = type === '02' ? (this.byPv.get(pv) ?? zeroSums()) : this.matrix;
    const what = type === '02' ? `total do PV ${pv} (registro 02)` : `total da matriz ${pv} (registro 03)`;
    const err = checkTotals(line, what, this.amountChecks(line, cols, s));
    if (err) out.push(err);
    if (type === '02') this.byPv.delete(pv);
    else this.matrix = zeroSums();
  }

  private checkTrailer(line: number, cols: string[], out: ParsedItem[]): void {
    requireColumns(cols, 11, line, '04');
    const f = this.file;
    const trailer: FileTrailer = {
      kind: 'trailer',
      line,
      recordCount: num(col(cols, 11), line, 'quantidade de registros'),
      gross: amount(col(cols, 5), line, 'total bruto'),
      fee: amount(col(cols, 6), line, 'total de desconto'),
      net: amount(col(cols, 7), line, 'total líquido'),
      saleCount: num(col(cols, 4), line, 'quantidade de CVs'),
    };
    const err = checkTotals(line, 'total do arquivo 04', [
      ...this.amountChecks(line, cols, f),
      { name: 'quantidade de registros', declared: trailer.recordCount, read: this.records },
    ]);
    this.emitTrailer(line, trailer, alpha(col(cols, 2)), err, out);
  }
}

/** Parses an EEVD file from its lines (see `readLines`). Yields items one by one, in line order. */
export async function* parseEevd(lines: AsyncIterable<TextLine>): AsyncGenerator<ParsedItem> {
  yield* readWith(new EevdReader(), lines);
}

/** `parseEevd` over a file's line batches (`readLineBatches`): arrays of items per chunk, the records' warnings included. */
export function eevdItemBatches(batches: AsyncIterable<LineBatch>): AsyncGenerator<ParsedItem[]> {
  return lineReaderBatches(new EevdReader(), batches, new RecordWarnings());
}
