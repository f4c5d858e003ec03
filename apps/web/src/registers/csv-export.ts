/**
 * The table's 'Download CSV': the rows the user is looking at (after search and column filters), in the
 * columns they left visible, written the way a pt-BR spreadsheet opens them — ';' between fields, a BOM
 * so Excel reads UTF-8, CRLF line ends.
 */
export type CsvColumn = { header: string; text: (row: Record<string, unknown>) => string };

const quote = (s: string) => (/[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function toCsv(columns: readonly CsvColumn[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map((c) => quote(c.header)), ...rows.map((r) => columns.map((c) => quote(c.text(r))))];
  return `\uFEFF${lines.map((l) => l.join(';')).join('\r\n')}\r\n`;
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
