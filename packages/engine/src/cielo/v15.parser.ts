import type { BusinessDate } from '@concilia/domain';
import { NO_ORIGINAL_SALE, type AdjustmentRecord, type BankAccount, type CancellationRecord, type ChargebackRecord, type Coded, type FileTrailer, type InstallmentForecastRecord, type ParsedItem, type SaleRecord, type SettlementRecord, type SummaryRecord } from '../model';
import { LineError, requireLength, slice } from '../read/fields';
import type { LineBatch, TextLine } from '../read/lines';
import { type TotalCheck, checkTotals } from '../read/totals';
import {
  RECORD_REASONS, brand, isSaleLaunch, launchType, productAt, saleChannel, v15CorrectionKind, v15PaymentStatus, v15Reason,
} from './cielo.codes';
import {
  accountAt, cardAt, count, dateAt, fee, installmentNumber, keyOrNull, numericKeyAt, signed, textAt, timeAt,
} from './cielo-fields';
import { CieloReader, readCielo, readCieloBatches, singleLineBatches } from './cielo-reader-base';
import type { RecordWarnings } from '../read/unknown-codes';

/**
 * Cielo EDI v15 (formats/layouts.md §1.5–1.11), fixed width, one layout for files 03, 04, 09, 15 and 16.
 *
 * - D (UR agenda) → SummaryRecord: the receivable unit is v15's batch (there is no RO); checked against its E lines.
 * - E (entry) by tipo de lançamento: a sale (01/02/03/42) is, in file 03, a SaleRecord plus one
 *   InstallmentForecastRecord per installment line; in 04 a SettlementRecord; in 09 (and any other file) a
 *   forecast of the open balance. Every other tipo is an adjustment, cancellation or chargeback.
 * - R (reserva financeira) → AdjustmentRecord; 8 → PixRecord; A/B/C → AnticipationRecord / SettlementRecord.
 *
 * v15 writes one E line per installment, the sale total apart (248–260). The sale record of an installment sale
 * adds up its installment lines when they come together (as in the files this engine writes); the parser holds
 * only that one sale. When they do not (a file ordered by UR), the sale takes the declared total and a fee from
 * the line's MDR rate.
 */

const EXPECTED_LENGTH: Record<string, number> = { '0': 250, D: 400, E: 760, '9': 250 };

/** The UR being read: its declared figures and what its E lines add up to. */
interface OpenUr {
  summary: SummaryRecord;
  /** Chave UR as written (100 characters) and tipo de lançamento: how E lines join their D */
  key: string;
  launch: string;
  status: Coded;
  account: BankAccount | null;
  count: number;
  gross: number;
  fee: number;
  net: number;
}

/** An installment sale of file 03 whose installment lines are being read; items after it wait with it. */
interface PendingSale {
  sale: SaleRecord;
  expected: number;
  declaredTotal: number;
  mdrRate: number;
  held: ParsedItem[];
}

/** Items a pending sale may hold before it is given up as incomplete. */
const HOLD_LIMIT = 512;

class V15Reader extends CieloReader {
  private ur: OpenUr | null = null;
  private pending: PendingSale | null = null;

  constructor() {
    super('v15');
  }

  protected expectedLength(type: string): number {
    return EXPECTED_LENGTH[type] ?? 0;
  }

  protected record(line: number, text: string, type: string): void {
    switch (type) {
      case 'E':
        this.sums.detailCount++;
        this.readEntry(line, text);
        break;
      case 'D':
        this.closeUr();
        this.emit(this.readUr(line, text));
        break;
      case 'R':
        this.emit(this.readReserve(line, text));
        break;
      default:
        // Pix and negotiation records read alike in both versions; any other type Cielo added is skipped, still counted
        this.readShared(line, text, type);
    }
  }

  protected closeGroups(): void {
    this.flushPending();
    this.closeUr();
    this.closeNegotiations();
  }

  protected trailerChecks(trailer: FileTrailer): TotalCheck[] {
    return [
      { name: 'quantidade de lançamentos', declared: trailer.saleCount, read: this.sums.detailCount },
      { name: 'total líquido', declared: trailer.net, read: this.sums.net, money: true },
      { name: 'total bruto', declared: trailer.gross, read: this.sums.gross, money: true },
    ];
  }

  /** Items go out at once, or wait behind the pending sale so that items stay in line order. */
  protected override emit(item: ParsedItem): void {
    const p = this.pending;
    if (p) {
      p.held.push(item);
      if (p.held.length > HOLD_LIMIT) this.flushPending();
    } else this.out.push(item);
  }

