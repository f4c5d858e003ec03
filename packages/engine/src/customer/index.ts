import type { FileTypeDef, LayoutDef } from '../layout';
import { readLineBatches, readLines } from '../read/lines';
import { lineReaderBatches } from '../read/reader-batches';
import { parseColumnMapping } from './column-mapping.parser';
import { CUSTOMER_HEADERS } from './customer-csv.columns';
import { CustomerCsvReader, parseCustomerCsv } from './customer-csv.parser';
import { UTF8_BOM_LATIN1 } from './text-encoding';
import { withRecordWarnings } from '../read/unknown-codes';

export { writeCustomerCsv } from './customer-csv.writer';
export { parseCustomerCsv } from './customer-csv.parser';
export { parseColumnMapping } from './column-mapping.parser';
export { MAPPING_PRESETS } from './mapping-presets';

/** Recognised by its exact header line (one of the four accepted, a UTF-8 BOM before it allowed). */
const customerCsv: LayoutDef = {
  id: 'CLIENTE_CSV',
  detect(head) {
    const nl = head.indexOf('\n');
    let line = (nl === -1 ? head : head.slice(0, nl)).replace(/\r$/, '');
    if (line.startsWith(UTF8_BOM_LATIN1)) line = line.slice(UTF8_BOM_LATIN1.length);
    return CUSTOMER_HEADERS.has(line) ? { layout: 'CLIENTE_CSV', operator: 'cliente', fileType: 'CLIENTE_CSV', version: '' } : null;
  },
  parse: (source) => parseCustomerCsv(readLines(source)),
  // the bulk load reads the arrays (one async step per chunk); `parse` is kept as it was for every other caller.
  // Every reconciliation loads a customer file: this is the layout read most often after the operators'.
  parseBatches: (source) => lineReaderBatches(new CustomerCsvReader(), readLineBatches(source)),
};

/** Never detected: the caller names it and gives `options.mapping`. */
const columnMapping: LayoutDef = {
  id: 'MAPEAMENTO',
  detect: () => null,
  // brand and product are the source's free text, not codes (the catalogue names what it recognises): only
  // the figures are checked
  parse: (source, options) => withRecordWarnings(parseColumnMapping(source, options), { codes: false }),
};

export const customerLayouts: LayoutDef[] = [customerCsv, columnMapping];

export const customerFileTypes: FileTypeDef[] = [
  { value: 'CLIENTE_CSV', label: 'Cliente - Vendas (CSV)', operator: 'cliente' },
  { value: 'MAPEAMENTO', label: 'Planilha com mapeamento de colunas (CSV/XLSX)', operator: 'cliente' },
];
