/**
 * The reconciliation engine: pure parse → normalise → match, no I/O. Parsers take the lines of a file
 * (`readLines` over any byte stream) and yield `ParsedItem`s one by one.
 */
export * from './model';
export { LineError } from './read/fields';
export { readLines, bytesSource, decodeLatin1, type TextLine } from './read/lines';
export { detectLayout, type DetectedLayout } from './detect';
export { parseEevc } from './rede/eevc.parser';
export { parseEevd } from './rede/eevd.parser';
