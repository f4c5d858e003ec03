import { NO_ORIGINAL_SALE, type AdjustmentRecord, type Coded, type FileHeader, type FileTrailer, type InstallmentForecastRecord, type ParsedItem, type SaleRecord, type SummaryRecord } from '../model';
import {
  alpha, alphaOrNull, amount, card, date, dateOrNull, num, numericKey, requireLength, slice, timeOrNull,
} from '../read/fields';
import type { LineBatch, TextLine } from '../read/lines';
import { RecordWarnings } from '../read/unknown-codes';
import { checkTotalsByKind } from '../read/totals';
import { type OpenRv, RedeReader, lineErrorItem, readWith } from './rede-parser-base';
import { lineReaderBatches } from '../read/reader-batches';
import { adjustmentReason, capture, creditBrand, eevcStatus, product } from './rede.codes';

/**
 * Rede EEVC (credit sales, V2.01), fixed-width, formats/layouts.md §2.3–2.4. Pure: reads lines, yields the
 * header, normalised records, the checked trailer and one error item per bad line or failed check.
 *
 * Records read: 002 header, 004 matrix header, 006/010/016 RV summaries, 008/012 CVs, 014 installment plan,
 * 011 credit adjustment, 034/035 e-commerce complements (their TID is merged into the CV just before them),
 * 026 matrix totals and 028 trailer (both checked). Every other record type is skipped (counted for the
 * trailer's record count). Each RV is checked against its CVs (count, gross, discount, net).
 */

interface Sums {
  gross: number;
  revolving: number;
  installments: number;
  rejected: number;
  fee: number;
  net: number;
  acceptedCvs: number;
  rejectedCvs: number;
}

const zeroSums = (): Sums => ({ gross: 0, revolving: 0, installments: 0, rejected: 0, fee: 0, net: 0, acceptedCvs: 0, rejectedCvs: 0 });

interface EevcRv extends OpenRv {
  /** 014 lines of this RV, held until the plan ends so each can carry the plan's installment total */
  plan: (InstallmentForecastRecord | { kind: 'error'; line: number; message: string })[];
}

/** CV record type → the RV type that says its product. */
const CV_PRODUCT: Record<string, string> = { '008': '006', '012': '010' };

class EevcReader extends RedeReader<string, EevcRv> {
  private matrices = 0;
  private file = zeroSums();
  private matrix = zeroSums();

  constructor() {
    super('EEVC', '002', 'trailer 028', ['034', '035']);
  }

  protected split(text: string): string {
    return text;
  }

  protected typeOf(text: string): string {
    return text.slice(0, 3);
  }

  /** 014 lines join the open RV's plan; any other record ends that plan. */
  protected override beforeRecord(line: number, text: string, type: string, out: ParsedItem[]): boolean {
    if (type === '014') {
      this.planLine(line, text, out);
      return true;
    }
    this.flushPlan(out);
    return false;
  }

  protected override beforeEnd(out: ParsedItem[]): void {
    this.flushPlan(out);
  }

  protected record(line: number, text: string, type: string, out: ParsedItem[]): void {
    switch (type) {
      case '002':
        out.push(this.readHeader(line, text));
        break;
      case '004':
        this.closeRv(out);
        this.matrices++;
        this.matrix = zeroSums();
        break;
      case '006':
      case '010':
      case '016':
        this.closeRv(out);
        out.push(this.readRv(line, text, type));
        break;
      case '008':
      case '012':
        this.holdSale(this.readCv(line, text, type));
        break;
      case '011':
        out.push(this.readAdjustment(line, text));
        break;
      case '026':
        this.closeRv(out);
        this.checkMatrix(line, text, out);
        break;
      case '028':
        this.trailerAt(line, out);
        this.checkTrailer(line, text, out);
        break;
      default:
        break; // unknown or not yet transcribed record type: skipped
    }
  }

