import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * The one XLSX writer: a workbook of sheets, each a header row and typed columns, with Brazilian number formats
 * so the file opens as a real spreadsheet (sums, filters) — money in R$, rates in %, dates as dates. Values come
 * as the product keeps them (centavos, percent numbers, 'YYYY-MM-DD'); the conversion to the cell's number is
 * here, at the edge, and nowhere else.
 */
export type XlsxColumnKind = 'text' | 'number' | 'money' | 'percent' | 'date';

export type XlsxColumn = { key: string; header: string; kind: XlsxColumnKind; width?: number };

export type XlsxSheet = {
  name: string;
  columns: readonly XlsxColumn[];
  rows: readonly Record<string, unknown>[];
  /** a last row summing these money or number columns */
  totals?: { label: string; keys: readonly string[] };
};

const FORMATS: Record<XlsxColumnKind, string | undefined> = {
  text: undefined,
  number: '#,##0',
  money: '"R$" #,##0.00;[Red]-"R$" #,##0.00',
  percent: '0.00##%',
  date: 'dd/mm/yyyy',
};

function cellValue(kind: XlsxColumnKind, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null;
  switch (kind) {
    case 'money': return Number(v) / 100;
    case 'percent': return Number(v) / 100;
    case 'number': return Number(v);
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v));
      // a calendar day, not a moment: midnight UTC is what the spreadsheet shows as that day
      return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : String(v);
    }
    default: return String(v);
  }
}

export async function writeXlsx(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Concilia';
  book.created = new Date();
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = s.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length + 2), style: { numFmt: FORMATS[c.kind] } }));
    sheet.getRow(1).font = { bold: true };
    for (const r of s.rows) sheet.addRow(Object.fromEntries(s.columns.map((c) => [c.key, cellValue(c.kind, r[c.key])])));
    if (s.rows.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + s.rows.length, column: s.columns.length } };
    if (s.totals && s.rows.length) {
      const last = 1 + s.rows.length;
      const row = sheet.addRow({});
      row.font = { bold: true };
      row.getCell(1).value = s.totals.label;
      s.columns.forEach((c, i) => {
        if (!s.totals!.keys.includes(c.key)) return;
        const letter = sheet.getColumn(i + 1).letter;
        const sum = s.rows.reduce((acc, r) => acc + Number(r[c.key] ?? 0), 0);
        row.getCell(i + 1).value = { formula: `SUM(${letter}2:${letter}${last})`, result: cellValue(c.kind, sum) as number };
      });
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * One sheet written as its rows arrive (exceljs' streaming writer): a report of a million rows never sits in memory.
 * The same columns, formats, header and totals as writeXlsx; `close` writes the totals row and the file.
 */
export type XlsxStream = {
  add(row: Record<string, unknown>): void;
  /** resolves once what was added so far has gone into the compressor: call it between batches */
  drained(): Promise<void>;
  close(): Promise<void>;
};

export function openXlsxStream(filename: string, s: Omit<XlsxSheet, 'rows'>): XlsxStream {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: true, useSharedStrings: false });
  book.creator = 'Concilia';
  book.created = new Date();
  const sheet = book.addWorksheet(s.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = s.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? Math.max(12, c.header.length + 2), style: { numFmt: FORMATS[c.kind] } }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const sums = new Map<string, number>();
  let count = 0;
  return {
    add(r) {
      count++;
      for (const k of s.totals?.keys ?? []) sums.set(k, (sums.get(k) ?? 0) + Number(r[k] ?? 0));
      sheet.addRow(Object.fromEntries(s.columns.map((c) => [c.key, cellValue(c.kind, r[c.key])]))).commit();
    },
    // exceljs' streaming writer hands the sheet to the zip compressor 64 KB at a time without waiting for it (its
    // StreamBuf neither awaits nor heeds the compressor's write()), so rows made faster than they compress pile up
    // in memory uncompressed: a million-row report held ~900 MB. Waiting here for the compressor's input to drain
    // bounds it. `pipes` is exceljs' own field (the stream the sheet feeds), read because the library offers no
    // other handle; a version without it makes this wait for nothing, as before.
    async drained() {
      const target = (sheet as unknown as { stream?: { pipes?: (Writable & { _writableState?: { needDrain: boolean; length: number; highWaterMark: number } })[] } }).stream?.pipes?.[0];
      const state = target?._writableState;
      if (target && state?.needDrain) await once(target, 'drain');
    },
    async close() {
      if (count) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1 + count, column: s.columns.length } };
      if (s.totals && count) {
        const row = sheet.addRow({});
        row.font = { bold: true };
        row.getCell(1).value = s.totals.label;
        s.columns.forEach((c, i) => {
          if (!s.totals!.keys.includes(c.key)) return;
          const letter = sheet.getColumn(i + 1).letter;
          row.getCell(i + 1).value = { formula: `SUM(${letter}2:${letter}${1 + count})`, result: cellValue(c.kind, sums.get(c.key) ?? 0) as number };
        });
        row.commit();
      }
      sheet.commit();
      await book.commit();
    },
  };
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
