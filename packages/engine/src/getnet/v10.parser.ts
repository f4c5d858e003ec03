import { looksUtf8, utf8Error } from '../read/line-checks';
import type { Centavos } from '@concilia/domain';
import type {
  AdjustmentRecord, AnticipationRecord, CancellationRecord, ChargebackRecord, FileHeader, FileTrailer,
  InstallmentForecastRecord, ParseErrorItem, ParsedItem, SaleRecord, SettlementRecord, SummaryRecord,
} from '../model';
import {
  LineError, alpha, alphaOrNull, amount, card, date, dateOrNull, num, numericKey, requireLength, slice, timeOrNull,
} from '../read/fields';
import type { LineBatch, TextLine } from '../read/lines';
import { lineReaderBatches } from '../read/reader-batches';
import { checkTotals } from '../read/totals';
import {
  OPERATION_TYPES, adjustmentReason, capture, correctionKind, paymentIndicator, product, productBrand, transactionStatus,
} from './getnet.codes';
import { RecordWarnings, unknownCodeMessage } from '../read/unknown-codes';

/**
 * Getnet Extrato Eletrônico V10 (400-character records), formats/layouts.md §3. Pure: reads lines, yields the
 * header, normalised records, the checked trailer and one error item per bad line or failed check.
 *
 * Mapping:
 * - 0 header;
 * - 1 RV → SummaryRecord; an installment RV with indicator PF (forecast) also → InstallmentForecastRecord;
 * - 2 CV → SaleRecord. Getnet repeats an installment sale's CV under the RV of each installment: only the CV of
 *   installment 1 (or of a single payment) becomes a SaleRecord, so a sale is counted once; the later ones are
 *   read, checked and added to their RV's check;
 * - 3 adjustment → cancellation (reasons 3, 12), chargeback (4) or adjustment (the rest), signed by position 63;
 * - 4 early payment → AnticipationRecord (operation level, the RVs paid early point to it with indicator AC);
 * - 5 negotiation: PG (plain payment) and GV (lien: the receivables are paid, to the lien holder's account) are
 *   money settled → SettlementRecord; CS / CF (assignment: receivables sold for money now, minus a cost) are an
 *   early payment → AnticipationRecord;
 * - 6 receivable units of an assignment: details of its record 5, read and checked but not yielded (they would
 *   count the assignment twice);
 * - 9 trailer: its record count is checked (it declares no amounts: the trailer item carries the RV totals read).
 * Unknown record types are skipped (counted for the trailer).
 */

type Correction = AdjustmentRecord | CancellationRecord | ChargebackRecord;

const RECORD_LENGTH = 400;
/** "401 chars" of a third-party parser: tolerated, one character of trailing junk */
const MAX_LENGTH = 401;
/** last position each record type uses: shorter lines are truncated, lines this long lost only reserved blanks */
const MIN_LENGTH: Record<string, number> = { '0': 116, '1': 308, '2': 189, '3': 168, '4': 156, '5': 230, '6': 236, '9': 10 };

const VERSION = /^SANT\. V\.10\b/i;

interface OpenRv {
  summary: SummaryRecord;
  cvCount: number;
  gross: number;
}

/** An alphanumeric key (EC code): trimmed, required. */
function key(raw: string, line: number, field: string): string {
  const t = raw.trim();
  if (t === '') throw new LineError(line, field, 'ausente');
  return t;
}

function optKey(raw: string): string | null {
  const t = raw.trim();
  return t === '' || /^0+$/.test(t) ? null : t;
}

function sign(text: string, at: number): string {
  return slice(text, at, at);
}

export class GetnetReader {
  private records = 0;
  private header: FileHeader | null = null;
  private trailerLine = 0;
  private lastLine = 0;
  private rv: OpenRv | null = null;
  private totals = { gross: 0, fee: 0, net: 0, sales: 0 };

  push({ line, text }: TextLine): ParsedItem[] {
    this.lastLine = line;
    if (text.trim() === '') return [];
    this.records++;
    const out: ParsedItem[] = [];
    const type = text.charAt(0);
    if (this.trailerLine > 0) {
      out.push({ kind: 'error', line, message: `Linha ${line}: registro ${type} após o trailer 9 (linha ${this.trailerLine})` });
      return out;
    }
    if (this.records === 1 && type !== '0') {
      out.push({ kind: 'error', line, message: `Linha ${line}: esperado o cabeçalho 0 do Getnet V10, encontrado registro "${type}"` });
    }
    if (looksUtf8(text)) {
      out.push(utf8Error(line));
      return out;
    }
    const min = MIN_LENGTH[type];
    if (min === undefined) return out; // unknown record type: skipped, counted
    if (text.length > MAX_LENGTH) {
      out.push({ kind: 'error', line, message: `Linha ${line}: registro ${type} com ${text.length} posições, esperado ${RECORD_LENGTH}` });
      return out;
    }
    try {
      requireLength(text, min, line, type);
      this.record(line, text, type, out);
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      out.push({ kind: 'error', line: e.line, message: e.message });
    }
    return out;
  }

