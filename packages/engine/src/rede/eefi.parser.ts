import type { Centavos } from '@concilia/domain';
import { NO_ORIGINAL_SALE, type AdjustmentRecord, type AnticipationRecord, type CancellationRecord, type ChargebackRecord, type FileHeader, type FileTrailer, type ParsedItem, type SettlementRecord } from '../model';
import {
  LineError, alpha, amount, card, date, dateOrNull, num, numericKey, requireLength, slice,
} from '../read/fields';
import type { LineBatch, TextLine } from '../read/lines';
import { RecordWarnings } from '../read/unknown-codes';
import { type TotalCheck, checkTotals, checkTotalsByKind } from '../read/totals';
import { RedeReader, lineErrorItem, readWith } from './rede-parser-base';
import { lineReaderBatches } from '../read/reader-batches';
import { adjustmentReason, correctionKind, creditBrand, creditStatus, rescheduleReason, serviceFee } from './rede.codes';

/**
 * Rede EEFI (payments / financial statement, V3.01), fixed-width, formats/layouts.md §2.6. Pure: reads lines,
 * yields the header, normalised records, the checked trailer and one error item per bad line or failed check.
 *
 * Mapping:
 * - 030 header, 032 matrix header (starts the matrix totals);
 * - 034 credit → SettlementRecord (the RV or installment paid);
 * - 036 early payment (RAV) → AnticipationRecord;
 * - 035 net adjustment, 038 bank debit → adjustment / cancellation / chargeback by the §2.7.4 reason, negative;
 * - 043 credit adjustment → adjustment, positive;
 * - 044 pending / 045 settled debit → the debit order itself (kind by reason, negative, the order's full value);
 * - 049 installment rescheduling → cancellation (debit type 1) or chargeback (2), negative;
 * - 040/041/042 service fees → adjustment, negative;
 * - 053–056 e-commerce complements fill NSU, authorization, card and TID of the correction just before them; 057 is accepted after a 049 and not read (its positions are inconsistent);
 * - 037 credit totals, 050 matrix totals and 052 trailer are checked against what was read.
 * Unknown record types are skipped (counted for the trailer's record count).
 */

type Correction = AdjustmentRecord | CancellationRecord | ChargebackRecord;

interface Sums {
  rvs: number;
  normal: number;
  earlyCount: number;
  early: number;
  creditAdjCount: number;
  creditAdj: number;
  debitAdjCount: number;
  debitAdj: number;
}

const zeroSums = (): Sums => ({ rvs: 0, normal: 0, earlyCount: 0, early: 0, creditAdjCount: 0, creditAdj: 0, debitAdjCount: 0, debitAdj: 0 });

/** complement record type → the correction type it completes */
const COMPLEMENT_OF: Record<string, string> = { '053': '035', '054': '038', '055': '044', '056': '045', '057': '049' };

/** 050 and 052 positions of: RV count, normal credits, early count, early total, credit and debit adjustments */
const MATRIX_FIGURES = [[13, 18], [19, 33], [34, 39], [40, 54], [55, 58], [59, 73], [74, 79], [80, 94]] as const;
const TRAILER_FIGURES = [[23, 26], [27, 41], [42, 47], [48, 62], [63, 66], [67, 81], [82, 85], [86, 100]] as const;

const VERSION = /^V3\.\d+ .*EEFI$/;

/** A key the file fills with zeros when it does not apply: null then. */
function optKey(raw: string): string | null {
  const t = raw.trim();
  return t === '' || /^0+$/.test(t) ? null : t;
}

/** An amount that is optional (blank or zero means "not given"). */
function optAmount(raw: string, line: number, field: string): Centavos | null {
  if (raw.trim() === '') return null;
  const v = amount(raw, line, field);
  return v === 0 ? null : v;
}

/** 'NN/NN' installment / total; blank or zeros give nulls. */
function installmentOf(raw: string, line: number): [number | null, number | null] {
  const t = raw.trim();
  if (t === '' || /^[0/]*$/.test(t)) return [null, null];
  const slash = t.indexOf('/');
  if (slash === -1) throw new LineError(line, 'parcela/total', `não é NN/NN ("${raw}")`);
  return [num(t.slice(0, slash), line, 'número da parcela'), num(t.slice(slash + 1), line, 'total de parcelas')];
}

