import type { BusinessDate } from '@concilia/domain';
import {
  NO_ORIGINAL_SALE, type AdjustmentRecord, type FileHeader, type NormalizedRecord, type ParsedItem, type ParseWarningItem, type SettlementRecord,
} from '../model';
import { LineError } from '../read/fields';
import { nameUnknownCodes } from '../read/unknown-codes';
import { type TotalCheck, checkTotalsByKind } from '../read/totals';
import { chunkReaderBatches, chunkReaderItems } from '../read/reader-batches';
import { type XmlItem, XmlUnitReader } from './xml-units.reader';
import { type XmlNode, child, textOf } from './xml-node';
import { stoneEventType } from './stone.codes';
import { type TxContext, type TxCounts, accountsTransaction, forecastTransaction, v1Account, zeroCounts } from './stone-transaction.mapper';
import { amountOf, countOrNull, dateOrNullOf, dateTimeOf, keyOf } from './stone-values';

/**
 * Conciliação Stone XML, layout v2 and the deprecated v1 (formats/layouts.md §4). Streams the file unit by unit
 * (Header, each Transaction / Event / Payment, Trailer) and yields, in document order:
 * - the FileHeader (StoneCode as merchantId, GenerationDateTime as file date, ReferenceDate as movement date);
 * - FinancialTransactions → sales with their installment forecasts, cancellations, chargebacks, chargeback
 *   refunds (stone-transaction.mapper.ts);
 * - FinancialEvents → AdjustmentRecords (POS rent, adjustments: scheduled, signed as written);
 * - FinancialTransactionsAccounts / FinancialEventsAccounts (v1: …Payments) → SettlementRecords of what moved;
 * - Payments/Payment → one SettlementRecord per bank deposit (recordType 'Payment', batchId = its Id, the
 *   account credited): the total the installment and event settlements with that PaymentId add up to, so a
 *   sum of settlements must take either the deposits or their details, never both;
 * - the FileTrailer, after its quantities are checked against what was read.
 * Elements the layout does not list (Messages, WalletPositions, later additions) are skipped.
 *
 * Trailer counters: the operator's own homologation files count the same movement under different kinds (a
 * refund as a cancellation here, as a chargeback there). When the counters disagree kind by kind but add up to
 * the same number of movements, nothing is missing: the file loads with a warning. When the sum differs, a
 * movement is missing or extra (a truncated file): an error.
 *
 * Locations: every message names its line; a file written on one line (the API's usual output) has every
 * element on line 1, so there the message also names the unit's element path and ordinal
 * (`Linha 1, Conciliation/FinancialTransactions/Transaction[3]: …`).
 */

const FORECAST_TX = new Set(['FinancialTransactions']);
const ACCOUNT_TX = new Set(['FinancialTransactionsAccounts', 'FinancialTransactionAccounts', 'FinancialTransactionsPayments', 'FinancialTransactionPayments']);
const FORECAST_EVENTS = new Set(['FinancialEvents']);
// the manual writes FinancialEventAccounts, the homologation files FinancialEventsAccounts
const ACCOUNT_EVENTS = new Set(['FinancialEventsAccounts', 'FinancialEventAccounts', 'FinancialEventPayments', 'FinancialEventsPayments']);

function isUnit(path: readonly string[]): boolean {
  if (path.length === 2) return path[1] === 'Header' || path[1] === 'Trailer';
  return path.length === 3 && (path[2] === 'Transaction' || path[2] === 'Event' || path[2] === 'Payment');
}

interface EventCounts {
  paidEvents: number;
  chargedEvents: number;
  paidTransactions: number;
}

/** Trailer element → what it counts, pt-BR name for the message. */
const TRAILER: [string[], keyof TxCounts | keyof EventCounts, string][] = [
  [['CapturedTransactionsQuantity'], 'captured', 'transações capturadas'],
  [['CanceledTransactionsQuantity', 'RefundedTransactionsQuantity'], 'canceled', 'transações canceladas'],
  [['PaidInstallmentsQuantity'], 'paidInstallments', 'parcelas pagas'],
  [['ChargedCancellationsQuantity'], 'chargedCancellations', 'cancelamentos cobrados'],
  [['ChargebacksQuantity'], 'chargebacks', 'chargebacks'],
  [['ChargebacksRefundQuantity'], 'chargebackRefunds', 'reapresentações de chargeback'],
  [['ChargedChargebacksQuantity'], 'chargedChargebacks', 'chargebacks cobrados'],
  [['PaidChargebacksRefundQuantity'], 'paidChargebackRefunds', 'reapresentações pagas'],
  [['PaidEventsQuantity'], 'paidEvents', 'lançamentos pagos'],
  [['ChargedEventsQuantity'], 'chargedEvents', 'lançamentos cobrados'],
  [['PaidTransactionsQuantity'], 'paidTransactions', 'transações pagas'],
];

