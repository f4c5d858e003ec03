import { unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import type { ParseErrorItem } from '../model';
import type { Cell, SheetRow } from './sheet-row';

/**
 * A minimal XLSX reader: the first worksheet of the workbook, row by row, as Excel and LibreOffice write it
 * (shared strings, inline strings, formula results, numbers). Zip entries are compressed and the central
 * directory is at the end of the file, so the workbook bytes and the one sheet's XML are held in memory; the
 * rows are still parsed and handed out a slice at a time, and only the needed entries are inflated.
 */

export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const isZip = (head: Uint8Array) => ZIP_MAGIC.every((b, i) => head[i] === b);

/** What the workbook says before its rows: the 1904 date system flag. */
export interface XlsxInfo {
  date1904: boolean;
}

const SLICE = 64 * 1024;

const attributes = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
};

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'apos' ? "'" : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );

/** Column letters of a cell reference → 0-based index ('B7' → 1). */
function columnIndex(ref: string): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(ref)?.[1];
  if (!letters) return null;
  let n = 0;
  for (const c of letters.toUpperCase()) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/** The path of the first sheet: workbook.xml's first <sheet>, through its relationship; sheet1.xml as a fallback. */
function firstSheetPath(workbook: string, rels: string): string {
  const sheet = /<(?:\w+:)?sheet\b[^>]*>/.exec(workbook)?.[0];
  const rid = sheet ? Object.entries(attributes(sheet)).find(([k]) => k.endsWith(':id'))?.[1] : undefined;
  for (const rel of rels.match(/<(?:\w+:)?Relationship\b[^>]*>/g) ?? []) {
    const a = attributes(rel);
    if (rid !== undefined && a.Id === rid && a.Target) {
      const target = unescapeXml(a.Target);
      return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    }
  }
  return 'xl/worksheets/sheet1.xml';
}

/** Shared strings, rich text runs joined, phonetic runs (<rPh>) left out. */
function sharedStrings(xml: string): string[] {
  const out: string[] = [];
  const parser = new SaxesParser();
  let current: string | null = null;
  let inT = false;
  let inPhonetic = 0;
  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^\w+:/, '');
    if (name === 'si') current = '';
    else if (name === 'rPh') inPhonetic++;
    else if (name === 't' && inPhonetic === 0) inT = true;
  });
  parser.on('closetag', (tag) => {
    const name = tag.name.replace(/^\w+:/, '');
    if (name === 'si') {
      out.push(current ?? '');
      current = null;
    } else if (name === 'rPh') inPhonetic--;
    else if (name === 't') inT = false;
  });
  parser.on('text', (t) => {
    if (inT && current !== null) current += t;
  });
  parser.write(xml).close();
  return out;
}

/** Reads the workbook. The first item is its info (or an error item); then one SheetRow per row. */
export async function* readXlsxRows(bytes: Uint8Array): AsyncGenerator<XlsxInfo | SheetRow | ParseErrorItem> {
  const text = new TextDecoder();
  let sheetXml: Uint8Array | undefined;
  let strings: string[] = [];
  let date1904: boolean;
  try {
    const meta = unzipSync(bytes, { filter: (f) => f.name === 'xl/workbook.xml' || f.name === 'xl/_rels/workbook.xml.rels' || f.name === 'xl/sharedStrings.xml' });
    const workbook = text.decode(meta['xl/workbook.xml'] ?? new Uint8Array(0));
    date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*"(?:1|true)"/.test(workbook);
    const path = firstSheetPath(workbook, text.decode(meta['xl/_rels/workbook.xml.rels'] ?? new Uint8Array(0)));
    sheetXml = unzipSync(bytes, { filter: (f) => f.name === path })[path];
    if (meta['xl/sharedStrings.xml']) strings = sharedStrings(text.decode(meta['xl/sharedStrings.xml']));
  } catch (e) {
    yield { kind: 'error', line: 0, message: `Arquivo XLSX inválido ou corrompido (${e instanceof Error ? e.message : String(e)})` };
    return;
  }
  if (!sheetXml) {
    yield { kind: 'error', line: 0, message: 'Arquivo XLSX sem planilha (não é uma pasta de trabalho do Excel?)' };
    return;
  }
  yield { date1904 };

  const out: (SheetRow | ParseErrorItem)[] = [];
  const parser = new SaxesParser();
  let row: SheetRow | null = null;
  let nextRow = 1;
  let cell: { col: number; type: string; value: string; inline: string } | null = null;
  let nextCol = 0;
  /** which text element is open: the cell's value <v>, or a <t> of an inline string (not inside <rPh>) */
  let inV = false;
  let inT = false;
  let failed = false;

  parser.on('error', (e) => {
    if (failed) return;
    failed = true;
    out.push({ kind: 'error', line: row?.line ?? nextRow, message: `Linha ${row?.line ?? nextRow}: planilha XLSX malformada (${e.message.replace(/^\d+:\d+: /, '')})` });
  });
  parser.on('opentag', (tag) => {
    const name = tag.name.replace(/^\w+:/, '');
    const attrs = tag.attributes as Record<string, string>;
    if (name === 'row') {
      const r = Number(attrs.r);
      row = { line: Number.isSafeInteger(r) && r > 0 ? r : nextRow, cells: [] };
      nextCol = 0;
    } else if (name === 'c' && row) {
      const col = attrs.r ? columnIndex(attrs.r) : null;
      cell = { col: col ?? nextCol, type: attrs.t ?? 'n', value: '', inline: '' };
    } else if (name === 'v' && cell) inV = true;
    else if (name === 't' && cell) inT = true;
  });
  parser.on('text', (t) => {
    if (!cell) return;
    if (inV) cell.value += t;
    else if (inT) cell.inline += t;
  });
  parser.on('closetag', (tag) => {
    const name = tag.name.replace(/^\w+:/, '');
    if (name === 'v') inV = false;
    else if (name === 't') inT = false;
    else if (name === 'c' && cell && row) {
      const value = cellValue(cell, strings);
      if (value !== null) {
        while (row.cells.length < cell.col) row.cells.push('');
        row.cells[cell.col] = value;
      }
      nextCol = cell.col + 1;
      cell = null;
    } else if (name === 'row' && row) {
      out.push(row);
      nextRow = row.line + 1;
      row = null;
    }
  });

  const decoder = new TextDecoder();
  for (let i = 0; i < sheetXml.length && !failed; i += SLICE) {
    const last = i + SLICE >= sheetXml.length;
    parser.write(decoder.decode(sheetXml.subarray(i, i + SLICE), { stream: !last }));
    if (last) parser.close();
    yield* out.splice(0);
  }
  yield* out.splice(0);
}

function cellValue(cell: { type: string; value: string; inline: string }, strings: string[]): Cell | null {
  switch (cell.type) {
    case 's':
      return strings[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'str':
    case 'e':
    case 'd':
      return cell.value;
    case 'b':
      return cell.value === '1' ? 'VERDADEIRO' : 'FALSO';
    default:
      return cell.value.trim() === '' ? null : { number: cell.value.trim() };
  }
}