/** The PV the record's RV belongs to: the original PV when the file gives one, else the credited PV. */
function salePv(text: string, start: number, end: number, line: number, fallback: string): string {
  const original = optKey(slice(text, start, end));
  return original === null ? fallback : numericKey(original, line, 'PV original');
}

class EefiReader extends RedeReader<string> {
  private matrices = 0;
  private file = zeroSums();
  private matrix = zeroSums();
  /** 034 / 036 amounts per credited PV and posting date, until the 037 that totals them */
  private normalByDay = new Map<string, number>();
  private earlyByDay = new Map<string, number>();
  /** the correction just read, held for its e-commerce complement */
  private held: { item: Correction; type: string } | null = null;

  constructor() {
    super('EEFI', '030', 'trailer 052', []);
  }

  protected split(text: string): string {
    return text;
  }

  protected typeOf(text: string): string {
    return text.slice(0, 3);
  }

  protected mergeComplement(): void {
    // EEFI complements complete corrections, not CVs: see beforeRecord
  }

  /** A complement after its correction is merged into it; any other record lets the held correction out. */
  protected override beforeRecord(line: number, text: string, type: string, out: ParsedItem[]): boolean {
    const held = this.held;
    if (held && COMPLEMENT_OF[type] === held.type) {
      try {
        this.complement(held.item, line, text, type, out);
      } catch (e) {
        out.push(lineErrorItem(e));
      }
      return true;
    }
    this.flushHeld(out);
    return false;
  }

  protected override beforeEnd(out: ParsedItem[]): void {
    this.flushHeld(out);
  }

  private flushHeld(out: ParsedItem[]): void {
    if (this.held) out.push(this.held.item);
    this.held = null;
  }

  private hold(item: Correction, type: string): void {
    this.held = { item, type };
  }

  protected record(line: number, text: string, type: string, out: ParsedItem[]): void {
    switch (type) {
      case '030':
        out.push(this.readHeader(line, text));
        break;
      case '032':
        this.matrices++;
        this.matrix = zeroSums();
        break;
      case '034':
        out.push(this.readCredit(line, text));
        break;
      case '035':
        this.hold(this.readNetAdjustment(line, text), type);
        break;
      case '036':
        out.push(this.readEarlyPayment(line, text));
        break;
      case '037':
        this.checkCreditTotals(line, text, out);
        break;
      case '038':
        this.hold(this.readBankDebit(line, text), type);
        break;
      case '040':
      case '041':
      case '042':
        out.push(this.readServiceFee(line, text, type));
        break;
      case '043':
        out.push(this.readCreditAdjustment(line, text));
        break;
      case '044':
      case '045':
        this.hold(this.readDebitOrder(line, text, type), type);
        break;
      case '049':
        this.hold(this.readReschedule(line, text), type);
        break;
      case '050':
        this.checkMatrix(line, text, out);
        break;
      case '052':
        this.trailerAt(line, out);
        this.checkTrailer(line, text, out);
        break;
      default:
        break; // unknown record type, or a complement without its record: skipped
    }
  }

  private readHeader(line: number, text: string): FileHeader {
    requireLength(text, 125, line, '030');
    const version = alpha(slice(text, 106, 125));
    // a shifted header (re-encoded file) would read its PV from the wrong positions
    if (!VERSION.test(version)) throw new LineError(line, 'versão do layout', `não reconhecida ("${slice(text, 106, 125)}")`);
    this.header = {
      kind: 'header',
      line,
      operator: 'rede',
      layout: 'EEFI',
      version,
      merchantId: numericKey(slice(text, 82, 90), line, 'PV do grupo'),
      fileDate: date(slice(text, 4, 11), line, 'data de emissão', 'DDMMAAAA'),
      movementDate: null,
      sequence: alpha(slice(text, 76, 81)),
      processingType: alpha(slice(text, 91, 105)),
    };
    return this.header;
  }

  private add(f: (s: Sums) => void): void {
    f(this.file);
    f(this.matrix);
  }

  private static addDay(map: Map<string, number>, key: string, value: number): void {
    map.set(key, (map.get(key) ?? 0) + value);
  }

