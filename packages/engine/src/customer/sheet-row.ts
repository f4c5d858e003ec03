/**
 * A row of a tabular source (CSV record or XLSX row) as the column-mapping and customer readers see it: the
 * 1-based line (CSV: first physical line of the record; XLSX: the row number Excel shows) and its cells.
 * A CSV cell is always text; an XLSX numeric cell keeps the number exactly as the sheet XML writes it, so
 * money and dates are converted from that text and never from a float that was already rounded elsewhere.
 */
export interface NumberCell {
  /** the `<v>` text of a numeric cell: '60.15', '59.458275000000001', '45321.5', '1E-3' */
  number: string;
}

export type Cell = string | NumberCell;

export interface SheetRow {
  line: number;
  cells: Cell[];
}

export const isNumberCell = (cell: Cell | undefined): cell is NumberCell => typeof cell === 'object' && cell !== null;

export function isBlankRow(row: SheetRow): boolean {
  return row.cells.every((c) => (isNumberCell(c) ? c.number.trim() === '' : c.trim() === ''));
}
