import type { FileTypeDef, LayoutDef } from '../layout';
import { firstLine } from '../read/head';
import { mercadoPagoCsvBatches, parseMercadoPagoCsv, MP_REQUIRED } from './mercadopago-csv.parser';

export { parseMercadoPagoCsv } from './mercadopago-csv.parser';
export { writeMercadoPagoCsv } from './mercadopago-csv.writer';

/**
 * Recognises the settlement report by its header line alone: the required column names (SOURCE_ID,
 * TRANSACTION_TYPE, SETTLEMENT_NET_AMOUNT, …) as whole cells, whatever the separator and order.
 */
function detectMercadoPago(head: string): boolean {
  const line = firstLine(head).replace(/^\xef\xbb\xbf|^\ufeff/, '');
  const cells = new Set(line.split(/[;,\t]/).map((c) => c.trim().replace(/^"|"$/g, '').toUpperCase()));
  return MP_REQUIRED.every((c) => cells.has(c));
}

const mercadoPagoCsv: LayoutDef = {
  id: 'MERCADOPAGO_CSV',
  detect: (head) => (detectMercadoPago(head) ? { layout: 'MERCADOPAGO_CSV', operator: 'mercadopago', fileType: 'MERCADOPAGO_CSV', version: '' } : null),
  parse: (source) => parseMercadoPagoCsv(source),
  // the bulk load reads the arrays (one async step per chunk); both run the same reader (MercadoPagoCsvReader)
  parseBatches: (source) => mercadoPagoCsvBatches(source),
};

export const mercadoPagoLayouts: LayoutDef[] = [mercadoPagoCsv];

export const mercadoPagoFileTypes: FileTypeDef[] = [
  { value: 'MERCADOPAGO_CSV', label: 'Mercado Pago - Relatório de liquidações (CSV)', operator: 'mercadopago' },
];
