import { strToU8, zipSync } from 'fflate';

/**
 * Test-only: builds a small XLSX the way Excel writes one (content types, workbook with its relationships,
 * shared strings with a rich-text run and a phonetic run, a worksheet with sparse cells, inline strings,
 * numbers written with 17 significant digits and date serials). `rows` are [rowNumber, cells]; a cell is
 * a string (shared), { inline } (inline string), { n } (number as written in <v>) or { str } (formula text result).
 */
export type FixtureCell = string | { inline: string } | { n: string } | { str: string } | null;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const col = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26)));

export function buildXlsx(rows: [number, FixtureCell[]][], options: { date1904?: boolean; sheetPath?: string } = {}): Uint8Array {
  const strings: string[] = [];
  const sst = (s: string) => {
    let i = strings.indexOf(s);
    if (i === -1) i = strings.push(s) - 1;
    return i;
  };
  const sheetRows = rows
    .map(([r, cells]) => {
      const cs = cells
        .map((c, i) => {
          const ref = `${col(i)}${r}`;
          if (c === null) return '';
          if (typeof c === 'string') return `<c r="${ref}" t="s"><v>${sst(c)}</v></c>`;
          if ('inline' in c) return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(c.inline)}</t></is></c>`;
          if ('str' in c) return `<c r="${ref}" t="str"><f>A1</f><v>${esc(c.str)}</v></c>`;
          return `<c r="${ref}" s="1"><v>${c.n}</v></c>`;
        })
        .join('');
      return `<row r="${r}" spans="1:${cells.length}">${cs}</row>`;
    })
    .join('');
  const sheetPath = options.sheetPath ?? 'worksheets/sheet1.xml';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const siXml = strings
    .map((s, i) =>
      // the first string as rich text with a phonetic run, as Excel writes some headers
      i === 0 ? `<si><r><rPr><b/></rPr><t>${esc(s.slice(0, 2))}</t></r><r><t xml:space="preserve">${esc(s.slice(2))}</t></r><rPh sb="0" eb="1"><t>ヨミ</t></rPh></si>` : `<si><t>${esc(s)}</t></si>`,
    )
    .join('');
  return zipSync({
    '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`),
    'xl/workbook.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${main}" xmlns:r="${rel}"><workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Vendas" sheetId="7" r:id="rId3"/><sheet name="Outra" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/other.xml"/><Relationship Id="rId3" Type="${rel}/worksheet" Target="${sheetPath}"/></Relationships>`),
    'xl/sharedStrings.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${siXml}</sst>`),
    [`xl/${sheetPath}`]: strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${main}"><sheetData>${sheetRows}</sheetData></worksheet>`),
    'xl/worksheets/other.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>errada</t></is></c></row></sheetData></worksheet>`),
  });
}