  end(): ParsedItem[] {
    const out: ParsedItem[] = [];
    this.closeRv(out);
    if (this.records === 0) out.push({ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' });
    else if (this.trailerLine === 0) {
      out.push({ kind: 'error', line: this.lastLine, message: `Linha ${this.lastLine}: arquivo termina sem o trailer 9 (arquivo truncado?)` });
    }
    return out;
  }

  private record(line: number, text: string, type: string, out: ParsedItem[]): void {
    switch (type) {
      case '0':
        out.push(this.readHeader(line, text));
        break;
      case '1':
        this.closeRv(out);
        this.readRv(line, text, out);
        break;
      case '2': {
        const sale = this.readCv(line, text);
        if (sale) out.push(sale);
        break;
      }
      case '3':
        out.push(this.readAdjustment(line, text));
        break;
      case '4':
        out.push(this.readEarlyPayment(line, text));
        break;
      case '5':
        out.push(this.readNegotiation(line, text));
        break;
      case '6':
        this.readReceivableUnit(line, text);
        break;
      case '9':
        this.closeRv(out);
        this.trailerLine = line;
        this.readTrailer(line, text, out);
        break;
    }
  }

  private readHeader(line: number, text: string): FileHeader {
    const version = alpha(slice(text, 92, 116));
    // a shifted header (re-encoded file) or another version would read its fields from the wrong positions
    if (!VERSION.test(version)) throw new LineError(line, 'versão do layout', `não reconhecida ("${slice(text, 92, 116)}")`);
    this.header = {
      kind: 'header',
      line,
      operator: 'getnet',
      layout: 'GETNET',
      version,
      merchantId: key(slice(text, 32, 46), line, 'código do estabelecimento'),
      fileDate: date(slice(text, 2, 9), line, 'data de criação', 'DDMMAAAA'),
      movementDate: dateOrNull(slice(text, 16, 23), line, 'data de referência do movimento', 'DDMMAAAA'),
      sequence: alpha(slice(text, 81, 89)),
      processingType: '',
    };
    return this.header;
  }

  private readRv(line: number, text: string, out: ParsedItem[]): void {
    const gross = amount(slice(text, 85, 96), line, 'valor bruto');
    const net = amount(slice(text, 97, 108), line, 'valor líquido', { sign: sign(text, 286) });
    const installment = num(slice(text, 171, 172), line, 'número da parcela');
    const installmentTotal = Math.max(1, num(slice(text, 173, 174), line, 'quantidade de parcelas'));
    const code = slice(text, 17, 18);
    const accountType = alpha(slice(text, 287, 288));
    const summary: SummaryRecord = {
      kind: 'summary',
      line,
      operator: 'getnet',
      recordType: '1',
      merchantId: key(slice(text, 2, 16), line, 'código do estabelecimento'),
      batchId: numericKey(slice(text, 22, 30), line, 'número do RV'),
      batchDate: date(slice(text, 31, 38), line, 'data do RV', 'DDMMAAAA'),
      creditDate: dateOrNull(slice(text, 39, 46), line, 'data de pagamento do RV', 'DDMMAAAA'),
      saleCount: num(slice(text, 67, 75), line, 'quantidade de CVs aceitos'),
      gross,
      // net is gross minus the whole commission (discount, tariff, charges): the fee is that difference
      fee: gross - net,
      net,
      rejected: amount(slice(text, 133, 144), line, 'valor rejeitado'),
      brand: productBrand(code),
      product: product(code, installmentTotal),
      account: {
        bank: alpha(slice(text, 47, 49)),
        branch: alpha(slice(text, 50, 55)),
        account: accountType === 'CC' || accountType === '' ? alpha(slice(text, 56, 66)) : alpha(slice(text, 289, 308)),
      },
    };
    // the pieces must be valid even where the model does not keep them
    amount(slice(text, 109, 120), line, 'valor da tarifa');
    amount(slice(text, 121, 132), line, 'valor do desconto');
    const indicator = alpha(slice(text, 169, 170));
    // a descriptive code (V10.1 files carry indicators the reference does not list): kept raw, never a refusal
    if (paymentIndicator(indicator).name === null) out.push({ kind: 'warning', line, message: `Linha ${line}: ${unknownCodeMessage('indicador de pagamento', indicator)}` });
    out.push(summary);
    this.totals.gross += gross;
    this.totals.fee += summary.fee;
    this.totals.net += net;
    this.rv = { summary, cvCount: 0, gross: 0 };
    if (indicator === 'PF' && installmentTotal > 1) {
      const forecast: InstallmentForecastRecord = {
        kind: 'installmentForecast',
        line,
        operator: 'getnet',
        recordType: '1',
        nsu: null, // an RV's plan, not a sale's
        merchantId: summary.merchantId,
        batchId: summary.batchId,
        batchDate: summary.batchDate,
        installment,
        installmentTotal,
        gross,
        fee: summary.fee,
        net,
        creditDate: date(slice(text, 39, 46), line, 'data de pagamento do RV', 'DDMMAAAA'),
        brand: summary.brand,
        product: summary.product,
      };
      out.push(forecast);
    }
  }

  private readCv(line: number, text: string): SaleRecord | null {
    const batchId = numericKey(slice(text, 17, 25), line, 'número do RV');
    const gross = amount(slice(text, 71, 82), line, 'valor da transação', { sign: sign(text, 172) });
    const installments = Math.max(1, num(slice(text, 107, 108), line, 'quantidade de parcelas'));
    const installment = num(slice(text, 109, 110), line, 'número da parcela');
    const installmentValue = amount(slice(text, 111, 122), line, 'valor da parcela');
    const fee = amount(slice(text, 176, 187), line, 'valor da comissão (MDR)');
    const { status, accepted } = transactionStatus(slice(text, 144, 144));
    const rv = this.rv?.summary.batchId === batchId ? this.rv : null;
    const code = rv ? rv.summary.product.code : '';
    const sale: SaleRecord = {
      kind: 'sale',
      line,
      operator: 'getnet',
      recordType: '2',
      merchantId: key(slice(text, 2, 16), line, 'código do estabelecimento'),
      batchId,
      nsu: numericKey(slice(text, 26, 37), line, 'NSU'),
      authorization: alphaOrNull(slice(text, 131, 140)),
      tid: this.tid(text),
      saleDate: date(slice(text, 38, 45), line, 'data da transação', 'DDMMAAAA'),
      saleTime: timeOrNull(slice(text, 46, 51), line, 'hora da transação'),
      gross,
      fee,
      net: gross - fee,
      installments,
      brand: productBrand(code),
      product: product(code, installments),
      capture: capture(slice(text, 141, 143)),
      card: card(slice(text, 52, 70)),
      terminal: alphaOrNull(slice(text, 160, 167)),
      status,
      accepted,
      creditDate: dateOrNull(slice(text, 123, 130), line, 'data de pagamento', 'DDMMAAAA'),
    };
    if (rv && accepted) {
      rv.cvCount++;
      // an installment RV adds up the installment of each sale, a single-payment RV the sales
      rv.gross += installments > 1 ? installmentValue : gross;
    }
    if (installment > 1) return null;
    this.totals.sales++;
    return sale;
  }

  /** TID from the dynamic content: e-commerce (02, 05) at 190–231, recurrence + e-commerce (03) at 265–306. */
  private tid(text: string): string | null {
    switch (slice(text, 188, 189)) {
      case '02':
      case '05':
        return alphaOrNull(slice(text, 190, 231));
      case '03':
        return alphaOrNull(slice(text, 265, 306));
      default:
        return null;
    }
  }

  /**
   * The RV against its CVs, when CVs follow it: an RV sent again because its status changed (PG, AC, RA, …)
   * comes without them.
   */
  private closeRv(out: ParsedItem[]): void {
    const rv = this.rv;
    this.rv = null;
    if (!rv || rv.cvCount === 0) return;
    const s = rv.summary;
    const err = checkTotals(s.line, `RV ${s.batchId} (registro 1)`, [
      { name: 'quantidade de CVs', declared: s.saleCount, read: rv.cvCount },
      { name: 'valor bruto', declared: s.gross, read: rv.gross, money: true },
    ]);
    if (err) out.push(err);
  }

  private readAdjustment(line: number, text: string): Correction {
    const reasonCode = alpha(slice(text, 76, 77));
    const contentType = slice(text, 167, 168);
    const description = contentType === '03' ? slice(text, 169, 198) : contentType === '04' ? slice(text, 169, 228) : '';
    const nsu = optKey(slice(text, 114, 125));
    return {
      kind: correctionKind(reasonCode),
      line,
      operator: 'getnet',
      recordType: '3',
      merchantId: key(slice(text, 2, 16), line, 'código do estabelecimento'),
      batchId: numericKey(slice(text, 17, 25), line, 'número do RV ajustado'),
      date: date(slice(text, 26, 33), line, 'data do RV', 'DDMMAAAA'),
      amount: amount(slice(text, 64, 75), line, 'valor do ajuste', { sign: sign(text, 63) }),
      reason: adjustmentReason(reasonCode, description),
      creditDate: dateOrNull(slice(text, 34, 41), line, 'data de pagamento do RV', 'DDMMAAAA'),
      originalBatchId: optKey(slice(text, 105, 113)),
      nsu,
      authorization: null,
      saleDate: dateOrNull(slice(text, 126, 133), line, 'data da venda original', 'DDMMAAAA'),
      saleGross: null,
      card: card(slice(text, 86, 104)),
      brand: null,
    };
  }

  private readEarlyPayment(line: number, text: string): AnticipationRecord {
    return {
      kind: 'anticipation',
      line,
      operator: 'getnet',
      recordType: '4',
      merchantId: key(slice(text, 2, 16), line, 'código do estabelecimento'),
      batchId: numericKey(slice(text, 33, 47), line, 'número da operação'),
      settlementDate: date(slice(text, 25, 32), line, 'data de crédito', 'DDMMAAAA'),
      originalDueDate: null,
      gross: amount(slice(text, 48, 59), line, 'valor bruto da antecipação'),
      fee: amount(slice(text, 60, 71), line, 'taxa da antecipação'),
      net: amount(slice(text, 72, 83), line, 'valor líquido da antecipação'),
      installment: null,
      installmentTotal: null,
      brand: null,
    };
  }

  private readNegotiation(line: number, text: string): SettlementRecord | AnticipationRecord {
    const type = alpha(slice(text, 53, 54));
    if (!(type in OPERATION_TYPES)) throw new LineError(line, 'tipo de operação', `inválido ("${slice(text, 53, 54)}"), esperado CS, GV, CF ou PG`);
    const merchantId = key(slice(text, 2, 16), line, 'código do estabelecimento');
    const operation = key(slice(text, 33, 52), line, 'número da operação');
    const settlementDate = date(slice(text, 25, 32), line, 'data de crédito da operação', 'DDMMAAAA');
    // the acquiring part: the split part of the total belongs to others
    const gross: Centavos = amount(slice(text, 67, 78), line, 'valor bruto credenciamento');
    amount(slice(text, 55, 66), line, 'valor bruto total');
    const fee = amount(slice(text, 79, 90), line, 'custo da operação');
    const net = amount(slice(text, 91, 102), line, 'valor líquido');
    if (type === 'CS' || type === 'CF') {
      return {
        kind: 'anticipation', line, operator: 'getnet', recordType: '5', merchantId, batchId: operation, settlementDate,
        originalDueDate: null, gross, fee, net, installment: null, installmentTotal: null, brand: null,
      };
    }
    const account = type === 'GV'
      ? { bank: alpha(slice(text, 187, 189)), branch: alpha(slice(text, 190, 195)), account: alpha(slice(text, 196, 215)) }
      : { bank: alpha(slice(text, 116, 118)), branch: alpha(slice(text, 119, 124)), account: alpha(slice(text, 125, 144)) };
    return {
      kind: 'settlement', line, operator: 'getnet', recordType: '5', merchantId, batchId: operation, nsu: null,
      settlementDate, saleDate: null, dueDate: null, amount: net, gross, fee, installment: null, installmentTotal: null,
      brand: null, account,
    };
  }

  private readReceivableUnit(line: number, text: string): void {
    key(slice(text, 2, 16), line, 'código do estabelecimento');
    date(slice(text, 17, 24), line, 'data da operação', 'DDMMAAAA');
    dateOrNull(slice(text, 67, 74), line, 'data de vencimento da UR', 'DDMMAAAA');
    for (const [s, e, field] of [[75, 86, 'valor bruto total da UR'], [87, 98, 'valor bruto da UR'], [99, 110, 'custo da UR'], [111, 122, 'valor líquido da UR']] as const) {
      amount(slice(text, s, e), line, field);
    }
  }

  private readTrailer(line: number, text: string, out: ParsedItem[]): void {
    const trailer: FileTrailer = {
      kind: 'trailer',
      line,
      recordCount: num(slice(text, 2, 10), line, 'quantidade de registros'),
      gross: this.totals.gross,
      fee: this.totals.fee,
      net: this.totals.net,
      saleCount: this.totals.sales,
    };
    const err: ParseErrorItem | null = checkTotals(line, 'trailer 9', [
      { name: 'quantidade de registros', declared: trailer.recordCount, read: this.records },
    ]);
    if (err) out.push(err);
    out.push(trailer);
  }
}

/** Parses a Getnet V10 file from its lines (see `readLines`). Yields items one by one, in line order. */
export async function* parseGetnetV10(lines: AsyncIterable<TextLine>): AsyncGenerator<ParsedItem> {
  const reader = new GetnetReader();
  for await (const l of lines) yield* reader.push(l);
  yield* reader.end();
}

/** `parseGetnetV10` over a file's line batches (`readLineBatches`): arrays of items per chunk, the records' warnings included. */
export function getnetV10ItemBatches(batches: AsyncIterable<LineBatch>): AsyncGenerator<ParsedItem[]> {
  return lineReaderBatches(new GetnetReader(), batches, new RecordWarnings());
}