  private readUr(line: number, text: string): SummaryRecord {
    requireLength(text, 291, line, 'D');
    const launch = slice(text, 150, 151);
    const paymentDate = dateAt(text, 268, 275, line, 'data de pagamento', 'DDMMAAAA');
    const dueDate = dateAt(text, 284, 291, line, 'data de vencimento original', 'DDMMAAAA');
    const batchDate = paymentDate ?? dueDate;
    if (batchDate === null) throw new LineError(line, 'data de pagamento', `ausente ("${slice(text, 268, 275)}")`);
    const account = accountAt(text, [114, 117], [118, 122], [123, 143]);
    const summary: SummaryRecord = {
      kind: 'summary',
      line,
      operator: 'cielo',
      recordType: 'D',
      merchantId: numericKeyAt(text, 2, 11, line, 'EC'),
      batchId: textAt(text, 152, 251),
      batchDate,
      creditDate: paymentDate,
      saleCount: count(text, 144, 149, line, 'quantidade de lançamentos'),
      gross: signed(text, 72, 73, 85, line, 'valor bruto'),
      fee: fee(text, 86, 87, 99, line, 'valor da taxa'),
      net: signed(text, 100, 101, 113, line, 'valor líquido'),
      rejected: null,
      brand: brand.at(text, 54, 56),
      product: launchType.at(text, 150, 151),
      account,
    };
    this.ur = {
      summary, key: text.slice(151, 251), launch, status: v15PaymentStatus.at(text, 70, 71), account, count: 0, gross: 0, fee: 0, net: 0,
    };
    return summary;
  }

  /** Checks the open UR against its E lines. */
  private closeUr(): void {
    const ur = this.ur;
    if (!ur) return;
    this.ur = null;
    const s = ur.summary;
    // the usual case, every figure agrees, skips building the checks: closing a UR is once per D line
    if (s.saleCount === ur.count && s.gross === ur.gross && s.fee === ur.fee && s.net === ur.net) return;
    const err = checkTotals(s.line, `UR da linha ${s.line} (registro D)`, [
      { name: 'quantidade de lançamentos', declared: s.saleCount, read: ur.count },
      { name: 'valor bruto', declared: s.gross, read: ur.gross, money: true },
      { name: 'valor da taxa', declared: s.fee, read: ur.fee, money: true },
      { name: 'valor líquido', declared: s.net, read: ur.net, money: true },
    ]);
    if (err) this.emit(err);
  }

  private readEntry(line: number, text: string): void {
    requireLength(text, 637, line, 'E');
    const launch = text.slice(27, 29);
    // an E line belongs to the D before it when Chave UR and tipo de lançamento agree
    let ur = this.ur;
    if (ur !== null && (launch !== ur.launch || text.slice(29, 129) !== ur.key)) {
      this.closeUr();
      ur = null;
    }
    const gross = signed(text, 261, 262, 274, line, 'valor bruto');
    const lineFee = fee(text, 289, 290, 302, line, 'valor da comissão');
    const net = signed(text, 275, 276, 288, line, 'valor líquido');
    this.sums.gross += gross;
    this.sums.net += net;
    if (ur) {
      ur.count++;
      ur.gross += gross;
      ur.fee += lineFee;
      ur.net += net;
    }
    const paymentDate = ur?.summary.creditDate ?? dateAt(text, 630, 637, line, 'data de vencimento original', 'DDMMAAAA');
    if (isSaleLaunch(launch)) this.readSaleEntry(line, text, launch, gross, lineFee, net, paymentDate, ur);
    else this.emit(this.readCorrection(line, text, launch, net, paymentDate));
  }

