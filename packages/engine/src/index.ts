/**
 * The reconciliation engine: pure parse → normalise → match, no I/O. `detectFile` names a file's layout from
 * its first bytes; the layout's `parse` reads any byte stream and yields `ParsedItem`s one by one.
 */
export * from './model';
export * from './layout';
export { LineError } from './read/fields';
export { readLines, bytesSource, decodeLatin1, type TextLine } from './read/lines';
export { HEAD_BYTES } from './read/head';
export { LAYOUTS, FILE_TYPES, detectFile, layoutById, fileTypeLabel } from './layouts';
export { parseEevc } from './rede/eevc.parser';
export { parseEevd } from './rede/eevd.parser';
export * from './generate/synthetic';
export { recordIdentity } from './identity';
export * from './generate/scenario';
export * from './generate/bank-statements';
export * from './bank/index';
export { FieldWidthError } from './generate/fixed-width.format';
export { WRITERS, fileText, type WriterDef, type WriterName } from './generate/writers';
export { MAPPING_PRESETS } from './customer/index';
// the integrator API names brands and products the way a customer file does
export { customerBrand, customerProduct } from './customer/customer.codes';
