import type { BusinessDate, Centavos } from '@concilia/domain';

/**
 * The normalised line model every parser produces: operator statements (Rede, Cielo, Getnet, Stone, voucher
 * operators through the column-mapping importer) and the merchant's own sales files ('cliente').
 *
 * Conventions, the same for every operator:
 * - Operator keys (EC/PV/StoneCode, RV/RO/UR, NSU, TID, authorization) are strings exactly as the file writes
 *   them, trimmed, leading zeros kept: matching decides how to compare them, the parser never does.
 * - Amounts are integer centavos, signed from the merchant's point of view: money the merchant receives is
 *   positive, money taken from the merchant is negative. `fee` is what the operator keeps, positive for a
 *   normal sale, so `net = gross - fee` whenever the file carries all three.
 * - Dates are business dates 'YYYY-MM-DD'; a date the file leaves zero or blank ("none") is null.
 * - Codes keep the operator's raw value next to the decoded meaning (`Coded`); `name` is null for a code the
 *   tables do not list, so an unknown code is visible and never guessed.
 * - `line` is the 1-based line number in the file, so every record can be traced back to its bytes.
 */

/**
 * Who wrote the file: a card operator, a voucher operator (column-mapping importer) or the merchant itself
 * ('cliente': the customer sales file). The server maps each to its row of the operators table by OPERATOR_NAMES.
 */
export type Operator =
  | 'rede'
  | 'cielo'
  | 'getnet'
  | 'stone'
  | 'mercadopago'
  | 'pagbank'
  | 'pagarme'
  | 'paygo'
  | 'vero'
  | 'alelo'
  | 'ticket'
  | 'vr'
  | 'pluxee'
  | 'cliente';

/** The `operadoras.nome` of each operator (null: the merchant's own file has no operator row). */
export const OPERATOR_NAMES: Record<Operator, string | null> = {
  rede: 'Rede',
  cielo: 'Cielo',
  getnet: 'Getnet',
  stone: 'Stone',
  mercadopago: 'Mercado Pago',
  pagbank: 'PagSeguro',
  pagarme: 'Pagar.me',
  paygo: 'PayGo',
  vero: 'Vero (Banrisul)',
  alelo: 'Alelo',
  ticket: 'Ticket',
  vr: 'VR',
  pluxee: 'Pluxee (Sodexo)',
  cliente: null,
};

/** A domain code as the operator writes it, and its meaning (null when the table has no entry for it). */
export interface Coded {
  code: string;
  name: string | null;
}

/** A masked card as the file writes it ('409600XXXXXX8666'), with the BIN and last four digits when present. */
export interface CardRef {
  masked: string;
  bin: string | null;
  last4: string | null;
}

/** The bank account a summary or payment is credited to, as written by the operator. */
export interface BankAccount {
  bank: string;
  branch: string;
  account: string;
}

interface RecordBase {
  /** 1-based line number in the file */
  line: number;
  operator: Operator;
  /** the operator's record type as written ('008', '05', 'E') */
  recordType: string;
  /** establishment / PV / StoneCode of the record */
  merchantId: string;
}

/** RV / RO level: one sales summary (batch) of the operator. */
export interface SummaryRecord extends RecordBase {
  kind: 'summary';
  /** RV / RO number */
  batchId: string;
  batchDate: BusinessDate;
  /** credit date of the batch (1st installment for installment batches); null when the file says "none" */
  creditDate: BusinessDate | null;
  /** accepted sales in the batch */
  saleCount: number;
  gross: Centavos;
  fee: Centavos;
  net: Centavos;
  /** value of rejected sales, when the operator reports it */
  rejected: Centavos | null;
  brand: Coded;
  product: Coded;
  account: BankAccount | null;
}

/**
 * The marketplace ids of a sale made through a marketplace or a payment platform with split (Mercado Pago,
 * Pagar.me): who the sale belongs to and the platform's own payment / order / item ids, as the file writes them.
 * They feed the ticket trace's marketplace group (AD_ID, PAYMENT_ID, ORDER_ID, ITEM_ID).
 */
export interface MarketplaceRef {
  /** the sub-seller / recipient the sale (or its share) belongs to; null when the file does not say */
  sellerId: string | null;
  paymentId: string | null;
  orderId: string | null;
  /** the listing / item / SKU of the sale */
  itemId: string | null;
}

