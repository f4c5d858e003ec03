import type { Operator } from './model';

/** A file layout recognised from its first line. */
export interface DetectedLayout {
  operator: Operator;
  layout: 'EEVC' | 'EEVD';
  /** version string of the header ('V2.01 - 09/06 - EEVC') */
  version: string;
}

/**
 * Recognises a Rede EEVC or EEVD file from its first line (latin-1 text, no line ending), on the record type
 * plus the layout version, never on the header literals (they differ between manual and files, §2.2).
 * Returns null for anything else, including EEFI and the 2023 layouts, which have no parser yet.
 */
export function detectLayout(firstLine: string): DetectedLayout | null {
  if (firstLine.startsWith('002')) {
    const version = firstLine.slice(101, 121).trim();
    if (/^V2\.\d+ .*EEVC$/.test(version)) return { operator: 'rede', layout: 'EEVC', version };
    return null;
  }
  if (firstLine.startsWith('00,')) {
    const cols = firstLine.split(',');
    const version = (cols[9] ?? '').trim();
    if (cols.length >= 10 && /^V1\.\d+ .*EEVD$/.test(version)) return { operator: 'rede', layout: 'EEVD', version };
  }
  return null;
}