  private readSaleEntry(
    line: number, text: string, launch: string, gross: number, lineFee: number, net: number, paymentDate: BusinessDate | null, ur: OpenUr | null,
  ): void {
    const merchantId = numericKeyAt(text, 2, 11, line, 'EC');
    const batchId = keyOrNull(text, 598, 604) ?? textAt(text, 30, 129);
    const installment = installmentNumber(text, 18, 19, line, 'número da parcela');
    const installments = installmentNumber(text, 20, 21, line, 'quantidade de parcelas');
    const saleDate = this.saleDate(line, text);
    const brandCode = brand.at(text, 12, 14);
    const productCode = productAt(text, 156, 158, 'v15');
    // cut once: the sale, its forecast and the check that an installment line continues the sale all read it
    const nsu = textAt(text, 176, 181);
    if (this.fileType === '04') {
      this.emit(this.settlement(line, text, merchantId, batchId, nsu, gross, lineFee, net, paymentDate, saleDate, installment, installments, brandCode, ur));
      return;
    }
    if (paymentDate === null) throw new LineError(line, 'data de pagamento', `ausente ("${slice(text, 630, 637)}")`);
    const forecast: InstallmentForecastRecord = {
      kind: 'installmentForecast',
      line,
      operator: 'cielo',
      recordType: 'E',
      merchantId,
      batchId,
      nsu: nsu || null,
      batchDate: saleDate,
      installment,
      installmentTotal: installments,
      gross,
      fee: lineFee,
      net,
      creditDate: paymentDate,
      brand: brandCode,
      product: productCode,
    };
    if (this.fileType !== '03') {
      this.emit(forecast);
      return;
    }
    const p = this.pending;
    if (installments > 1 && installment > 1) {
      const s = p?.sale;
      if (p && s && installment === p.expected && s.merchantId === merchantId && s.installments === installments && s.saleDate === saleDate
        && s.nsu === nsu && s.authorization === keyOrNull(text, 22, 27)) {
        s.gross += gross;
        s.fee += lineFee;
        s.net += net;
        p.held.push(forecast);
        p.expected++;
        if (installment === installments) this.flushPending();
      } else {
        this.flushPending();
        this.out.push(forecast);
      }
      return;
    }
    this.flushPending();
    const sale: SaleRecord = {
      kind: 'sale',
      line,
      operator: 'cielo',
      recordType: 'E',
      merchantId,
      batchId,
      nsu,
      authorization: keyOrNull(text, 22, 27),
      tid: keyOrNull(text, 192, 211),
      saleDate,
      saleTime: timeAt(text, 471, 476, line, 'hora da transação'),
      gross,
      fee: lineFee,
      net,
      installments,
      brand: brandCode,
      product: productCode,
      capture: saleChannel.at(text, 541, 543),
      card: cardAt(text, 166, 172),
      terminal: keyOrNull(text, 544, 551),
      status: launchType.at(text, 28, 29),
      accepted: true,
      creditDate: paymentDate,
      saleCode: keyOrNull(text, 496, 510),
    };
    if (installments === 1) {
      this.out.push(sale, forecast);
      return;
    }
    this.pending = {
      sale,
      expected: 2,
      declaredTotal: signed(text, 247, 248, 260, line, 'valor total da venda'),
      mdrRate: count(text, 232, 236, line, 'taxa MDR'),
      held: [forecast],
    };
  }

  /**
   * The pending installment sale goes out with the items held behind it: complete, it is the sum of its lines
   * (checked against the declared total), every figure the file's own; incomplete (its other installments are
   * in other URs or files), the declared total with the fee of its MDR rate — a fee and net the file does not
   * write, marked `derived` so the fee audit does not take them for what Cielo charged.
   */
  private flushPending(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    const s = p.sale;
    const complete = p.expected > s.installments;
    if (!complete) {
      s.gross = p.declaredTotal;
      s.fee = Math.round((p.declaredTotal * p.mdrRate) / 10000);
      s.net = s.gross - s.fee;
      s.derived = ['fee', 'net'];
    }
    this.out.push(s);
    if (complete && s.gross !== p.declaredTotal) {
      const err = checkTotals(s.line, `venda NSU ${s.nsu} (registro E)`, [
        { name: 'valor total da venda', declared: p.declaredTotal, read: s.gross, money: true },
      ]);
      if (err) this.out.push(err);
    }
    for (const item of p.held) this.out.push(item);
  }

  private saleDate(line: number, text: string): BusinessDate {
    const d = dateAt(text, 566, 573, line, 'data da autorização', 'DDMMAAAA')
      ?? dateAt(text, 574, 581, line, 'data da captura', 'DDMMAAAA')
      ?? dateAt(text, 582, 589, line, 'data do lançamento', 'DDMMAAAA');
    if (d === null) throw new LineError(line, 'data da venda', `ausente ("${slice(text, 566, 573)}")`);
    return d;
  }