/** One sale (CV / comprovante de venda). */
export interface SaleRecord extends RecordBase {
  kind: 'sale';
  batchId: string;
  nsu: string;
  authorization: string | null;
  tid: string | null;
  saleDate: BusinessDate;
  /** 'HH:MM:SS', null when the file has none */
  saleTime: string | null;
  gross: Centavos;
  fee: Centavos;
  net: Centavos;
  /** number of installments, 1 for a single payment (operators write 00 or 01 for those) */
  installments: number;
  brand: Coded;
  product: Coded;
  capture: Coded;
  card: CardRef | null;
  terminal: string | null;
  /** the operator's status of the sale; `accepted` is false for a rejected sale */
  status: Coded;
  accepted: boolean;
  /** expected credit date (1st installment), from the sale or its batch; null when unknown */
  creditDate: BusinessDate | null;
  /** marketplace ids, only from layouts that carry them (absent elsewhere) */
  marketplace?: MarketplaceRef | null;
  /**
   * Figures the parser computed instead of reading them (a Cielo v15 installment sale whose installment lines
   * are not all in the file: the fee from the line's MDR rate). The fee audit tells such a fee apart. Absent
   * when every figure is the file's own.
   */
  derived?: readonly ('fee' | 'net')[];
  /** the operator's own unique id of the sale, apart from NSU and TID (Cielo "código único da venda"); absent when none */
  saleCode?: string | null;
}

/** One installment of a batch or sale that the operator forecasts to pay on `creditDate`. */
export interface InstallmentForecastRecord extends RecordBase {
  kind: 'installmentForecast';
  batchId: string;
  /** NSU of the sale when the operator forecasts sale by sale (Cielo, Stone); null for a batch's plan (Rede, Getnet) */
  nsu: string | null;
  batchDate: BusinessDate;
  installment: number;
  /** number of installments of the plan; null when the file does not say */
  installmentTotal: number | null;
  gross: Centavos;
  fee: Centavos;
  net: Centavos;
  creditDate: BusinessDate;
  brand: Coded;
  product: Coded;
  /** marketplace ids, only from layouts that carry them per installment (Pagar.me payables) */
  marketplace?: MarketplaceRef | null;
}

/** Money actually paid (or settled) to the merchant. */
export interface SettlementRecord extends RecordBase {
  kind: 'settlement';
  batchId: string | null;
  nsu: string | null;
  settlementDate: BusinessDate;
  saleDate: BusinessDate | null;
  dueDate: BusinessDate | null;
  /** the amount settled (net) */
  amount: Centavos;
  gross: Centavos | null;
  fee: Centavos | null;
  installment: number | null;
  installmentTotal: number | null;
  brand: Coded | null;
  account: BankAccount | null;
  /** marketplace ids, only from layouts that carry them (Mercado Pago, Pagar.me) */
  marketplace?: MarketplaceRef | null;
  /** the operator's status of the credit (Rede EEFI: OK, in transit, pending, suspended, seized…); absent when none */
  status?: Coded | null;
  /** the centralising establishment the money was credited to, when not merchantId itself (Rede EEFI); absent when none */
  creditedMerchantId?: string | null;
}

/** Fields shared by the records that correct or reverse money: adjustments, cancellations, chargebacks. */
interface CorrectionFields {
  /** batch the correction is posted to (RV adjusted / credit summary) */
  batchId: string;
  /** date of the correction */
  date: BusinessDate;
  /** signed: negative for a debit to the merchant, positive for a credit */
  amount: Centavos;
  /** the operator's reason code and its text (the file's own text when it carries one) */
  reason: Coded;
  /** credit date the correction affects, when given */
  creditDate: BusinessDate | null;
  /** the original sale, when the operator identifies it */
  originalBatchId: string | null;
  nsu: string | null;
  authorization: string | null;
  /** TID of the original sale (e-commerce), when the correction carries it; absent when the layout has none */
  tid?: string | null;
  /** the operator's unique id of the original sale (Cielo "código único da venda"), when given */
  saleCode?: string | null;
  saleDate: BusinessDate | null;
  /** gross value of the original sale, positive, when given */
  saleGross: Centavos | null;
  card: CardRef | null;
  brand: Coded | null;
}

