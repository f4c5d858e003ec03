import type { Centavos } from '@concilia/domain';
import type { SyntheticFile, SyntheticSale } from '../generate/synthetic';
import { MP_WRITER_METHODS } from './mercadopago.codes';

/**
 * Writes a Mercado Pago settlement report (CSV, comma separated, '.' decimals, ISO dates with the São Paulo
 * offset, as the API's report download writes them) from synthetic sales, docs/layouts/mercadopago.md: one
 * SETTLEMENT row per sale (SOURCE_ID = the sale's NSU, USER_ID = its establishment, ORDER_ID and PRODUCT_SKU
 * made from the sale so the marketplace ids round-trip), then a REFUND or CHARGEBACK row for a cancelled or
 * charged-back sale, on the sale's credit date, for the whole sale.
 */

export const MP_WRITER_COLUMNS = [
  'EXTERNAL_REFERENCE', 'SOURCE_ID', 'USER_ID', 'PAYMENT_METHOD_TYPE', 'PAYMENT_METHOD', 'SITE', 'TRANSACTION_TYPE', 'TRANSACTION_AMOUNT',
  'TRANSACTION_CURRENCY', 'TRANSACTION_DATE', 'FEE_AMOUNT', 'SETTLEMENT_NET_AMOUNT', 'SETTLEMENT_CURRENCY', 'SETTLEMENT_DATE', 'INSTALLMENTS',
  'CARD_INITIAL_NUMBER', 'LAST_FOUR_DIGITS', 'POS_ID', 'ORDER_ID', 'PRODUCT_SKU',
] as const;

const reais = (c: Centavos) => `${c < 0 ? '-' : ''}${Math.trunc(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

/** The marketplace ids the writer gives a sale (also what the tests expect back). */
export const mpOrderId = (s: SyntheticSale) => `${s.batchId}${s.nsu.slice(-5)}`;
export const mpSku = (s: SyntheticSale) => `SKU-${s.terminal}`;

function row(s: SyntheticSale, type: string, gross: Centavos, net: Centavos, dateTime: string, settled: string): string {
  const [credit, debit] = MP_WRITER_METHODS[s.brand] ?? ['visa', 'debvisa'];
  return [
    `PED-${mpOrderId(s)}`, s.nsu, s.merchantId, s.product === 'debito' ? 'debit_card' : 'credit_card', s.product === 'debito' ? debit : credit,
    'MLB', type, reais(gross), 'BRL', dateTime, reais(net - gross), reais(net), 'BRL', settled, String(s.installments),
    s.card.slice(0, 6), s.card.slice(-4), s.tid ? '' : s.terminal, mpOrderId(s), mpSku(s),
  ].join(',');
}

export function* writeMercadoPagoCsv(file: SyntheticFile): Generator<string> {
  yield MP_WRITER_COLUMNS.join(',');
  for (const s of file.sales) {
    const settled = `${s.creditDate}T06:00:00.000-03:00`;
    yield row(s, 'SETTLEMENT', s.gross, s.gross - s.fee, `${s.saleDate}T${s.saleTime}.000-03:00`, settled);
    if (s.status === 'cancelada') yield row(s, 'REFUND', -s.gross, -(s.gross - s.fee), settled, settled);
    if (s.status === 'chargeback') yield row(s, 'CHARGEBACK', -s.gross, -(s.gross - s.fee), settled, settled);
  }
}