  private readHeader(line: number, text: string): FileHeader {
    requireLength(text, 121, line, '002');
    this.header = {
      kind: 'header',
      line,
      operator: 'rede',
      layout: 'EEVC',
      version: alpha(slice(text, 102, 121)),
      merchantId: numericKey(slice(text, 78, 86), line, 'PV do grupo'),
      fileDate: date(slice(text, 4, 11), line, 'data de emissão', 'DDMMAAAA'),
      movementDate: null,
      sequence: alpha(slice(text, 72, 77)),
      processingType: alpha(slice(text, 87, 101)),
    };
    return this.header;
  }

  private readRv(line: number, text: string, type: string): SummaryRecord {
    requireLength(text, 137, line, type);
    const gross = amount(slice(text, 54, 68), line, 'valor bruto');
    const rejected = amount(slice(text, 84, 98), line, 'valor rejeitado');
    const fee = amount(slice(text, 99, 113), line, 'valor do desconto');
    const net = amount(slice(text, 114, 128), line, 'valor líquido');
    const summary: SummaryRecord = {
      kind: 'summary',
      line,
      operator: 'rede',
      recordType: type,
      merchantId: numericKey(slice(text, 4, 12), line, 'PV'),
      batchId: numericKey(slice(text, 13, 21), line, 'número do RV'),
      batchDate: date(slice(text, 41, 48), line, 'data do RV', 'DDMMAAAA'),
      creditDate: dateOrNull(slice(text, 129, 136), line, 'data de crédito', 'DDMMAAAA'),
      saleCount: num(slice(text, 49, 53), line, 'quantidade de CVs'),
      gross,
      fee,
      net,
      rejected,
      brand: creditBrand(slice(text, 137, 137)),
      product: product(type),
      account: { bank: alpha(slice(text, 22, 24)), branch: alpha(slice(text, 25, 29)), account: alpha(slice(text, 30, 40)) },
    };
    for (const s of [this.file, this.matrix]) {
      s.gross += gross;
      if (type === '006') s.revolving += gross;
      else s.installments += gross;
      s.rejected += rejected;
      s.fee += fee;
      s.net += net;
    }
    this.rv = { summary, cvCount: 0, gross: 0, fee: 0, net: 0, plan: [] };
    return summary;
  }

  private readCv(line: number, text: string, type: '008' | '012'): SaleRecord {
    const installment = type === '012';
    // the two CV layouts differ by the 2-digit installment count at 87–88 (and a 2-position shift after it)
    const k = installment ? 2 : 0;
    requireLength(text, installment ? 262 : 230, line, type);
    const { status, accepted } = eevcStatus(slice(text, 84, 86));
    const batchId = numericKey(slice(text, 13, 21), line, 'número do RV');
    const rv = this.rv?.summary.batchId === batchId ? this.rv : null;
    const sale: SaleRecord = {
      kind: 'sale',
      line,
      operator: 'rede',
      recordType: type,
      merchantId: numericKey(slice(text, 4, 12), line, 'PV'),
      batchId,
      nsu: numericKey(slice(text, 87 + k, 98 + k), line, 'número do CV/NSU'),
      authorization: alphaOrNull(slice(text, 127 + k, 132 + k)),
      tid: null,
      saleDate: date(slice(text, 22, 29), line, 'data da venda', 'DDMMAAAA'),
      saleTime: timeOrNull(slice(text, 133 + k, 138 + k), line, 'hora da venda'),
      gross: amount(slice(text, 38, 52), line, 'valor da venda'),
      fee: amount(slice(text, 112 + k, 126 + k), line, 'valor do desconto'),
      net: amount(slice(text, 204 + k, 218 + k), line, 'valor líquido'),
      installments: installment ? Math.max(1, num(slice(text, 87, 88), line, 'número de parcelas')) : 1,
      brand: creditBrand(slice(text, installment ? 262 : 230, installment ? 262 : 230)),
      product: product(CV_PRODUCT[type] ?? type),
      capture: capture(slice(text, 203 + k, 203 + k)),
      card: card(slice(text, 68, 83)),
      terminal: alphaOrNull(installment ? slice(text, 251, 258) : slice(text, 219, 226)),
      status,
      accepted,
      creditDate: rv ? rv.summary.creditDate : null,
    };
    for (const s of [this.file, this.matrix]) {
      if (accepted) s.acceptedCvs++;
      else s.rejectedCvs++;
    }
    if (rv && accepted) RedeReader.addCv(rv, sale);
    return sale;
  }

