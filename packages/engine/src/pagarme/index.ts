import type { FileTypeDef, LayoutDef } from '../layout';
import { pagarmePayablesBatches, parsePagarmePayables } from './pagarme-payables.parser';

export { parsePagarmePayables } from './pagarme-payables.parser';
export { writePagarmePayables } from './pagarme-payables.writer';

/**
 * Recognises a Pagar.me payables list on its structure: a JSON array, or an object with a `data` / `payables`
 * list, whose first record has the payable's own keys (recipient_id, payment_date, type, amount).
 */
function detectPagarme(head: string): boolean {
  const text = head.replace(/^\xef\xbb\xbf/, '').trimStart();
  if (!text.startsWith('{') && !text.startsWith('[')) return false;
  if (text.startsWith('{') && !/"(?:data|payables)"\s*:\s*\[/.test(text)) return false;
  return ['"recipient_id"', '"payment_date"', '"type"', '"amount"'].every((k) => text.includes(k));
}

const pagarmeJson: LayoutDef = {
  id: 'PAGARME_JSON',
  detect: (head) => (detectPagarme(head) ? { layout: 'PAGARME_JSON', operator: 'pagarme', fileType: 'PAGARME_JSON', version: '' } : null),
  parse: (source) => parsePagarmePayables(source),
  // the bulk load reads the arrays (one async step per chunk); both run the same reader (JsonStatementReader)
  parseBatches: (source) => pagarmePayablesBatches(source),
};

export const pagarmeLayouts: LayoutDef[] = [pagarmeJson];

export const pagarmeFileTypes: FileTypeDef[] = [{ value: 'PAGARME_JSON', label: 'Pagar.me - Recebíveis (JSON)', operator: 'pagarme' }];
