import { type BusinessDate, formatBusinessDate } from '../dates';
import { type Centavos, formatDecimal } from '../money';

/**
 * The one CSV writer of the product: every export (the tables' 'Download CSV', the ticket analysis) and the
 * machine-read files the server writes (tickets as the customer sales file) go through it, so quoting,
 * line ends and number formats are declared once. pt-BR conventions: ';' between fields (a decimal comma
 * lives inside amounts), CRLF line ends, RFC 4180 quoting, an optional UTF-8 BOM so Excel reads accents.
 *
 * Spreadsheet formula injection (OWASP "CSV Injection"): a text cell starting with '=', '+', '-', '@', a tab
 * or a carriage return is run by Excel/LibreOffice as a formula. Text cells of an export are neutralised with
 * a leading single quote and quoted. Data cells — numbers, amounts, dates — are never touched: '-1,50' is an
 * amount, not a formula, and must stay one. Machine layouts read back by the engine's parser turn the
 * neutralisation off (a quote would become part of the value) and keep only the quoting.
 */

export const CSV_SEPARATOR = ';';
export const CSV_EOL = '\r\n';
export const CSV_BOM = '\uFEFF';

/** A cell printed as is and never neutralised: a number, an amount or a date already in its pt-BR text. */
export type CsvData = { readonly csvData: string };
/** Text (neutralised in exports), a number (data), a data cell, or nothing (an empty field). */
export type CsvCell = string | number | CsvData | null | undefined;

export type CsvOptions = {
  /** UTF-8 byte order mark first, for Excel (the downloads a person opens) */
  bom?: boolean;
  /** neutralise formula-looking text cells; true for exports, false for machine layouts the parser reads back */
  neutralise?: boolean;
};

/** centavos → '1.234,56' (negatives '-1,50'), by the domain's money module */
export const csvMoney = (centavos: Centavos): CsvData => ({ csvData: formatDecimal(centavos) });
/** 'YYYY-MM-DD' → 'DD/MM/YYYY' */
export const csvDate = (d: BusinessDate): CsvData => ({ csvData: formatBusinessDate(d) });
/** text that is data (an amount or number already formatted by the caller) */
export const csvData = (text: string): CsvData => ({ csvData: text });

const NEEDS_QUOTES = /[;"\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180 with ';': quoted when the text holds the separator, a quote or a line break. */
export function quoteCsvField(text: string, always = false): string {
  return always || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** true for text a spreadsheet would run as a formula */
export const looksLikeFormula = (text: string): boolean => FORMULA_START.test(text);

function cellText(cell: CsvCell, neutralise: boolean): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return quoteCsvField(cell.csvData);
  if (neutralise && looksLikeFormula(cell)) return quoteCsvField(`'${cell}`, true);
  return quoteCsvField(cell);
}

/** One line (without its line end). */
export function csvLine(cells: readonly CsvCell[], opts: CsvOptions = {}): string {
  const neutralise = opts.neutralise ?? true;
  return cells.map((c) => cellText(c, neutralise)).join(CSV_SEPARATOR);
}

/** The whole file: every line ends in CRLF; an empty row is an empty line. */
export function writeCsv(rows: readonly (readonly CsvCell[])[], opts: CsvOptions = {}): string {
  const body = rows.map((r) => `${csvLine(r, opts)}${CSV_EOL}`).join('');
  return opts.bom ? `${CSV_BOM}${body}` : body;
}