  private settlement(
    line: number, text: string, merchantId: string, batchId: string, nsu: string, gross: number, lineFee: number, net: number,
    paymentDate: BusinessDate | null, saleDate: BusinessDate, installment: number, installments: number, brandCode: Coded, ur: OpenUr | null,
  ): SettlementRecord {
    const settlementDate = paymentDate ?? dateAt(text, 582, 589, line, 'data do lançamento', 'DDMMAAAA');
    if (settlementDate === null) throw new LineError(line, 'data de pagamento', `ausente ("${slice(text, 630, 637)}")`);
    return {
      kind: 'settlement',
      line,
      operator: 'cielo',
      recordType: 'E',
      merchantId,
      batchId,
      nsu: nsu || null,
      settlementDate,
      saleDate,
      dueDate: dateAt(text, 630, 637, line, 'data de vencimento original', 'DDMMAAAA'),
      amount: net,
      gross,
      fee: lineFee,
      installment,
      installmentTotal: installments,
      brand: brandCode,
      account: ur?.account ?? (text.length >= 682 ? accountAt(text, [653, 656], [657, 661], [662, 682]) : null),
    };
  }

  private readCorrection(
    line: number, text: string, launch: string, net: number, paymentDate: BusinessDate | null,
  ): AdjustmentRecord | CancellationRecord | ChargebackRecord {
    const adjustment = slice(text, 152, 155);
    const kind = v15CorrectionKind(launch, adjustment.trim());
    const saleGross = signed(text, 247, 248, 260, line, 'valor total da venda');
    const date = dateAt(text, 582, 589, line, 'data do lançamento', 'DDMMAAAA') ?? paymentDate ?? this.header?.fileDate ?? null;
    if (date === null) throw new LineError(line, 'data do lançamento', `ausente ("${slice(text, 582, 589)}")`);
    return {
      kind,
      line,
      operator: 'cielo',
      recordType: 'E',
      merchantId: numericKeyAt(text, 2, 11, line, 'EC'),
      batchId: keyOrNull(text, 598, 604) ?? textAt(text, 30, 129),
      date,
      amount: net,
      reason: v15Reason(adjustment, launch),
      creditDate: paymentDate,
      originalBatchId: keyOrNull(text, 598, 604),
      nsu: keyOrNull(text, 176, 181),
      authorization: keyOrNull(text, 22, 27),
      tid: keyOrNull(text, 192, 211),
      saleCode: keyOrNull(text, 496, 510),
      saleDate: dateAt(text, 566, 573, line, 'data da autorização', 'DDMMAAAA'),
      saleGross: saleGross === 0 ? null : Math.abs(saleGross),
      card: cardAt(text, 166, 172),
      brand: brand.at(text, 12, 14),
    } as AdjustmentRecord | CancellationRecord | ChargebackRecord;
  }

  private readReserve(line: number, text: string): AdjustmentRecord {
    requireLength(text, 160, line, 'R');
    const dueDate = dateAt(text, 153, 160, line, 'data de vencimento original', 'DDMMAAAA');
    const date = dueDate ?? this.header?.fileDate ?? null;
    if (date === null) throw new LineError(line, 'data de vencimento original', `ausente ("${slice(text, 153, 160)}")`);
    return {
      kind: 'adjustment',
      line,
      operator: 'cielo',
      recordType: 'R',
      merchantId: numericKeyAt(text, 2, 11, line, 'EC'),
      batchId: textAt(text, 53, 152),
      date,
      amount: signed(text, 39, 40, 52, line, 'valor reservado'),
      reason: RECORD_REASONS.reserve,
      creditDate: dueDate,
      ...NO_ORIGINAL_SALE,
      brand: brand.at(text, 26, 28),
    };
  }
}

/** Parses a Cielo v15 file from its lines (see `readLines`). Yields items one by one, in line order. */
export function parseCieloV15(lines: AsyncIterable<TextLine>): AsyncIterable<ParsedItem> {
  return readCielo(new V15Reader(), singleLineBatches(lines));
}

/** `parseCieloV15` over batches of lines (see `readLineBatches`): the same items, faster. */
export function parseCieloV15Batches(batches: AsyncIterable<LineBatch>): AsyncIterable<ParsedItem> {
  return readCielo(new V15Reader(), batches);
}

/** The items of `parseCieloV15Batches` in arrays, one per batch of lines, with the records' warnings when given. */
export function cieloV15ItemBatches(batches: AsyncIterable<LineBatch>, warnings?: RecordWarnings): AsyncIterable<ParsedItem[]> {
  return readCieloBatches(new V15Reader(), batches, warnings);
}
