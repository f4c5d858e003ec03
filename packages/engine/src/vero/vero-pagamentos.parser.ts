import type { BankAccount, FileHeader, ParsedItem, ParseWarningItem } from '../model';
import { LineError, amount, date, numericKey, requireLength, slice } from '../read/fields';
import { type TextLine, readLineBatches, readLines } from '../read/lines';
import { type LineItemReader, lineReaderBatches, lineReaderItems } from '../read/reader-batches';
import { decodeCode, firstUnknowns } from '../read/record-values';
import { VERO_DEBITS, VERO_ENTRY_CODES, VERO_PAYMENT_FILES } from './vero.codes';

/**
 * Vero (Banrisul) payment files BJRVCMB / BJRVCC1 (320-character records), docs/layouts/vero.md. Positions are
 * 1-based as the manuals number them. Records:
 * - `0` header: file id (43–49), reference date (51–58), generation date (59–66), origin (73–82), head-office
 *   establishment (83–96) → the FileHeader;
 * - `1` credit to the bank account: establishment CNPJ (43–56), branch (57–60), account (61–70), net (71–85) →
 *   a SettlementRecord of the deposit (recordType '1', on the header's reference date);
 * - `2` installment paid: credit date (29–36), entry code (37–40), sale date (43–50), NSU (51–58), installment
 *   (59–60), gross (61–75), fees (76–107), net (108–122), record sequence (312–320) → a SettlementRecord of the
 *   installment under the last record 1 (entry 0205, cancellation / chargeback, → a negative AdjustmentRecord).
 * A deposit and its installments are the same money: a sum of settlements takes one or the other (as Stone's
 * Payment and its details). A deposit whose installments do not add up to it is warned. Other record types
 * (trailers, later additions) are skipped.
 */

const BANRISUL = '041';

/** A file's items one by one, in line order (LayoutDef.parse). */
export function parseVeroPagamentos(source: AsyncIterable<Uint8Array>): AsyncGenerator<ParsedItem> {
  return lineReaderItems(new VeroPagamentosReader(), readLines(source));
}

/**
 * The same items in arrays, one per chunk of the file (LayoutDef.parseBatches). No RecordWarnings: the reader
 * gives its own warnings (unknown entry codes, net above gross) and `parse` adds none either.
 */
export function veroPagamentosBatches(source: AsyncIterable<Uint8Array>): AsyncGenerator<ParsedItem[]> {
  return lineReaderBatches(new VeroPagamentosReader(), readLineBatches(source));
}

/** The deposit (record 1) being read and what the installments after it add up to. */
interface OpenDeposit {
  line: number;
  merchantId: string;
  account: BankAccount;
  net: number;
  read: number;
}

/**
 * The Vero reader, one line at a time and synchronously (LineItemReader): `parse` and `parseBatches` both run it,
 * so the two give the same items. A header that cannot be read ends the reading (`done`): without it there is no
 * establishment nor reference date for the records after it.
 */
export class VeroPagamentosReader implements LineItemReader {
  private header: FileHeader | null = null;
  private deposit: OpenDeposit | null = null;
  private lines = 0;
  /** the unknown entry codes already warned about: one warning per code in the file */
  private readonly unknown = new Set<string>();
  done = false;

  push({ line, text }: TextLine): ParsedItem[] {
    const out: ParsedItem[] = [];
    if (this.done) return out;
    this.lines++;
    try {
      this.record(line, text, out);
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      out.push({ kind: 'error', line: e.line, message: e.message });
      if (line === 1) this.done = true;
    }
    return out;
  }