  private readCredit(line: number, text: string): SettlementRecord {
    requireLength(text, 140, line, '034');
    const credited = numericKey(slice(text, 4, 12), line, 'PV creditado');
    const [installment, installmentTotal] = installmentOf(slice(text, 125, 129), line);
    const settlement: SettlementRecord = {
      kind: 'settlement',
      line,
      operator: 'rede',
      recordType: '034',
      // the RV belongs to the original PV; the credited PV is only where the money went
      merchantId: salePv(text, 132, 140, line, credited),
      batchId: numericKey(slice(text, 76, 84), line, 'número do RV'),
      nsu: null,
      settlementDate: date(slice(text, 24, 31), line, 'data de lançamento', 'DDMMAAAA'),
      // an RV groups the sales of one day: its date is the sales' date
      saleDate: dateOrNull(slice(text, 85, 92), line, 'data do RV', 'DDMMAAAA'),
      dueDate: null,
      amount: amount(slice(text, 32, 46), line, 'valor lançado'),
      gross: amount(slice(text, 95, 109), line, 'valor bruto do RV'),
      fee: amount(slice(text, 110, 124), line, 'valor do desconto'),
      installment,
      installmentTotal,
      brand: creditBrand(slice(text, 93, 93)),
      account: { bank: alpha(slice(text, 48, 50)), branch: alpha(slice(text, 51, 56)), account: alpha(slice(text, 57, 67)) },
      // OK, in transit, pending, suspended, seized…: whether the money really reached the account
      status: creditStatus(slice(text, 130, 131)),
    };
    // the centralising PV the money was credited to, when the RV is another PV's
    if (credited !== settlement.merchantId) settlement.creditedMerchantId = credited;
    this.add((s) => {
      s.rvs++;
      s.normal += settlement.amount;
    });
    EefiReader.addDay(this.normalByDay, `${credited}|${settlement.settlementDate}`, settlement.amount);
    return settlement;
  }

  private readEarlyPayment(line: number, text: string): AnticipationRecord {
    requireLength(text, 152, line, '036');
    const credited = numericKey(slice(text, 4, 12), line, 'PV creditado');
    const [installment, installmentTotal] = installmentOf(slice(text, 108, 112), line);
    const anticipation: AnticipationRecord = {
      kind: 'anticipation',
      line,
      operator: 'rede',
      recordType: '036',
      merchantId: salePv(text, 143, 151, line, credited),
      batchId: numericKey(slice(text, 68, 76), line, 'número do RV'),
      settlementDate: date(slice(text, 24, 31), line, 'data de lançamento', 'DDMMAAAA'),
      originalDueDate: dateOrNull(slice(text, 100, 107), line, 'data de vencimento original', 'DDMMAAAA'),
      gross: amount(slice(text, 113, 127), line, 'valor bruto'),
      fee: amount(slice(text, 128, 142), line, 'valor do desconto da antecipação'),
      // what reached the account, which the bank statement shows
      net: amount(slice(text, 32, 46), line, 'valor lançado'),
      installment,
      installmentTotal,
      brand: creditBrand(slice(text, 152, 152)),
    };
    this.add((s) => {
      s.earlyCount++;
      s.early += anticipation.net;
    });
    EefiReader.addDay(this.earlyByDay, `${credited}|${anticipation.settlementDate}`, anticipation.net);
    return anticipation;
  }

  private readNetAdjustment(line: number, text: string): Correction {
    // 035 lines of a reschedule end after the credit date of the installment (179 on is empty for them)
    requireLength(text, 178, line, '035');
    const reasonCode = alpha(slice(text, 46, 47));
    const value = amount(slice(text, 30, 44), line, 'valor do ajuste');
    const correction: Correction = {
      kind: correctionKind(reasonCode),
      line,
      operator: 'rede',
      recordType: '035',
      merchantId: numericKey(slice(text, 4, 12), line, 'PV ajustado'),
      batchId: numericKey(slice(text, 13, 21), line, 'RV ajustado'),
      date: date(slice(text, 22, 29), line, 'data do ajuste', 'DDMMAAAA'),
      // 035 is a debit (`D`) netted against the credit before it
      amount: -value,
      reason: adjustmentReason(reasonCode, slice(text, 48, 75)),
      creditDate: dateOrNull(slice(text, 171, 178), line, 'data de crédito', 'DDMMAAAA'),
      originalBatchId: optKey(slice(text, 100, 108)),
      nsu: optKey(slice(text, 239, 250)),
      authorization: optKey(slice(text, 251, 256)),
      saleDate: dateOrNull(slice(text, 92, 99), line, 'data da venda', 'DDMMAAAA'),
      saleGross: optAmount(slice(text, 155, 169), line, 'valor da venda'),
      card: card(slice(text, 76, 91)),
      brand: this.optBrand(slice(text, 299, 299), slice(text, 300, 300)),
    };
    this.add((s) => {
      s.debitAdjCount++;
      s.debitAdj += value;
    });
    return correction;
  }

