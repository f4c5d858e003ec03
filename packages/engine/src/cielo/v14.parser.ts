import type { BusinessDate } from '@concilia/domain';
import type {
  AdjustmentRecord, AnticipationRecord, CancellationRecord, ChargebackRecord, Coded, FileTrailer, ParsedItem, SaleRecord,
} from '../model';
import { LineError, alpha, card, requireLength, slice } from '../read/fields';
import type { LineBatch, TextLine } from '../read/lines';
import { type TotalCheck, checkTotals, checkTotalsByKind } from '../read/totals';
import {
  RECORD_REASONS, brand, captureMethod, product, receivablesOperation, v14AdjustmentOrigin, v14CorrectionKind, v14CvStatus,
  v14TransactionType,
} from './cielo.codes';
import {
  accountAt, count, dateAt, fee, installmentNumber, keyOrNull, numericKeyAt, requiredDateAt, signed, timeAt, unsigned,
} from './cielo-fields';
import { CieloReader, readCielo, readCieloBatches, singleLineBatches } from './cielo-reader-base';
import type { RecordWarnings } from '../read/unknown-codes';

/**
 * Cielo EDI v14 (formats/layouts.md §1.13), every record 250 characters.
 *
 * - 1 (RO) of a sale: in the payment files (04, Alelo 13) a SettlementRecord; elsewhere a SummaryRecord, plus an
 *   InstallmentForecastRecord per installment line of a plan. An installment plan writes one RO line per
 *   installment: only the first is the batch summary, the others are forecasts.
 * - 2 (CV) → SaleRecord under the summary RO (not under payments or later installments, which repeat it). The CV
 *   has no fee: it is the RO's admin rate applied to the sale.
 * - 1 of an adjustment (tipo de transação 02–05) → adjustment, cancellation or chargeback by the origin's class
 *   (Tabela V); the CV after it names the sale it corrects.
 * - 3 → AdjustmentRecord (assignment / lien); 5 + 6 → AnticipationRecord per RO paid early (5 checked against
 *   its 6s); 7 → AdjustmentRecord; 8 → PixRecord; A/B/C → AnticipationRecord / SettlementRecord.
 */

const PAYMENT_FILES = new Set(['04', '13']);

type Correction = AdjustmentRecord | CancellationRecord | ChargebackRecord;

/** The RO being read and what its CVs add up to. */
interface OpenRo {
  line: number;
  batchId: string;
  role: 'summary' | 'repeat' | 'correction';
  accepted: number;
  rejected: number;
  gross: number;
  readAccepted: number;
  readRejected: number;
  readGross: number;
  feeRate: number;
  brand: Coded;
  product: Coded;
  capture: Coded;
  creditDate: BusinessDate | null;
  correction: Correction | null;
  /** items held until the RO ends, so a correction can take the sale of the CV after it */
  held: ParsedItem[];
}

/** The early-payment operation (record 5) its ROs paid early (record 6) belong to. */
interface OpenOperation {
  line: number;
  operation: string;
  creditDate: BusinessDate;
  gross: number;
  net: number;
  readGross: number;
  readNet: number;
}

class V14Reader extends CieloReader {
  private ro: OpenRo | null = null;
  private operation: OpenOperation | null = null;
  private anticipatedGross = 0;

  constructor() {
    super('v14');
  }

  protected expectedLength(): number {
    return 250;
  }

  protected override emit(item: ParsedItem): void {
    if (this.ro?.correction) this.ro.held.push(item);
    else this.out.push(item);
  }

  protected record(line: number, text: string, type: string): void {
    if (type === '2') {
      this.sums.detailCount++;
      this.readCv(line, text);
      return;
    }
    this.closeRo();
    switch (type) {
      case '1':
        this.readRo(line, text);
        break;
      case '3':
        this.emit(this.readOperation(line, text));
        break;
      case '5':
        this.closeOperation();
        this.openOperation(line, text);
        break;
      case '6':
        this.emit(this.readEarlyPaidRo(line, text));
        break;
      case '7':
        this.emit(this.readEarlyPaidDebit(line, text));
        break;
      default:
        // Pix and negotiation records read alike in both versions; any other type Cielo added is skipped, still counted
        this.readShared(line, text, type);
    }
  }

  protected closeGroups(): void {
    this.closeRo();
    this.closeOperation();
    this.closeNegotiations();
  }

