import type { FileTypeDef, LayoutDef } from '../layout';
import { pagBankEdiBatches, parsePagBankEdi } from './pagbank-edi.parser';

export { parsePagBankEdi } from './pagbank-edi.parser';
export { writePagBankEdi } from './pagbank-edi.writer';

/**
 * Recognises a PagBank EDI API answer on its structure: a JSON object whose records list is `detalhes` and whose
 * first record has the EDI's own keys (tipo_evento, codigo_transacao, estabelecimento).
 */
function detectPagBank(head: string): boolean {
  const text = head.replace(/^\xef\xbb\xbf/, '').trimStart();
  if (!text.startsWith('{')) return false;
  return /"detalhes"\s*:\s*\[/.test(text) && ['"tipo_evento"', '"codigo_transacao"', '"estabelecimento"'].every((k) => text.includes(k));
}

const pagBankJson: LayoutDef = {
  id: 'PAGBANK_JSON',
  detect: (head) => (detectPagBank(head) ? { layout: 'PAGBANK_JSON', operator: 'pagbank', fileType: 'PAGBANK_JSON', version: '' } : null),
  parse: (source) => parsePagBankEdi(source),
  // the bulk load reads the arrays (one async step per chunk); both run the same reader (JsonStatementReader)
  parseBatches: (source) => pagBankEdiBatches(source),
};

export const pagBankLayouts: LayoutDef[] = [pagBankJson];

export const pagBankFileTypes: FileTypeDef[] = [{ value: 'PAGBANK_JSON', label: 'PagBank (PagSeguro) - EDI (JSON)', operator: 'pagbank' }];
