import ExcelJS from 'exceljs';

/** Every cell of every sheet of an XLSX file, as text (a test reads what a spreadsheet says, not its zip). */
export async function spreadsheetText(bytes: Uint8Array): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const out: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => out.push(cell.text))));
  return out.join('\n');
}

/** The sheets of an XLSX file as rows of cell values (numbers stay numbers, dates become 'YYYY-MM-DD'). */
export async function spreadsheetRows(bytes: Uint8Array): Promise<Record<string, { values: unknown[]; formats: (string | undefined)[] }[]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const out: Record<string, { values: unknown[]; formats: (string | undefined)[] }[]> = {};
  book.eachSheet((sheet) => {
    const rows: { values: unknown[]; formats: (string | undefined)[] }[] = [];
    sheet.eachRow((row) => {
      const values: unknown[] = [];
      const formats: (string | undefined)[] = [];
      row.eachCell({ includeEmpty: true }, (cell) => {
        const v = cell.value;
        values.push(v instanceof Date ? v.toISOString().slice(0, 10) : v && typeof v === 'object' && 'result' in v ? (v as { result: unknown }).result : v);
        formats.push(cell.numFmt);
      });
      rows.push({ values, formats });
    });
    out[sheet.name] = rows;
  });
  return out;
}