  protected mergeComplement(sale: SaleRecord, line: number, text: string, type: string, out: ParsedItem[]): void {
    const batchId = numericKey(slice(text, 13, 21), line, 'número do RV');
    const nsu = alpha(slice(text, 61, 72));
    // NSU is zeros for manual sales: then the RV, date and value must identify the CV
    const sameSale = batchId === sale.batchId && (/^0*$/.test(nsu) ? amount(slice(text, 30, 44), line, 'valor') === sale.gross : nsu === sale.nsu);
    if (sameSale) sale.tid = alphaOrNull(slice(text, 79, 98));
    else out.push({ kind: 'error', line, message: `Linha ${line}: complemento ${type} não corresponde ao CV da linha ${sale.line}` });
  }

  private planLine(line: number, text: string, out: ParsedItem[]): void {
    const rv = this.rv;
    try {
      requireLength(text, 92, line, '014');
      const batchId = numericKey(slice(text, 13, 21), line, 'número do RV');
      const forecast: InstallmentForecastRecord = {
        kind: 'installmentForecast',
        line,
        operator: 'rede',
        recordType: '014',
        nsu: null, // an RV's plan, not a sale's
        merchantId: numericKey(slice(text, 4, 12), line, 'PV'),
        batchId,
        batchDate: date(slice(text, 22, 29), line, 'data do RV', 'DDMMAAAA'),
        installment: num(slice(text, 38, 39), line, 'número da parcela'),
        installmentTotal: null,
        gross: amount(slice(text, 40, 54), line, 'valor bruto da parcela'),
        fee: amount(slice(text, 55, 69), line, 'valor do desconto da parcela'),
        net: amount(slice(text, 70, 84), line, 'valor líquido da parcela'),
        creditDate: date(slice(text, 85, 92), line, 'data de crédito da parcela', 'DDMMAAAA'),
        brand: rv?.summary.batchId === batchId ? rv.summary.brand : unknownCode,
        product: rv?.summary.batchId === batchId ? rv.summary.product : product('010'),
      };
      if (rv?.summary.batchId === batchId) rv.plan.push(forecast);
      else out.push(forecast); // a plan line without its RV: kept, without the plan's total
    } catch (e) {
      const err = lineErrorItem(e);
      if (rv) rv.plan.push(err);
      else out.push(err);
    }
  }

  /** The plan of the open RV ends: every line gets the plan's installment count (its number of 014 lines). */
  private flushPlan(out: ParsedItem[]): void {
    const rv = this.rv;
    if (!rv || rv.plan.length === 0) return;
    const total = rv.plan.length;
    for (const item of rv.plan) {
      if (item.kind === 'installmentForecast') item.installmentTotal = total;
      out.push(item);
    }
    rv.plan = [];
  }

  private checkMatrix(line: number, text: string, out: ParsedItem[]): void {
    requireLength(text, 174, line, '026');
    const m = this.matrix;
    const err = checkTotalsByKind(line, `total da matriz ${alpha(slice(text, 4, 12))} (registro 026)`, [
      { name: 'total bruto', declared: amount(slice(text, 13, 27), line, 'total bruto'), read: m.gross, money: true },
      { name: 'quantidade de CVs rejeitados', declared: num(slice(text, 28, 33), line, 'quantidade de CVs rejeitados'), read: m.rejectedCvs, group: 'CVs' },
      { name: 'total rejeitado', declared: amount(slice(text, 34, 48), line, 'total rejeitado'), read: m.rejected, money: true },
      { name: 'total rotativo', declared: amount(slice(text, 49, 63), line, 'total rotativo'), read: m.revolving, money: true },
      { name: 'total parcelado', declared: amount(slice(text, 64, 78), line, 'total parcelado'), read: m.installments, money: true },
      { name: 'total de desconto', declared: amount(slice(text, 109, 123), line, 'total de desconto'), read: m.fee, money: true },
      { name: 'total líquido', declared: amount(slice(text, 124, 138), line, 'total líquido'), read: m.net, money: true },
      { name: 'quantidade de CVs aceitos', declared: num(slice(text, 169, 174), line, 'quantidade de CVs aceitos'), read: m.acceptedCvs, group: 'CVs' },
    ]);
    if (err) out.push(err);
  }