  protected trailerChecks(trailer: FileTrailer, text: string, line: number): TotalCheck[] {
    return [
      { name: 'quantidade de CVs', declared: trailer.saleCount, read: this.sums.detailCount },
      { name: 'total líquido', declared: trailer.net, read: this.sums.net, money: true },
      { name: 'total bruto', declared: trailer.gross, read: this.sums.gross, money: true },
      { name: 'total antecipado', declared: signed(text, 60, 61, 77, line, 'total antecipado'), read: this.anticipatedGross, money: true },
    ];
  }

  private readRo(line: number, text: string): void {
    requireLength(text, 235, line, '1');
    const merchantId = numericKeyAt(text, 2, 11, line, 'EC');
    const batchId = numericKeyAt(text, 12, 18, line, 'número do RO');
    const transaction = slice(text, 24, 25);
    const presented = requiredDateAt(text, 26, 31, line, 'data de apresentação', 'AAMMDD');
    const creditDate = dateAt(text, 32, 37, line, 'data prevista de pagamento', 'AAMMDD');
    const dueDate = dateAt(text, 38, 43, line, 'data de vencimento original', 'AAMMDD');
    const gross = signed(text, 44, 45, 57, line, 'valor bruto');
    const roFee = fee(text, 58, 59, 71, line, 'valor da taxa administrativa');
    const rejected = signed(text, 72, 73, 85, line, 'valor rejeitado');
    const net = signed(text, 86, 87, 99, line, 'valor líquido');
    const account = accountAt(text, [100, 103], [104, 108], [109, 122]);
    const brandCode = brand(slice(text, 185, 187));
    const productCode = product(slice(text, 233, 235), 'v14');
    const plan = slice(text, 22, 23).trim() === '' ? 1 : installmentNumber(text, 22, 23, line, 'plano de parcelas');
    const installment = slice(text, 19, 20).trim() === '' ? 1 : installmentNumber(text, 19, 20, line, 'parcela');
    this.sums.gross += gross;
    this.sums.net += net;
    this.anticipatedGross += signed(text, 171, 172, 184, line, 'valor bruto antecipado');
    const ro: OpenRo = {
      line, batchId, role: 'summary',
      accepted: count(text, 125, 130, line, 'quantidade de CVs aceitos'),
      rejected: count(text, 133, 138, line, 'quantidade de CVs rejeitados'),
      gross, readAccepted: 0, readRejected: 0, readGross: 0,
      feeRate: slice(text, 210, 213).trim() === '' ? 0 : count(text, 210, 213, line, 'taxa administrativa'),
      brand: brandCode, product: productCode, capture: captureMethod(slice(text, 223, 224)), creditDate, correction: null, held: [],
    };

    if (transaction !== '01') {
      const origin = slice(text, 146, 147);
      const kind = transaction === '02' || transaction === '03' ? v14CorrectionKind(origin) : 'adjustment';
      ro.role = 'correction';
      ro.correction = {
        kind, line, operator: 'cielo', recordType: '1', merchantId, batchId, date: presented, amount: net,
        reason: origin.trim() === '' ? v14TransactionType(transaction) : v14AdjustmentOrigin(origin),
        creditDate, originalBatchId: null, nsu: null, authorization: null, saleDate: null, saleGross: null, card: null, brand: brandCode,
      } as Correction;
      this.ro = ro;
      return;
    }
    if (PAYMENT_FILES.has(this.fileType)) {
      ro.role = 'repeat';
      this.ro = ro;
      if (creditDate === null) throw new LineError(line, 'data prevista de pagamento', `ausente ("${slice(text, 32, 37)}")`);
      this.emit({
        kind: 'settlement', line, operator: 'cielo', recordType: '1', merchantId, batchId, nsu: null, settlementDate: creditDate,
        saleDate: presented, dueDate, amount: net, gross, fee: roFee, installment: plan > 1 ? installment : null,
        installmentTotal: plan > 1 ? plan : null, brand: brandCode, account,
      });
      return;
    }
    if (installment > 1) ro.role = 'repeat';
    this.ro = ro;
    if (installment === 1) {
      this.emit({
        kind: 'summary', line, operator: 'cielo', recordType: '1', merchantId, batchId, batchDate: presented, creditDate,
        saleCount: ro.accepted, gross, fee: roFee, net, rejected, brand: brandCode, product: productCode, account,
      });
    }
    if (plan > 1) {
      if (creditDate === null) throw new LineError(line, 'data prevista de pagamento', `ausente ("${slice(text, 32, 37)}")`);
      this.emit({
        // a v14 RO plan is per batch: its CVs follow it
        kind: 'installmentForecast', line, operator: 'cielo', recordType: '1', merchantId, batchId, nsu: null, batchDate: presented, installment,
        installmentTotal: plan, gross, fee: roFee, net, creditDate, brand: brandCode, product: productCode,
      });
    }
  }