  /** The brand of the sale's RV, else of the adjusted RV; null when the file gives neither. */
  private optBrand(origin: string, adjusted: string): ReturnType<typeof creditBrand> | null {
    const code = origin.trim() !== '' ? origin : adjusted;
    return code.trim() === '' ? null : creditBrand(code);
  }

  private readBankDebit(line: number, text: string): Correction {
    requireLength(text, 303, line, '038');
    const reasonCode = alpha(slice(text, 100, 101));
    const value = amount(slice(text, 32, 46), line, 'valor do débito');
    const correction: Correction = {
      kind: correctionKind(reasonCode),
      line,
      operator: 'rede',
      recordType: '038',
      merchantId: numericKey(slice(text, 4, 12), line, 'PV'),
      // the debit order: what the bank statement names
      batchId: numericKey(slice(text, 13, 23), line, 'número do documento'),
      date: date(slice(text, 24, 31), line, 'data de emissão', 'DDMMAAAA'),
      amount: -value,
      reason: adjustmentReason(reasonCode, slice(text, 102, 129)),
      creditDate: dateOrNull(slice(text, 243, 250), line, 'data do débito', 'DDMMAAAA'),
      originalBatchId: optKey(slice(text, 68, 76)),
      nsu: optKey(slice(text, 222, 233)),
      authorization: optKey(slice(text, 266, 271)),
      saleDate: dateOrNull(slice(text, 214, 221), line, 'data da venda', 'DDMMAAAA'),
      saleGross: optAmount(slice(text, 251, 265), line, 'valor da venda original'),
      card: card(slice(text, 130, 145)),
      brand: this.optBrand(slice(text, 303, 303), ''),
    };
    this.add((s) => {
      s.debitAdjCount++;
      s.debitAdj += value;
    });
    return correction;
  }

  private readCreditAdjustment(line: number, text: string): AdjustmentRecord {
    requireLength(text, 115, line, '043');
    const value = amount(slice(text, 49, 63), line, 'valor do crédito');
    this.add((s) => {
      s.creditAdjCount++;
      s.creditAdj += value;
    });
    return {
      // a credit gives money back: never a reversal of a sale, whatever the reason
      kind: 'adjustment',
      line,
      operator: 'rede',
      recordType: '043',
      merchantId: numericKey(slice(text, 4, 12), line, 'PV'),
      batchId: numericKey(slice(text, 13, 21), line, 'número do resumo de crédito'),
      date: date(slice(text, 33, 40), line, 'data de emissão', 'DDMMAAAA'),
      amount: value,
      reason: adjustmentReason(slice(text, 85, 86), slice(text, 87, 114)),
      creditDate: dateOrNull(slice(text, 41, 48), line, 'data de crédito', 'DDMMAAAA'),
      ...NO_ORIGINAL_SALE,
      brand: creditBrand(slice(text, 115, 115)),
    };
  }

  /**
   * 044/045: the debit order of a cancellation or chargeback with the sale it reverses. The money itself moves in
   * 035 (netted) or 038 (bank); so the amount is the order's value, and 044/045 do not enter the trailer's totals.
   */
  private readDebitOrder(line: number, text: string, type: '044' | '045'): Correction {
    requireLength(text, type === '044' ? 287 : 272, line, type);
    const reasonCode = alpha(slice(text, 47, 48));
    return {
      kind: correctionKind(reasonCode),
      line,
      operator: 'rede',
      recordType: type,
      merchantId: numericKey(slice(text, 4, 12), line, 'PV'),
      batchId: numericKey(slice(text, 13, 23), line, 'número da ordem de débito'),
      date: date(slice(text, 24, 31), line, 'data da ordem de débito', 'DDMMAAAA'),
      amount: -amount(slice(text, 32, 46), line, 'valor da ordem de débito'),
      reason: adjustmentReason(reasonCode, slice(text, 49, 76)),
      // 044: last offset so far; 045: when the order was settled
      creditDate: dateOrNull(slice(text, 219, 226), line, type === '044' ? 'data de pagamento' : 'data de liquidação', 'DDMMAAAA'),
      originalBatchId: optKey(slice(text, 134, 142)),
      nsu: optKey(slice(text, 93, 104)),
      authorization: optKey(slice(text, 113, 118)),
      saleDate: dateOrNull(slice(text, 105, 112), line, 'data da venda', 'DDMMAAAA'),
      saleGross: optAmount(slice(text, 119, 133), line, 'valor da venda original'),
      card: card(slice(text, 77, 92)),
      brand: this.optBrand(slice(text, type === '044' ? 287 : 272, type === '044' ? 287 : 272), ''),
    };
  }

