import { type CsvCell, csvData, writeCsv } from '@concilia/domain';

/**
 * The table's 'Download CSV': the rows the user is looking at (after search and column filters), in the
 * columns they left visible, written by the domain's one CSV writer the way a pt-BR spreadsheet opens them
 * (';', CRLF, a BOM so Excel reads UTF-8). Text columns are neutralised against formula injection; columns
 * of numbers, amounts and dates (`data`) are written as they show, so '-1,50' stays an amount.
 */
export type CsvColumn = { header: string; text: (row: Record<string, unknown>) => string; data?: boolean };

export function toCsv(columns: readonly CsvColumn[], rows: readonly Record<string, unknown>[]): string {
  const cell = (c: CsvColumn, r: Record<string, unknown>): CsvCell => (c.data ? csvData(c.text(r)) : c.text(r));
  return writeCsv([columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => cell(c, r)))], { bom: true });
}

/** Hands the text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoke later: some browsers start reading the blob only after the click handler returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
