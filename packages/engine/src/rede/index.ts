import type { FileTypeDef, LayoutDef } from '../layout';
import { firstLine } from '../read/head';
import { readLineBatches, readLines } from '../read/lines';
import { eefiItemBatches, parseEefi } from './eefi.parser';
import { eevcItemBatches, parseEevc } from './eevc.parser';
import { eevdItemBatches, parseEevd } from './eevd.parser';
import { withRecordWarnings } from '../read/unknown-codes';

/**
 * The Rede layouts, recognised on the record type plus the layout version of the header, never on the
 * header literals (they differ between manual and files, formats/layouts.md §2.2). The undocumented 2023
 * versions (V3.x EEVC / V2.00 EEVD / V4.00 EEFI) are not recognised.
 */
const eevc: LayoutDef = {
  id: 'REDE_EEVC',
  detect(head) {
    const line = firstLine(head);
    if (!line.startsWith('002')) return null;
    const version = line.slice(101, 121).trim();
    return /^V2\.\d+ .*EEVC$/.test(version) ? { layout: 'REDE_EEVC', operator: 'rede', fileType: 'EEVC', version } : null;
  },
  parse: (source) => withRecordWarnings(parseEevc(readLines(source))),
  // the bulk load reads the arrays (one async step per chunk); `parse` is kept as it was for every other caller
  parseBatches: (source) => eevcItemBatches(readLineBatches(source)),
};

const eevd: LayoutDef = {
  id: 'REDE_EEVD',
  detect(head) {
    const line = firstLine(head);
    if (!line.startsWith('00,')) return null;
    const cols = line.split(',');
    const version = (cols[9] ?? '').trim();
    return cols.length >= 10 && /^V1\.\d+ .*EEVD$/.test(version)
      ? { layout: 'REDE_EEVD', operator: 'rede', fileType: 'EEVD', version }
      : null;
  },
  parse: (source) => withRecordWarnings(parseEevd(readLines(source))),
  // the bulk load reads the arrays (one async step per chunk); `parse` is kept as it was for every other caller
  parseBatches: (source) => eevdItemBatches(readLineBatches(source)),
};

const eefi: LayoutDef = {
  id: 'REDE_EEFI',
  detect(head) {
    const line = firstLine(head);
    if (!line.startsWith('030')) return null;
    const version = line.slice(105, 125).trim();
    return /^V3\.\d+ .*EEFI$/.test(version) ? { layout: 'REDE_EEFI', operator: 'rede', fileType: 'EEFI', version } : null;
  },
  parse: (source) => withRecordWarnings(parseEefi(readLines(source))),
  // the bulk load reads the arrays (one async step per chunk); `parse` is kept as it was for every other caller
  parseBatches: (source) => eefiItemBatches(readLineBatches(source)),
};

export const redeLayouts: LayoutDef[] = [eevc, eevd, eefi];

export const redeFileTypes: FileTypeDef[] = [
  { value: 'EEVC', label: 'Rede EEVC - Vendas crédito', operator: 'rede' },
  { value: 'EEVD', label: 'Rede EEVD - Vendas débito', operator: 'rede' },
  { value: 'EEFI', label: 'Rede EEFI - Pagamentos', operator: 'rede' },
];

export { parseEevc } from './eevc.parser';
export { parseEevd } from './eevd.parser';
export { parseEefi } from './eefi.parser';
export { writeRedeEevc } from './eevc.writer';
export { writeRedeEevd } from './eevd.writer';