  private readReschedule(line: number, text: string): Correction {
    requireLength(text, 167, line, '049');
    const debitType = slice(text, 164, 164);
    const reason = rescheduleReason(debitType);
    const code = reason.code;
    if (code !== '1' && code !== '2') throw new LineError(line, 'tipo de débito', `inválido ("${debitType}"), esperado 1 ou 2`);
    return {
      kind: code === '1' ? 'cancellation' : 'chargeback',
      line,
      operator: 'rede',
      recordType: '049',
      merchantId: numericKey(slice(text, 4, 12), line, 'PV original'),
      batchId: numericKey(slice(text, 13, 21), line, 'RV original'),
      date: date(slice(text, 90, 97), line, 'data do cancelamento', 'DDMMAAAA'),
      amount: -amount(slice(text, 75, 89), line, 'valor do ajuste'),
      reason,
      creditDate: dateOrNull(slice(text, 37, 44), line, 'data de crédito', 'DDMMAAAA'),
      originalBatchId: numericKey(slice(text, 13, 21), line, 'RV original'),
      nsu: optKey(slice(text, 152, 163)),
      authorization: null,
      saleDate: dateOrNull(slice(text, 144, 151), line, 'data da venda', 'DDMMAAAA'),
      saleGross: null,
      card: card(slice(text, 128, 143)),
      brand: creditBrand(slice(text, 167, 167)),
    };
  }

  private readServiceFee(line: number, text: string, type: string): AdjustmentRecord {
    requireLength(text, type === '042' ? 64 : 63, line, type);
    return {
      kind: 'adjustment',
      line,
      operator: 'rede',
      recordType: type,
      merchantId: numericKey(slice(text, 4, 12), line, 'PV'),
      // a fee is charged on no RV
      batchId: '',
      date: date(slice(text, 41, 48), line, 'fim do período', 'DDMMAAAA'),
      amount: -amount(slice(text, 18, 32), line, 'valor total'),
      reason: serviceFee(type),
      creditDate: null,
      ...NO_ORIGINAL_SALE,
      brand: type === '042' ? creditBrand(slice(text, 64, 64)) : null,
    };
  }

  private complement(item: Correction, line: number, text: string, type: string, out: ParsedItem[]): void {
    if (type === '057') return;
    // [card, NSU, authorization, original RV] positions of each complement
    const at: Record<string, [number, number, number, number, number, number, number, number]> = {
      '053': [4, 19, 61, 72, 73, 78, 28, 36],
      '054': [13, 28, 46, 57, 73, 78, 4, 12],
      '055': [4, 19, 20, 31, 40, 45, 61, 69],
      '056': [4, 19, 20, 31, 40, 45, 61, 69],
    };
    const p = at[type];
    if (!p) return;
    requireLength(text, 78, line, type);
    const rv = optKey(slice(text, p[6], p[7]));
    if (rv !== null && item.originalBatchId !== null && rv !== item.originalBatchId) {
      out.push({ kind: 'error', line, message: `Linha ${line}: complemento ${type} não corresponde ao registro ${item.recordType} da linha ${item.line}` });
      return;
    }
    item.card ??= card(slice(text, p[0], p[1]));
    item.nsu ??= optKey(slice(text, p[2], p[3]));
    item.authorization ??= optKey(slice(text, p[4], p[5]));
    item.originalBatchId ??= rv;
    if (text.length >= 98) item.tid ??= optKey(slice(text, 79, 98));
  }