class StoneReader {
  /** warnings of the unit being read: kept only when the unit's records are (all or none) */
  private pending: ParseWarningItem[] = [];
  private ctx: TxContext = {
    merchantId: '', version: 'v2', referenceDate: null,
    warn: (line, message) => this.pending.push({ kind: 'warning', line, message: `${this.where(line)}: ${message}` }),
  };
  /** the root element's line: a unit starting on it means the file is written on one line */
  private rootLine = 0;
  private compact = false;
  /** element path of the unit being read and its ordinal among units of that path */
  private place = '';
  private readonly ordinals = new Map<string, number>();
  private readonly seenCodes = new Set<string>();
  private headerLine = 0;
  private trailerLine = 0;
  private units = 0;
  private readonly counts: TxCounts & EventCounts = { ...zeroCounts(), paidEvents: 0, chargedEvents: 0, paidTransactions: 0 };
  private sales = { count: 0, gross: 0, fee: 0, net: 0 };

  root(line: number): void {
    this.rootLine = line;
  }

  /** 'Linha 12', or on a one-line file 'Linha 1, Conciliation/FinancialTransactions/Transaction[3]'. */
  private where(line: number): string {
    return this.compact ? `Linha ${line}, ${this.place}` : `Linha ${line}`;
  }

  /** A LineError's message with the unit's element path and ordinal when the file is on one line. */
  private located(line: number, message: string): string {
    return this.compact ? message.replace(/^Linha \d+:/, `${this.where(line)}:`) : message;
  }

  unit(path: readonly string[], node: XmlNode): ParsedItem[] {
    const key = path.join('/');
    const ordinal = (this.ordinals.get(key) ?? 0) + 1;
    this.ordinals.set(key, ordinal);
    this.place = `${key}[${ordinal}]`;
    if (node.line === this.rootLine) this.compact = true;
    const out = this.read(path, node);
    for (const item of out) if (item.kind === 'error' || item.kind === 'warning') item.message = this.located(item.line, item.message);
    return out;
  }

  private read(path: readonly string[], node: XmlNode): ParsedItem[] {
    const out: ParsedItem[] = [];
    this.pending = [];
    this.units++;
    if (this.trailerLine > 0) {
      out.push({ kind: 'error', line: node.line, message: `Linha ${node.line}: elemento ${node.name} após o Trailer (linha ${this.trailerLine})` });
      return out;
    }
    const section = path[1] ?? '';
    try {
      if (section === 'Header') this.header(node, out);
      else if (section === 'Trailer') this.trailer(node, out);
      else if (node.name === 'Transaction' && FORECAST_TX.has(section)) this.records(out, (r) => forecastTransaction(node, this.ctx, this.counts, r));
      else if (node.name === 'Transaction' && ACCOUNT_TX.has(section)) {
        this.counts.paidTransactions++;
        this.records(out, (r) => accountsTransaction(node, this.ctx, this.counts, r));
      } else if (node.name === 'Event' && FORECAST_EVENTS.has(section)) this.records(out, (r) => r.push(this.forecastEvent(node)));
      else if (node.name === 'Event' && ACCOUNT_EVENTS.has(section)) out.push(this.accountEvent(node));
      else if (node.name === 'Payment' && section === 'Payments') out.push(this.payment(node));
      else this.units--; // not a unit of the layout: skipped
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      out.push({ kind: 'error', line: e.line, message: e.message });
    }
    return out;
  }

  end(endLine: number): ParsedItem[] {
    const out: ParsedItem[] = [];
    if (this.headerLine === 0) out.push({ kind: 'error', line: 1, message: 'Linha 1: arquivo sem o cabeçalho (Header) da conciliação Stone' });
    if (this.trailerLine === 0) out.push({ kind: 'error', line: endLine, message: `Linha ${endLine}: arquivo termina sem o Trailer (arquivo truncado?)` });
    return out;
  }

