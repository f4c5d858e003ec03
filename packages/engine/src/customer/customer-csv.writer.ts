import { formatBusinessDate } from '@concilia/domain';
import type { LayoutWriter, SyntheticBrand, SyntheticSale } from '../generate/synthetic';
import { CUSTOMER_COLUMNS, OPTIONAL_COLUMNS, SEPARATOR, TOTAL_TAG } from './customer-csv.columns';

/**
 * Writes a SyntheticFile as the customer sales file (docs/customer-file-layout.md) as the merchant's own
 * system would: every sale it made, cancelled ones included (the cancellation is the operator's news), with
 * its customerCode and nossoNumero, then the TOTAL line. The header carries ESTABELECIMENTO (the sale's
 * merchantId) and no OPERADORA, which a synthetic sale does not know. Amounts as '1234,56', no thousands mark.
 */

const BRAND_NAMES: Record<SyntheticBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'Amex', hipercard: 'Hipercard' };

const money = (centavos: number) => {
  const abs = Math.abs(centavos);
  return `${centavos < 0 ? '-' : ''}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

/** A field quoted per RFC 4180 when it holds the separator, a quote or a line break. */
const field = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function productName(sale: Pick<SyntheticSale, 'product' | 'installments'>): string {
  if (sale.product === 'debito') return 'Débito';
  return sale.installments > 1 ? 'Crédito parcelado loja' : 'Crédito à vista';
}

export const writeCustomerCsv: LayoutWriter = function* (file) {
  yield [...CUSTOMER_COLUMNS, OPTIONAL_COLUMNS[0]!].map(([name]) => name).join(SEPARATOR);
  let count = 0;
  let gross = 0;
  for (const s of file.sales) {
    count++;
    gross += s.gross;
    yield [
      formatBusinessDate(s.saleDate), s.saleTime, s.nsu, s.tid ?? '', s.authorization, s.terminal, String(s.installments),
      money(s.gross), BRAND_NAMES[s.brand], productName(s), s.customerCode, s.nossoNumero, s.merchantId,
    ].map(field).join(SEPARATOR);
  }
  yield [TOTAL_TAG, String(count), money(gross)].join(SEPARATOR);
};
