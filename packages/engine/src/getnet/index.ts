import type { FileTypeDef, LayoutDef } from '../layout';
import { firstLine } from '../read/head';
import { readLineBatches, readLines } from '../read/lines';
import { getnetV10ItemBatches, parseGetnetV10 } from './v10.parser';
import { withRecordWarnings } from '../read/unknown-codes';

/**
 * Getnet's one layout, V10 (400 characters), recognised on the header record type, the file id `CEADM100` and
 * the layout version (formats/layouts.md §3.3). Earlier versions (v8, v4.01, v7) are not recognised.
 */
const v10: LayoutDef = {
  id: 'GETNET_V10',
  detect(head) {
    const line = firstLine(head);
    if (!line.startsWith('0') || line.slice(23, 31) !== 'CEADM100') return null;
    const version = line.slice(91, 116).trim();
    return /^SANT\. V\.10\b/i.test(version) ? { layout: 'GETNET_V10', operator: 'getnet', fileType: 'GETNET', version } : null;
  },
  parse: (source) => withRecordWarnings(parseGetnetV10(readLines(source))),
  // the bulk load reads the arrays (one async step per chunk); `parse` is kept as it was for every other caller
  parseBatches: (source) => getnetV10ItemBatches(readLineBatches(source)),
};

export const getnetLayouts: LayoutDef[] = [v10];

export const getnetFileTypes: FileTypeDef[] = [{ value: 'GETNET', label: 'Getnet V10 - Extrato eletrônico', operator: 'getnet' }];

export { parseGetnetV10 } from './v10.parser';
export { writeGetnetV10 } from './v10.writer';