export interface AdjustmentRecord extends RecordBase, CorrectionFields {
  kind: 'adjustment';
}

export interface CancellationRecord extends RecordBase, CorrectionFields {
  kind: 'cancellation';
}

export interface ChargebackRecord extends RecordBase, CorrectionFields {
  kind: 'chargeback';
}

/** Receivables paid early (antecipação / RAV / Cielo negotiation / Getnet early payment). */
export interface AnticipationRecord extends RecordBase {
  kind: 'anticipation';
  batchId: string | null;
  settlementDate: BusinessDate;
  originalDueDate: BusinessDate | null;
  gross: Centavos;
  fee: Centavos;
  net: Centavos;
  installment: number | null;
  installmentTotal: number | null;
  brand: Coded | null;
}

/** A Pix transaction (Cielo file 16). */
export interface PixRecord extends RecordBase {
  kind: 'pix';
  transactionId: string;
  date: BusinessDate;
  time: string | null;
  gross: Centavos;
  fee: Centavos;
  net: Centavos;
}

/**
 * One sale as the merchant's own system recorded it (customer sales file, manual ticket, ERP export through the
 * column-mapping importer). `merchantId` is the establishment code when the file gives one, else ''. The
 * operator is not always known: `operatorHint` is the file's own operator column, `terminal` resolves the rest
 * through the terminals register.
 */
export interface CustomerSaleRecord extends RecordBase {
  kind: 'customerSale';
  saleDate: BusinessDate;
  saleTime: string | null;
  /** NSU / Doc */
  nsu: string | null;
  tid: string | null;
  authorization: string | null;
  terminal: string | null;
  installments: number;
  gross: Centavos;
  brand: Coded | null;
  product: Coded | null;
  /** the merchant's code of its customer / sale (codexterno) */
  customerCode: string | null;
  nossoNumero: string | null;
  /** operator name or code as the file writes it, when it has such a column */
  operatorHint: string | null;
}

export type NormalizedRecord =
  | CustomerSaleRecord
  | SummaryRecord
  | SaleRecord
  | InstallmentForecastRecord
  | SettlementRecord
  | AdjustmentRecord
  | CancellationRecord
  | ChargebackRecord
  | AnticipationRecord
  | PixRecord;

export type RecordKind = NormalizedRecord['kind'];

/** What the file's header says about the file. Yielded first by a parser (when the header is readable). */
export interface FileHeader {
  kind: 'header';
  line: number;
  operator: Operator;
  /** 'EEVC', 'EEVD', later 'CIELO03', … */
  layout: string;
  /** version string as written in the header */
  version: string;
  /** group / matrix PV or EC the file is addressed to */
  merchantId: string;
  fileDate: BusinessDate;
  /** movement date, when the header carries one apart from the issue date */
  movementDate: BusinessDate | null;
  sequence: string;
  processingType: string;
}

/** What the file's trailer declares; yielded after it has been checked against what was read. */
export interface FileTrailer {
  kind: 'trailer';
  line: number;
  /** records of the file, header and trailer included */
  recordCount: number;
  gross: Centavos;
  fee: Centavos;
  net: Centavos;
  saleCount: number;
}

/**
 * A line the parser could not read, or a check that failed (trailer totals). `line` is 0 for a problem of
 * the file as a whole (empty file). The message is pt-BR and ready to show.
 */
export interface ParseErrorItem {
  kind: 'error';
  line: number;
  message: string;
}

/**
 * Something the file says that the parser could read but not fully understand or trust — an unknown code in a
 * descriptive field, trailer counters per kind that disagree while the amounts add up, figures of one line that
 * contradict each other. The file still loads; the pipeline keeps the warnings on the file record. `line` is the
 * 1-based line (for single-line XML: 1, with the element path and record ordinal in the message). pt-BR.
 */
export interface ParseWarningItem {
  kind: 'warning';
  line: number;
  message: string;
}

export type ParsedItem = NormalizedRecord | FileHeader | FileTrailer | ParseErrorItem | ParseWarningItem;

/** The CorrectionFields of a correction that names no original sale (fees, reserves, account events). */
export const NO_ORIGINAL_SALE = {
  originalBatchId: null,
  nsu: null,
  authorization: null,
  saleDate: null,
  saleGross: null,
  card: null,
} as const satisfies Partial<AdjustmentRecord>;
