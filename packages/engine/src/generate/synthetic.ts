import type { BusinessDate, Centavos } from '@concilia/domain';

/**
 * The operator-neutral sale the generator produces and every layout writer turns into its own records.
 * Writers are pure: they take sales one by one and yield lines, so a file of a million sales is written
 * without holding it in memory.
 */

export type SyntheticBrand = 'visa' | 'mastercard' | 'elo' | 'amex' | 'hipercard';
export type SyntheticProduct = 'credito' | 'debito';
/** 'cancelada': the operator reports the sale and its cancellation; 'chargeback': the sale and a chargeback */
export type SyntheticStatus = 'normal' | 'cancelada' | 'chargeback';

export interface SyntheticSale {
  /** EC / PV / establishment of the sale */
  merchantId: string;
  /** the operator's batch (RO / RV / lote); sales of one batch share merchant, date, brand and product */
  batchId: string;
  nsu: string;
  authorization: string;
  /** e-commerce transaction id, null for card-present sales */
  tid: string | null;
  terminal: string;
  saleDate: BusinessDate;
  /** 'HH:MM:SS' */
  saleTime: string;
  /** total of the sale, all installments */
  gross: Centavos;
  /** what the operator keeps on the whole sale (MDR); net = gross - fee */
  fee: Centavos;
  /** 1 for a single payment */
  installments: number;
  brand: SyntheticBrand;
  product: SyntheticProduct;
  /** credit date of the first installment; installment n is paid `n - 1` months later */
  creditDate: BusinessDate;
  /** masked card, 'BBBBBB******LLLL' */
  card: string;
  status: SyntheticStatus;
  /** the merchant's codes of the sale, written only in customer files */
  customerCode: string;
  nossoNumero: string;
}

/** One file to write: who it is addressed to, its date and sequence, and its sales (any iterable). */
export interface SyntheticFile {
  /** the matrix / group merchant id of the header */
  merchantId: string;
  fileDate: BusinessDate;
  /** file sequence number of the header ('NSA') */
  sequence: number;
  sales: Iterable<SyntheticSale>;
}

/** A layout writer: the file's lines, header first and trailer last, without line endings. */
export type LayoutWriter = (file: SyntheticFile) => Iterable<string>;

/**
 * How an amount is split over installments, the same for every writer and for the checks of round trips:
 * equal parts in centavos, the remainder on the first installment.
 */
export function splitInstallments(total: Centavos, installments: number): Centavos[] {
  const n = Math.max(1, installments);
  const base = Math.trunc(total / n);
  const parts = Array.from({ length: n }, () => base);
  parts[0] = total - base * (n - 1);
  return parts;
}
