import { formatDecimal } from '@concilia/domain';
import type { Coded, NormalizedRecord, ParsedItem, ParseWarningItem } from '../model';

/**
 * Warnings every parser gives the same way (issue 13), in one pass over its records (withRecordWarnings):
 *
 * Unknown codes: a code in a descriptive field (brand, product, capture, status, reason)
 * that the decoder does not know never refuses a file. The record keeps the code raw, its name reads
 * "desconhecido (XX)", and the file gets one warning per field and code (the first line it appears on), so
 * a statement full of a new code does not bury the other warnings. Only what breaks money, dates, keys or the
 * file's structure is an error.
 */

/** The descriptive coded fields of the records and their pt-BR names. */
const FIELDS = [
  ['brand', 'bandeira'],
  ['product', 'produto'],
  ['capture', 'meio de captura'],
  ['status', 'situação'],
  ['reason', 'motivo'],
] as const;

export const unknownName = (code: string) => `desconhecido (${code})`;

/** The warning text of an unknown code, without its location. */
export const unknownCodeMessage = (field: string, code: string) => `código de ${field} "${code}" desconhecido; carregado como "${unknownName(code)}"`;

/**
 * Names the record's unknown codes "desconhecido (XX)" (on the record) and reports each field and code not seen
 * before through `warn`.
 */
export function nameUnknownCodes(record: NormalizedRecord, seen: Set<string>, warn: (line: number, message: string) => void): void {
  const r = record as unknown as Record<string, Coded | null | undefined>;
  for (const [key, field] of FIELDS) {
    const c = r[key];
    if (!c || typeof c !== 'object' || c.name !== null || c.code === '') continue;
    // a new object: decoders share (and freeze) their Coded values
    r[key] = { code: c.code, name: unknownName(c.code) };
    const id = `${key}|${c.code}`;
    if (seen.has(id)) continue;
    seen.add(id);
    warn(record.line, unknownCodeMessage(field, c.code));
  }
}

/**
 * A record whose own figures contradict each other (issue 13): gross − fee ≠ net, or a sale paying more than
 * it sold (net above gross, a negative fee). The record is read as the file writes it; the user is told.
 */
export function checkFigures(record: NormalizedRecord, warn: (line: number, message: string) => void): void {
  if (!('gross' in record) || !('fee' in record) || !('net' in record)) return;
  const { gross, fee, net } = record as { gross: unknown; fee: unknown; net: unknown };
  if (typeof gross !== 'number' || typeof fee !== 'number' || typeof net !== 'number') return;
  const money = (n: number) => formatDecimal(n);
  if (gross - fee !== net) {
    warn(record.line, `valores que não conferem: bruto ${money(gross)} − taxa ${money(fee)} = ${money(gross - fee)}, líquido informado ${money(net)}`);
  } else if (record.kind === 'sale' && gross > 0 && net > gross) {
    warn(record.line, `venda com líquido ${money(net)} maior que o bruto ${money(gross)} (taxa negativa)`);
  }
}

const NOT_RECORDS = new Set<ParsedItem['kind']>(['header', 'trailer', 'error', 'warning']);

/**
 * A line-based parser's items with the warnings every record gets the same way: unknown codes named and
 * warned about ('Linha 12: código de …'), figures that contradict each other.
 */
export async function* withRecordWarnings(items: AsyncIterable<ParsedItem>, checks = { codes: true }): AsyncGenerator<ParsedItem> {
  const seen = new Set<string>();
  const pending: ParseWarningItem[] = [];
  const warn = (line: number, message: string) => pending.push({ kind: 'warning', line, message: `Linha ${line}: ${message}` });
  for await (const item of items) {
    if (!NOT_RECORDS.has(item.kind)) {
      if (checks.codes) nameUnknownCodes(item as NormalizedRecord, seen, warn);
      checkFigures(item as NormalizedRecord, warn);
      if (pending.length > 0) {
        yield* pending;
        pending.length = 0;
      }
    }
    yield item;
  }
}