  end(): ParsedItem[] {
    const out: ParsedItem[] = [];
    if (this.done) return out;
    this.closeDeposit(out);
    if (this.lines === 0) out.push({ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' });
    return out;
  }

  /** One line; what it yields goes to `out` before a LineError is thrown (a deposit's warning before its error). */
  private record(line: number, text: string, out: ParsedItem[]): void {
    const type = text.slice(0, 1);
    if (line === 1) {
      out.push(this.readHeader(line, text, type));
      return;
    }
    const header = this.header;
    if (!header) return;
    if (type === '1') {
      this.closeDeposit(out);
      requireLength(text, 85, line, '1');
      const merchantId = numericKey(slice(text, 43, 56), line, 'estabelecimento');
      const account = { bank: BANRISUL, branch: slice(text, 57, 60).trim(), account: slice(text, 61, 70).trim() };
      const net = amount(slice(text, 71, 85), line, 'valor líquido do crédito');
      this.deposit = { line, merchantId, account, net, read: 0 };
      out.push({
        kind: 'settlement', line, operator: 'vero', recordType: '1', merchantId, batchId: null, nsu: null, settlementDate: header.movementDate ?? header.fileDate,
        saleDate: null, dueDate: null, amount: net, gross: null, fee: null, installment: null, installmentTotal: null, brand: null, account,
      });
    } else if (type === '2') {
      this.readInstallment(line, text, header, out);
    }
  }

  private readHeader(line: number, text: string, type: string): FileHeader {
    if (type !== '0') throw new LineError(line, 'registro', `"${type}" no lugar do header 0`);
    requireLength(text, 96, line, '0');
    const fileId = slice(text, 43, 49);
    if (!VERO_PAYMENT_FILES[fileId]) throw new LineError(line, 'identificador do arquivo', `não é BJRVCMB nem BJRVCC1 ("${fileId}")`);
    this.header = {
      kind: 'header', line, operator: 'vero', layout: 'VERO_PAGAMENTOS', version: fileId, merchantId: numericKey(slice(text, 83, 96), line, 'estabelecimento matriz'),
      fileDate: date(slice(text, 59, 66), line, 'data de geração', 'AAAAMMDD'), movementDate: date(slice(text, 51, 58), line, 'data de referência', 'AAAAMMDD'),
      sequence: slice(text, 67, 72).trim(), processingType: slice(text, 73, 82).trim(),
    };
    return this.header;
  }

  private readInstallment(line: number, text: string, header: FileHeader, out: ParsedItem[]): void {
    requireLength(text, 122, line, '2');
    // the record's warnings are held until it is read whole: a record refused for a bad field gives its error only
    const warnings: ParseWarningItem[] = [];
    const where = `Linha ${line}`;
    const codeRaw = slice(text, 37, 40);
    const entry = decodeCode(codeRaw, VERO_ENTRY_CODES, 'lançamento', where, line, warnings);
    const credited = date(slice(text, 29, 36), line, 'data do lançamento', 'AAAAMMDD');
    const saleDate = date(slice(text, 43, 50), line, 'data do movimento', 'AAAAMMDD');
    const nsu = numericKey(slice(text, 51, 58), line, 'NSU');
    const installment = Number(slice(text, 59, 60).trim() || '0') || 1;
    const gross = amount(slice(text, 61, 75), line, 'valor bruto da parcela');
    const net = amount(slice(text, 108, 122), line, 'valor líquido da parcela');
    const batchId = slice(text, 312, 320).trim() || null;
    if (net > gross) warnings.push({ kind: 'warning', line, message: `${where}: valor líquido ${net} maior que o bruto ${gross} (centavos)` });
    const deposit = this.deposit;
    const merchantId = deposit?.merchantId ?? header.merchantId;
    for (const w of firstUnknowns(warnings, this.unknown)) out.push(w);
    if (VERO_DEBITS.has(codeRaw)) {
      if (deposit) deposit.read -= net;
      out.push({
        kind: 'adjustment', line, operator: 'vero', recordType: '2', merchantId, batchId: batchId ?? '', date: credited, amount: -net, reason: entry,
        creditDate: credited, originalBatchId: null, nsu, authorization: null, saleDate, saleGross: gross, card: null, brand: null,
      });
    } else {
      if (deposit) deposit.read += net;
      out.push({
        kind: 'settlement', line, operator: 'vero', recordType: '2', merchantId, batchId, nsu, settlementDate: credited, saleDate, dueDate: credited,
        amount: net, gross, fee: gross - net, installment, installmentTotal: null, brand: null, account: deposit?.account ?? null,
      });
    }
  }

  /** Closes the open deposit: a warning when its installments do not add up to it. */
  private closeDeposit(out: ParsedItem[]): void {
    const d = this.deposit;
    this.deposit = null;
    if (d && d.read !== d.net) {
      out.push({ kind: 'warning', line: d.line, message: `Linha ${d.line}: crédito em conta de ${d.net} centavos, mas as parcelas que o seguem somam ${d.read}` });
    }
  }
}