  private checkCreditTotals(line: number, text: string, out: ParsedItem[]): void {
    requireLength(text, 94, line, '037');
    const pv = numericKey(slice(text, 4, 12), line, 'PV');
    const creditDate = dateOrNull(slice(text, 20, 27), line, 'data de crédito', 'DDMMAAAA');
    const earlyDate = dateOrNull(slice(text, 72, 79), line, 'data de crédito antecipado', 'DDMMAAAA');
    const normalKey = `${pv}|${creditDate}`;
    const earlyKey = `${pv}|${earlyDate}`;
    const err = checkTotals(line, `total de créditos do PV ${pv} (registro 037)`, [
      { name: 'total de créditos normais', declared: amount(slice(text, 28, 42), line, 'total de créditos normais'), read: this.normalByDay.get(normalKey) ?? 0, money: true },
      { name: 'total de créditos antecipados', declared: amount(slice(text, 80, 94), line, 'total de créditos antecipados'), read: this.earlyByDay.get(earlyKey) ?? 0, money: true },
    ]);
    this.normalByDay.delete(normalKey);
    this.earlyByDay.delete(earlyKey);
    if (err) out.push(err);
  }

  /**
   * The figures 050 and 052 declare, each at its own positions: [RV count, normal credits, early count, early
   * total, credit-adjustment count, total, debit-adjustment count, total] as [start, end] pairs.
   */
  private figures(line: number, text: string, s: Sums, at: readonly (readonly [number, number])[]): TotalCheck[] {
    const n = (i: number, field: string) => num(slice(text, at[i]![0], at[i]![1]), line, field);
    const v = (i: number, field: string) => amount(slice(text, at[i]![0], at[i]![1]), line, field);
    return [
      { name: 'quantidade de RVs', declared: n(0, 'quantidade de RVs'), read: s.rvs, group: 'lançamentos' },
      { name: 'total de créditos normais', declared: v(1, 'total de créditos normais'), read: s.normal, money: true },
      { name: 'quantidade de antecipações', declared: n(2, 'quantidade de antecipações'), read: s.earlyCount, group: 'lançamentos' },
      { name: 'total antecipado', declared: v(3, 'total antecipado'), read: s.early, money: true },
      { name: 'quantidade de ajustes a crédito', declared: n(4, 'quantidade de ajustes a crédito'), read: s.creditAdjCount, group: 'lançamentos' },
      { name: 'total de ajustes a crédito', declared: v(5, 'total de ajustes a crédito'), read: s.creditAdj, money: true },
      { name: 'quantidade de ajustes a débito', declared: n(6, 'quantidade de ajustes a débito'), read: s.debitAdjCount, group: 'lançamentos' },
      { name: 'total de ajustes a débito', declared: v(7, 'total de ajustes a débito'), read: s.debitAdj, money: true },
    ];
  }

  private checkMatrix(line: number, text: string, out: ParsedItem[]): void {
    requireLength(text, 94, line, '050');
    const err = checkTotalsByKind(line, `total da matriz ${alpha(slice(text, 4, 12))} (registro 050)`, this.figures(line, text, this.matrix, MATRIX_FIGURES));
    if (err) out.push(err);
    this.matrix = zeroSums();
  }

  private checkTrailer(line: number, text: string, out: ParsedItem[]): void {
    requireLength(text, 100, line, '052');
    const recordCount = num(slice(text, 8, 13), line, 'quantidade de registros');
    const normal = amount(slice(text, 27, 41), line, 'total de créditos normais');
    const trailer: FileTrailer = {
      kind: 'trailer',
      line,
      recordCount,
      // the EEFI trailer has no gross/fee/net: its normal credits are what the file pays
      gross: normal,
      fee: 0,
      net: normal,
      saleCount: num(slice(text, 23, 26), line, 'quantidade de RVs'),
    };
    const err = checkTotalsByKind(line, 'trailer 052', [
      { name: 'quantidade de matrizes', declared: num(slice(text, 4, 7), line, 'quantidade de matrizes'), read: this.matrices },
      { name: 'quantidade de registros', declared: recordCount, read: this.records },
      ...this.figures(line, text, this.file, TRAILER_FIGURES),
    ]);
    this.emitTrailer(line, trailer, alpha(slice(text, 14, 22)), err, out);
  }
}

/** Parses an EEFI file from its lines (see `readLines`). Yields items one by one, in line order. */
export async function* parseEefi(lines: AsyncIterable<TextLine>): AsyncGenerator<ParsedItem> {
  yield* readWith(new EefiReader(), lines);
}

/** `parseEefi` over a file's line batches (`readLineBatches`): arrays of items per chunk, the records' warnings included. */
export function eefiItemBatches(batches: AsyncIterable<LineBatch>): AsyncGenerator<ParsedItem[]> {
  return lineReaderBatches(new EefiReader(), batches, new RecordWarnings());
}