  private readCv(line: number, text: string): void {
    requireLength(text, 98, line, '2');
    const batchId = numericKeyAt(text, 12, 18, line, 'número do RO');
    const ro = this.ro;
    if (!ro || ro.batchId !== batchId) throw new LineError(line, 'CV', `do RO ${batchId} fora do seu RO (registro 1)`);
    const value = signed(text, 46, 47, 59, line, 'valor da venda');
    const { status, accepted } = v14CvStatus(slice(text, 64, 66));
    if (accepted) {
      ro.readAccepted++;
      ro.readGross += value;
    } else ro.readRejected++;
    const saleDate = requiredDateAt(text, 38, 45, line, 'data da venda', 'AAAAMMDD');
    const nsu = alpha(slice(text, 93, 98));
    const authorization = keyOrNull(text, 67, 72);
    const cardRef = card(slice(text, 19, 37));
    const installments = installmentNumber(text, 62, 63, line, 'quantidade de parcelas');
    // the CV value is the installment's; the plan's total sale value is apart
    const totalSale = installments > 1 && text.length >= 126 ? unsigned(text, 114, 126, line, 'valor total da venda') : 0;
    const gross = totalSale > 0 ? totalSale : value;
    if (ro.role === 'correction') {
      const c = ro.correction!;
      if (ro.readAccepted + ro.readRejected === 1) {
        Object.assign(c, { nsu: nsu || null, authorization, saleDate, saleGross: Math.abs(gross), card: cardRef });
      } else {
        Object.assign(c, { nsu: null, authorization: null, saleDate: null, saleGross: null, card: null });
      }
      return;
    }
    if (ro.role === 'repeat') return;
    const saleFee = Math.round((gross * ro.feeRate) / 10000);
    const sale: SaleRecord = {
      kind: 'sale', line, operator: 'cielo', recordType: '2', merchantId: numericKeyAt(text, 2, 11, line, 'EC'), batchId, nsu, authorization,
      tid: keyOrNull(text, 73, 92), saleDate, saleTime: timeAt(text, 183, 188, line, 'hora da transação'), gross, fee: saleFee,
      net: gross - saleFee, installments, brand: ro.brand, product: ro.product, capture: ro.capture, card: cardRef,
      terminal: keyOrNull(text, 153, 160), status, accepted, creditDate: ro.creditDate,
    };
    this.emit(sale);
  }

  /** The RO ends: its correction goes out with what it held, then the RO is checked against its CVs. */
  private closeRo(): void {
    const ro = this.ro;
    if (!ro) return;
    this.ro = null;
    if (ro.correction) {
      this.out.push(ro.correction);
      for (const item of ro.held) this.out.push(item);
      return; // an adjustment RO's CVs are the sales it corrects, not its value
    }
    const err = checkTotalsByKind(ro.line, `RO ${ro.batchId} (registro 1)`, [
      { name: 'quantidade de CVs aceitos', declared: ro.accepted, read: ro.readAccepted, group: 'CVs' },
      { name: 'quantidade de CVs rejeitados', declared: ro.rejected, read: ro.readRejected, group: 'CVs' },
      { name: 'valor bruto', declared: ro.gross, read: ro.readGross, money: true },
    ]);
    // an RO without its CVs is a summary-only RO (payments); only a RO with CVs can disagree with them
    if (err && ro.readAccepted + ro.readRejected > 0) this.out.push(err);
  }

  private readOperation(line: number, text: string): AdjustmentRecord {
    requireLength(text, 115, line, '3');
    const paymentDate = requiredDateAt(text, 74, 81, line, 'data de pagamento', 'AAAAMMDD');
    return {
      kind: 'adjustment', line, operator: 'cielo', recordType: '3', merchantId: numericKeyAt(text, 2, 11, line, 'EC'),
      batchId: alpha(slice(text, 12, 31)), date: paymentDate, amount: signed(text, 98, 99, 115, line, 'valor da operação'),
      reason: receivablesOperation(slice(text, 90, 91)), creditDate: paymentDate, originalBatchId: null, nsu: null, authorization: null,
      saleDate: null, saleGross: null, card: null, brand: brand(slice(text, 92, 94)),
    };
  }