  /** Records of one transaction: all or none, so a bad value never leaves half a sale behind. */
  private records(out: ParsedItem[], map: (r: NormalizedRecord[]) => void): void {
    const records: NormalizedRecord[] = [];
    const before = { ...this.counts };
    try {
      map(records);
    } catch (e) {
      // what the trailer is checked against must match what was yielded
      Object.assign(this.counts, before);
      this.pending = [];
      throw e;
    }
    for (const r of records) nameUnknownCodes(r, this.seenCodes, this.ctx.warn);
    out.push(...this.pending);
    this.pending = [];
    for (const r of records) {
      if (r.kind === 'sale') {
        this.sales.count++;
        this.sales.gross += r.gross;
        this.sales.fee += r.fee;
        this.sales.net += r.net;
      }
    }
    out.push(...records);
  }

  /** Each header field is read on its own, so one bad value (the manual's own ReferenceDate 20151910) does not hide the others. */
  private header(node: XmlNode, out: ParsedItem[]): void {
    this.headerLine = node.line;
    const guard = <T>(read: () => T): T | null => {
      try {
        return read();
      } catch (e) {
        if (!(e instanceof LineError)) throw e;
        out.push({ kind: 'error', line: e.line, message: e.message });
        return null;
      }
    };
    const version = textOf(node, 'LayoutVersion') ?? '';
    if (/^1(\.\d+)?$/.test(version)) this.ctx.version = 'v1';
    else if (!/^2(\.\d+)?$/.test(version)) {
      const line = child(node, 'LayoutVersion')?.line ?? node.line;
      out.push({ kind: 'error', line, message: `Linha ${line}: versão do layout Stone "${version}" não suportada (esperado 1 ou 2); lido como versão 2` });
    }
    const merchantId = guard(() => keyOf(node, 'StoneCode do estabelecimento', 'StoneCode'));
    this.ctx.merchantId = merchantId ?? '';
    const generated = guard(() => dateTimeOf(node, 'data/hora de geração', 'GenerationDateTime'));
    this.ctx.referenceDate = guard(() => dateOrNullOf(node, 'data de referência', 'ReferenceDate'));
    if (merchantId === null || generated === null) return;
    const header: FileHeader = {
      kind: 'header',
      line: node.line,
      operator: 'stone',
      layout: 'STONE_XML',
      version,
      merchantId,
      fileDate: generated.date,
      movementDate: this.ctx.referenceDate,
      sequence: textOf(node, 'FileId', 'Field') ?? '',
      processingType: '',
    };
    out.push(header);
  }

  /** The reference date when the element carries no date of its own (events of the day, deposits). */
  private dayOf(node: XmlNode, own: BusinessDate | null, what: string): BusinessDate {
    const d = own ?? this.ctx.referenceDate;
    if (d === null) throw new LineError(node.line, what, 'sem data (ReferenceDate do cabeçalho ausente ou inválida)');
    return d;
  }

  private forecastEvent(node: XmlNode): AdjustmentRecord {
    const creditDate = dateOrNullOf(node, 'data prevista de pagamento', 'PrevisionPaymentDate', 'PaymentDate');
    return {
      kind: 'adjustment',
      line: node.line,
      operator: 'stone',
      recordType: 'Event',
      merchantId: this.ctx.merchantId,
      batchId: keyOf(node, 'identificador do lançamento', 'EventId'),
      // the events of FinancialEvents are those posted on the reference date
      date: this.ctx.referenceDate ?? this.dayOf(node, creditDate, 'lançamento'),
      amount: amountOf(node, 'valor do lançamento', 'Amount'),
      reason: stoneEventType(textOf(node, 'Type'), textOf(node, 'Description')),
      creditDate,
      ...NO_ORIGINAL_SALE,
      brand: null,
    };
  }

  private accountEvent(node: XmlNode): SettlementRecord {
    const amount = amountOf(node, 'valor do lançamento', 'Amount');
    if (amount < 0) this.counts.chargedEvents++;
    else this.counts.paidEvents++;
    return {
      kind: 'settlement',
      line: node.line,
      operator: 'stone',
      recordType: 'Event',
      merchantId: this.ctx.merchantId,
      batchId: textOf(node, 'PaymentId'),
      nsu: null,
      settlementDate: this.dayOf(node, dateOrNullOf(node, 'data de pagamento', 'PaymentDate'), 'lançamento'),
      saleDate: null,
      dueDate: null,
      amount,
      gross: null,
      fee: null,
      installment: null,
      installmentTotal: null,
      brand: null,
      account: this.ctx.version === 'v1' ? v1Account(node) : null,
    };
  }

