import type { FileTypeDef, LayoutDef } from '../layout';
import { firstLine } from '../read/head';
import { VERO_PAYMENT_FILES } from './vero.codes';
import { parseVeroPagamentos, veroPagamentosBatches } from './vero-pagamentos.parser';

export { parseVeroPagamentos } from './vero-pagamentos.parser';
export { writeVeroPagamentos } from './vero-pagamentos.writer';

/** Recognises a Vero payment file by its header: record type 0 and the file id BJRVCMB / BJRVCC1 at 43–49. */
const veroPagamentos: LayoutDef = {
  id: 'VERO_PAGAMENTOS',
  detect(head) {
    const line = firstLine(head);
    const id = line.slice(42, 49);
    return line.startsWith('0') && VERO_PAYMENT_FILES[id] ? { layout: 'VERO_PAGAMENTOS', operator: 'vero', fileType: 'VERO_PAGAMENTOS', version: id } : null;
  },
  parse: (source) => parseVeroPagamentos(source),
  // the bulk load reads the arrays (one async step per chunk); both run the same reader (VeroPagamentosReader)
  parseBatches: (source) => veroPagamentosBatches(source),
};

export const veroLayouts: LayoutDef[] = [veroPagamentos];

export const veroFileTypes: FileTypeDef[] = [{ value: 'VERO_PAGAMENTOS', label: 'Vero (Banrisul) - Pagamentos (BJRVCMB/BJRVCC1)', operator: 'vero' }];