  private openOperation(line: number, text: string): void {
    requireLength(text, 140, line, '5');
    this.operation = {
      line,
      operation: numericKeyAt(text, 12, 20, line, 'número da operação'),
      creditDate: requiredDateAt(text, 21, 28, line, 'data de crédito da operação', 'AAAAMMDD'),
      gross: signed(text, 71, 72, 84, line, 'valor bruto antecipado total'),
      net: signed(text, 127, 128, 140, line, 'valor líquido antecipado total'),
      readGross: 0,
      readNet: 0,
    };
  }

  private closeOperation(): void {
    const op = this.operation;
    if (!op) return;
    this.operation = null;
    const err = checkTotals(op.line, `operação de antecipação ${op.operation} (registro 5)`, [
      { name: 'valor bruto antecipado', declared: op.gross, read: op.readGross, money: true },
      { name: 'valor líquido antecipado', declared: op.net, read: op.readNet, money: true },
    ]);
    if (err) this.out.push(err);
  }

  private readEarlyPaidRo(line: number, text: string): AnticipationRecord {
    requireLength(text, 98, line, '6');
    const op = this.operation;
    if (!op) throw new LineError(line, 'registro 6', 'sem a operação de antecipação (registro 5) antes dele');
    const gross = signed(text, 68, 69, 81, line, 'valor bruto antecipado');
    const net = signed(text, 82, 83, 95, line, 'valor líquido antecipado');
    op.readGross += gross;
    op.readNet += net;
    const total = installmentNumber(text, 38, 39, line, 'quantidade de parcelas');
    return {
      kind: 'anticipation', line, operator: 'cielo', recordType: '6', merchantId: numericKeyAt(text, 2, 11, line, 'EC'),
      batchId: numericKeyAt(text, 29, 35, line, 'número do RO'), settlementDate: op.creditDate,
      originalDueDate: dateAt(text, 21, 28, line, 'data de vencimento original', 'AAAAMMDD'), gross, fee: gross - net, net,
      installment: installmentNumber(text, 36, 37, line, 'parcela antecipada'), installmentTotal: total, brand: brand(slice(text, 96, 98)),
    };
  }

  private readEarlyPaidDebit(line: number, text: string): AdjustmentRecord {
    requireLength(text, 113, line, '7');
    return {
      kind: 'adjustment', line, operator: 'cielo', recordType: '7', merchantId: numericKeyAt(text, 2, 11, line, 'EC'),
      batchId: numericKeyAt(text, 85, 91, line, 'número do RO de ajuste'),
      date: requiredDateAt(text, 92, 99, line, 'data de pagamento do ajuste', 'AAAAMMDD'),
      amount: signed(text, 100, 101, 113, line, 'valor do ajuste'), reason: RECORD_REASONS.earlyPaidDebit,
      creditDate: dateAt(text, 41, 48, line, 'data de pagamento do RO antecipado', 'AAAAMMDD'),
      originalBatchId: keyOrNull(text, 34, 40), nsu: null, authorization: null, saleDate: null, saleGross: null, card: null, brand: null,
    };
  }
}

/** Parses a Cielo v14 file from its lines (see `readLines`). Yields items one by one, in line order. */
export function parseCieloV14(lines: AsyncIterable<TextLine>): AsyncIterable<ParsedItem> {
  return readCielo(new V14Reader(), singleLineBatches(lines));
}

/** `parseCieloV14` over batches of lines (see `readLineBatches`): the same items, faster. */
export function parseCieloV14Batches(batches: AsyncIterable<LineBatch>): AsyncIterable<ParsedItem> {
  return readCielo(new V14Reader(), batches);
}

/** The items of `parseCieloV14Batches` in arrays, one per batch of lines, with the records' warnings when given. */
export function cieloV14ItemBatches(batches: AsyncIterable<LineBatch>, warnings?: RecordWarnings): AsyncIterable<ParsedItem[]> {
  return readCieloBatches(new V14Reader(), batches, warnings);
}
