import type { AnticipationRecord, ParsedItem, PixRecord, SettlementRecord } from '../model';
import { LineError, alpha, requireLength, slice } from '../read/fields';
import { checkTotals } from '../read/totals';
import { brand } from './cielo.codes';
import type { CieloSums } from './cielo-reader-base';
import { accountAt, fee, keyOrNull, numericKeyAt, requiredDateAt, signed, timeAt } from './cielo-fields';

/**
 * Records whose positions v14 and v15 share: Pix 8 (§1.8 = §1.13.8 for 1–150) and the receivables negotiation
 * A/B/C of file 15 (§1.9, §1.13.9), v15 adding fields after the v14 ones.
 */

export function readPix(line: number, text: string, sums: CieloSums): PixRecord {
  requireLength(text, 115, line, '8');
  const gross = signed(text, 74, 75, 87, line, 'valor bruto');
  const net = signed(text, 102, 103, 115, line, 'valor líquido');
  const transactionId = alpha(slice(text, 26, 61));
  if (transactionId === '') throw new LineError(line, 'ID da transação Pix', 'ausente');
  const pix: PixRecord = {
    kind: 'pix',
    line,
    operator: 'cielo',
    recordType: '8',
    merchantId: numericKeyAt(text, 2, 11, line, 'EC'),
    transactionId,
    date: requiredDateAt(text, 14, 19, line, 'data da transação', 'AAMMDD'),
    time: timeAt(text, 20, 25, line, 'hora da transação'),
    gross,
    fee: fee(text, 88, 89, 101, line, 'valor da taxa'),
    net,
  };
  sums.gross += gross;
  sums.net += net;
  return pix;
}

/** The negotiation summary A being read: its B details are checked against it. */
interface OpenNegotiation {
  line: number;
  operation: string | null;
  paymentDate: string;
  gross: number;
  net: number;
  readGross: number;
  readNet: number;
  details: number;
}

/**
 * File 15. A (the operation) carries the payment date and the operation code every B (one per original due
 * date and brand) and C (the account credited) after it belongs to; A itself is not a record of the model, it is
 * checked against its Bs, so the operation's money is counted once.
 */
export class NegotiationReader {
  private open: OpenNegotiation | null = null;

  constructor(private readonly version: 'v14' | 'v15') {}

  summary(line: number, text: string, out: ParsedItem[]): void {
    this.close(out);
    requireLength(text, 83, line, 'A');
    requiredDateAt(text, 2, 7, line, 'data da negociação', 'AAMMDD');
    this.open = {
      line,
      operation: keyOrNull(text, 64, 83),
      paymentDate: requiredDateAt(text, 8, 13, line, 'data de pagamento', 'AAMMDD'),
      gross: signed(text, 36, 37, 49, line, 'valor bruto'),
      net: signed(text, 50, 51, 63, line, 'valor líquido'),
      readGross: 0,
      readNet: 0,
      details: 0,
    };
  }

  detail(line: number, text: string, merchantId: string, sums: CieloSums): AnticipationRecord {
    const a = this.requireOpen(line, 'B');
    requireLength(text, 61, line, 'B');
    const gross = signed(text, 34, 35, 47, line, 'valor bruto');
    const net = signed(text, 48, 49, 61, line, 'valor líquido');
    const hasDiscount = this.version === 'v15' && text.length >= 140 && slice(text, 127, 140).trim() !== '';
    const ec = this.version === 'v15' ? keyOrNull(text, 117, 126) : null;
    const record: AnticipationRecord = {
      kind: 'anticipation',
      line,
      operator: 'cielo',
      recordType: 'B',
      merchantId: ec ?? merchantId,
      batchId: a.operation,
      settlementDate: a.paymentDate,
      originalDueDate: requiredDateAt(text, 8, 13, line, 'data de vencimento original', 'AAMMDD'),
      gross,
      fee: hasDiscount ? fee(text, 127, 128, 140, line, 'valor do desconto') : gross - net,
      net,
      installment: null,
      installmentTotal: null,
      brand: brand(slice(text, 28, 30)),
    };
    a.readGross += gross;
    a.readNet += net;
    a.details++;
    sums.gross += gross;
    sums.net += net;
    return record;
  }

  account(line: number, text: string, merchantId: string): SettlementRecord {
    const a = this.requireOpen(line, 'C');
    requireLength(text, 44, line, 'C');
    return {
      kind: 'settlement',
      line,
      operator: 'cielo',
      recordType: 'C',
      merchantId,
      batchId: a.operation,
      nsu: null,
      settlementDate: a.paymentDate,
      saleDate: null,
      dueDate: null,
      amount: signed(text, 31, 32, 44, line, 'valor depositado'),
      gross: null,
      fee: null,
      installment: null,
      installmentTotal: null,
      brand: null,
      account: accountAt(text, [2, 5], [6, 10], [11, 30]),
    };
  }

  /** Checks the open operation against its details. */
  close(out: ParsedItem[]): void {
    const a = this.open;
    if (!a) return;
    this.open = null;
    const err = checkTotals(a.line, `negociação ${a.operation ?? ''} (registro A)`.replace('  ', ' '), [
      { name: 'valor bruto', declared: a.gross, read: a.readGross, money: true },
      { name: 'valor líquido', declared: a.net, read: a.readNet, money: true },
    ]);
    if (err) out.push(err);
  }

  private requireOpen(line: number, type: string): OpenNegotiation {
    if (!this.open) throw new LineError(line, `registro ${type}`, 'sem o registro A da negociação antes dele');
    return this.open;
  }
}
