import type { FileTypeDef, LayoutDef } from '../layout';
import { parsePayGoSales, payGoSalesBatches } from './paygo-sales.parser';

export { parsePayGoSales } from './paygo-sales.parser';
export { writePayGoSales } from './paygo-sales.writer';

/** Recognises PayGo sales on their structure: JSON whose first record has PayGo's kebab-case keys. */
function detectPayGo(head: string): boolean {
  const text = head.replace(/^\xef\xbb\xbf/, '').trimStart();
  if (!text.startsWith('{') && !text.startsWith('[')) return false;
  return ['"amount-signal"', '"gross-amount"', '"merchant-code"', '"transaction-date"'].every((k) => text.includes(k));
}

const payGoJson: LayoutDef = {
  id: 'PAYGO_JSON',
  detect: (head) => (detectPayGo(head) ? { layout: 'PAYGO_JSON', operator: 'paygo', fileType: 'PAYGO_JSON', version: '' } : null),
  parse: (source) => parsePayGoSales(source),
  // the bulk load reads the arrays (one async step per chunk); both run the same reader (JsonStatementReader)
  parseBatches: (source) => payGoSalesBatches(source),
};

export const payGoLayouts: LayoutDef[] = [payGoJson];

export const payGoFileTypes: FileTypeDef[] = [{ value: 'PAYGO_JSON', label: 'PayGo - Vendas (JSON)', operator: 'paygo' }];
