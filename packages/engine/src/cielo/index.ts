import type { DetectedFile, FileTypeDef, LayoutDef, LayoutId } from '../layout';
import { firstLine } from '../read/head';
import { readLineBatches } from '../read/lines';
import { itemsOfBatches } from '../read/item-batches';
import { RecordWarnings } from '../read/unknown-codes';
import { cieloV14ItemBatches } from './v14.parser';
import { cieloV15ItemBatches } from './v15.parser';

export { writeCieloV15, writeCieloV15Payments } from './v15.writer';

/**
 * The Cielo EDI layouts, recognised on the header record 0: `CIELO` at 43–47, the file type at 48–49 and the
 * layout version at 71–73 (formats/layouts.md §1.5, §1.13.1). v14 files write `013` or `014` (the manual says
 * 013, real CIELO04 files 014); v15 files `015`. The older `001` layout is not recognised.
 */

/** File types each version writes (§1.3). */
const V15_TYPES = new Set(['03', '04', '09', '15', '16', '27', '28']);
const V14_TYPES = new Set(['03', '04', '09', '10', '12', '13', '14', '15', '16']);

function detectCielo(head: string, id: LayoutId, versions: readonly string[], types: ReadonlySet<string>): DetectedFile | null {
  const line = firstLine(head);
  if (line.charAt(0) !== '0' || line.slice(42, 47) !== 'CIELO' || !/^\d{10}\d{8}/.test(line.slice(1, 19))) return null;
  const type = line.slice(47, 49);
  const version = line.slice(70, 73);
  if (!types.has(type) || !versions.includes(version)) return null;
  return { layout: id, operator: 'cielo', fileType: `CIELO${type}`, version };
}

const v15: LayoutDef = {
  id: 'CIELO_V15',
  detect: (head) => detectCielo(head, 'CIELO_V15', ['015'], V15_TYPES),
  parseBatches: (source) => cieloV15ItemBatches(readLineBatches(source), new RecordWarnings()),
  parse: (source) => itemsOfBatches(cieloV15ItemBatches(readLineBatches(source), new RecordWarnings())),
};

const v14: LayoutDef = {
  id: 'CIELO_V14',
  detect: (head) => detectCielo(head, 'CIELO_V14', ['013', '014'], V14_TYPES),
  parseBatches: (source) => cieloV14ItemBatches(readLineBatches(source), new RecordWarnings()),
  parse: (source) => itemsOfBatches(cieloV14ItemBatches(readLineBatches(source), new RecordWarnings())),
};

export const cieloLayouts: LayoutDef[] = [v15, v14];

export const cieloFileTypes: FileTypeDef[] = [
  { value: 'CIELO03', label: 'Cielo 03 - Vendas e previsão de pagamento', operator: 'cielo' },
  { value: 'CIELO04', label: 'Cielo 04 - Pagamentos', operator: 'cielo' },
  { value: 'CIELO09', label: 'Cielo 09 - Saldo em aberto', operator: 'cielo' },
  { value: 'CIELO10', label: 'Cielo 10 - Antecipação Alelo', operator: 'cielo' },
  { value: 'CIELO12', label: 'Cielo 12 - Vendas Alelo', operator: 'cielo' },
  { value: 'CIELO13', label: 'Cielo 13 - Pagamentos Alelo', operator: 'cielo' },
  { value: 'CIELO14', label: 'Cielo 14 - Saldo em aberto Alelo', operator: 'cielo' },
  { value: 'CIELO15', label: 'Cielo 15 - Negociação de recebíveis', operator: 'cielo' },
  { value: 'CIELO16', label: 'Cielo 16 - Transações Pix', operator: 'cielo' },
  { value: 'CIELO27', label: 'Cielo 27 - Serviços e-commerce', operator: 'cielo' },
  { value: 'CIELO28', label: 'Cielo 28 - Bilhetes aéreos', operator: 'cielo' },
];