  private payment(node: XmlNode): SettlementRecord {
    const bank = child(node, 'FavoredBankAccount');
    return {
      kind: 'settlement',
      line: node.line,
      operator: 'stone',
      recordType: 'Payment',
      merchantId: this.ctx.merchantId,
      batchId: keyOf(node, 'identificador do pagamento', 'Id'),
      nsu: null,
      // a deposit has no date of its own: it is made on the file's reference date
      settlementDate: this.dayOf(node, null, 'pagamento'),
      saleDate: null,
      dueDate: null,
      amount: amountOf(node, 'valor total do pagamento', 'TotalAmount'),
      gross: null,
      fee: null,
      installment: null,
      installmentTotal: null,
      brand: null,
      account: bank
        ? { bank: textOf(bank, 'BankCode') ?? '', branch: textOf(bank, 'BankBranch') ?? '', account: textOf(bank, 'BankAccountNumber') ?? '' }
        : null,
    };
  }

  private trailer(node: XmlNode, out: ParsedItem[]): void {
    this.trailerLine = node.line;
    const checks: TotalCheck[] = [];
    for (const [names, key, name] of TRAILER) {
      const declared = countOrNull(node, name, ...names);
      if (declared !== null) checks.push({ name, declared, read: this.counts[key], group: 'movimentos' });
    }
    // the same movements counted under other kinds: nothing missing, the file loads and the user is told
    const err = checkTotalsByKind(node.line, 'Trailer', checks);
    if (err) out.push(err);
    out.push({
      kind: 'trailer',
      line: node.line,
      recordCount: this.units,
      gross: this.sales.gross,
      fee: this.sales.fee,
      net: this.sales.net,
      saleCount: this.sales.count,
    });
  }
}

/** A Stone file's items one by one (LayoutDef.parse). */
export function parseStoneXml(source: AsyncIterable<Uint8Array>): AsyncGenerator<ParsedItem> {
  return chunkReaderItems(new StoneXmlReader(), source);
}

/**
 * The same items in arrays, one per chunk of the file (LayoutDef.parseBatches): both run StoneXmlReader, so they
 * give the same items in the same order, this one with one async step per chunk instead of per item. No
 * RecordWarnings: `parse` adds none either (the reader names unknown codes itself, per transaction).
 */
export function stoneXmlBatches(source: AsyncIterable<Uint8Array>): AsyncGenerator<ParsedItem[]> {
  return chunkReaderBatches(new StoneXmlReader(), source);
}

/**
 * The Stone reading chunk by chunk and synchronously: `push` a chunk's bytes, get the items of the units it
 * completes; `end` gives the last ones and the end-of-file checks (Header and Trailer present).
 */
export class StoneXmlReader {
  private readonly xml = new XmlUnitReader(isUnit);
  private readonly reader = new StoneReader();
  /** an empty file or broken XML: nothing after it can be checked, not even the end of the file */
  private xmlFailed = false;
  /** a root element other than Conciliation: not a Stone file, nothing more is read */
  private notStone = false;
  private endLine = 1;
  /** the items of the chunk being read */
  private out: ParsedItem[] = [];
  /** each XML item as the XML reader completes it: a unit is mapped while its tree is fresh (see XmlUnitReader.pushEach) */
  private readonly visit = (item: XmlItem) => this.item(item);

  /** true once nothing more will be read (broken XML, not a Stone file) */
  get done(): boolean {
    return this.notStone || this.xml.done;
  }

  push(chunk: Uint8Array): ParsedItem[] {
    if (!this.done) this.xml.pushEach(chunk, this.visit);
    return this.take();
  }

  end(): ParsedItem[] {
    if (this.done) return this.take();
    this.xml.endEach(this.visit);
    if (!this.xmlFailed && !this.notStone) for (const item of this.reader.end(this.endLine)) this.out.push(item);
    return this.take();
  }

  private take(): ParsedItem[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private item(item: XmlItem): void {
    // a root other than Conciliation: nothing after it is read, not even the rest of its chunk
    if (this.notStone) return;
    const out = this.out;
    switch (item.kind) {
      case 'error':
        out.push(item);
        break;
      case 'fatal':
        this.xmlFailed = true;
        out.push(item.error);
        break;
      case 'root':
        if (item.name !== 'Conciliation') {
          this.notStone = true;
          out.push({ kind: 'error', line: item.line, message: `Linha ${item.line}: elemento raiz "${item.name}", esperado Conciliation (não é uma conciliação Stone)` });
          return;
        }
        this.reader.root(item.line);
        break;
      case 'unit':
        for (const parsed of this.reader.unit(item.path, item.node)) out.push(parsed);
        break;
      case 'end':
        this.endLine = item.line;
        break;
    }
  }
}
