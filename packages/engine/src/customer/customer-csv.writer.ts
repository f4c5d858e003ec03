import { formatBusinessDate, formatDecimalPlain, quoteCsvField } from '@concilia/domain';
import type { LayoutWriter, SyntheticBrand, SyntheticSale } from '../generate/synthetic';
import { CUSTOMER_COLUMNS, OPTIONAL_COLUMNS, SEPARATOR, TOTAL_TAG } from './customer-csv.columns';

/**
 * Writes a SyntheticFile as the customer sales file (docs/customer-file-layout.md) as the merchant's own
 * system would: every sale it made, cancelled ones included (the cancellation is the operator's news), with
 * its customerCode and nossoNumero, then the TOTAL line. The header carries ESTABELECIMENTO (the sale's
 * merchantId) and no OPERADORA, which a synthetic sale does not know. Amounts as '1234,56', no thousands mark.
 */

const BRAND_NAMES: Record<SyntheticBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', elo: 'Elo', amex: 'Amex', hipercard: 'Hipercard' };

// A machine layout, not an export: the domain's one CSV quoting and amount text, without the formula
// neutralisation of exports (the parser would read the leading quote as part of the value).
const money = formatDecimalPlain;
const field = (value: string) => quoteCsvField(value);

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