  private checkTrailer(line: number, text: string, out: ParsedItem[]): void {
    requireLength(text, 184, line, '028');
    const f = this.file;
    const trailer: FileTrailer = {
      kind: 'trailer',
      line,
      recordCount: num(slice(text, 8, 13), line, 'quantidade de registros'),
      gross: amount(slice(text, 23, 37), line, 'total bruto'),
      fee: amount(slice(text, 119, 133), line, 'total de desconto'),
      net: amount(slice(text, 134, 148), line, 'total líquido'),
      saleCount: num(slice(text, 179, 184), line, 'quantidade de CVs aceitos'),
    };
    const err = checkTotalsByKind(line, 'trailer 028', [
      { name: 'quantidade de matrizes', declared: num(slice(text, 4, 7), line, 'quantidade de matrizes'), read: this.matrices },
      { name: 'quantidade de registros', declared: trailer.recordCount, read: this.records },
      { name: 'total bruto', declared: trailer.gross, read: f.gross, money: true },
      { name: 'quantidade de CVs rejeitados', declared: num(slice(text, 38, 43), line, 'quantidade de CVs rejeitados'), read: f.rejectedCvs, group: 'CVs' },
      { name: 'total rejeitado', declared: amount(slice(text, 44, 58), line, 'total rejeitado'), read: f.rejected, money: true },
      { name: 'total rotativo', declared: amount(slice(text, 59, 73), line, 'total rotativo'), read: f.revolving, money: true },
      { name: 'total parcelado', declared: amount(slice(text, 74, 88), line, 'total parcelado'), read: f.installments, money: true },
      { name: 'total de desconto', declared: trailer.fee, read: f.fee, money: true },
      { name: 'total líquido', declared: trailer.net, read: f.net, money: true },
      { name: 'quantidade de CVs aceitos', declared: trailer.saleCount, read: f.acceptedCvs, group: 'CVs' },
    ]);
    this.emitTrailer(line, trailer, alpha(slice(text, 14, 22)), err, out);
  }

  private readAdjustment(line: number, text: string): AdjustmentRecord {
    requireLength(text, 119, line, '011');
    return {
      kind: 'adjustment',
      line,
      operator: 'rede',
      recordType: '011',
      merchantId: numericKey(slice(text, 4, 12), line, 'PV creditado'),
      batchId: numericKey(slice(text, 13, 21), line, 'número do resumo de crédito'),
      date: date(slice(text, 22, 29), line, 'data do ajuste', 'DDMMAAAA'),
      // 011 is a credit adjustment: money to the merchant
      amount: amount(slice(text, 30, 44), line, 'valor do ajuste'),
      reason: adjustmentReason(slice(text, 89, 90), slice(text, 91, 118)),
      creditDate: dateOrNull(slice(text, 45, 52), line, 'data de crédito', 'DDMMAAAA'),
      ...NO_ORIGINAL_SALE,
      brand: creditBrand(slice(text, 119, 119)),
    };
  }
}

const unknownCode: Coded = { code: '', name: null };

/** Parses an EEVC file from its lines (see `readLines`). Yields items one by one, in line order. */
export async function* parseEevc(lines: AsyncIterable<TextLine>): AsyncGenerator<ParsedItem> {
  yield* readWith(new EevcReader(), lines);
}

/** `parseEevc` over a file's line batches (`readLineBatches`): arrays of items per chunk, the records' warnings included. */
export function eevcItemBatches(batches: AsyncIterable<LineBatch>): AsyncGenerator<ParsedItem[]> {
  return lineReaderBatches(new EevcReader(), batches, new RecordWarnings());
}
