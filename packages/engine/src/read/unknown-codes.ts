import type { Coded, NormalizedRecord, ParsedItem, ParseWarningItem } from '../model';

/**
 * Issue 13's rule for every parser: a code in a descriptive field (brand, product, capture, status, reason)
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

const NOT_RECORDS = new Set<ParsedItem['kind']>(['header', 'trailer', 'error', 'warning']);

/** A line-based parser's items with the unknown codes named and warned about ('Linha 12: código de …'). */
export async function* withUnknownCodes(items: AsyncIterable<ParsedItem>): AsyncGenerator<ParsedItem> {
  const seen = new Set<string>();
  const pending: ParseWarningItem[] = [];
  const warn = (line: number, message: string) => pending.push({ kind: 'warning', line, message: `Linha ${line}: ${message}` });
  for await (const item of items) {
    if (!NOT_RECORDS.has(item.kind)) {
      nameUnknownCodes(item as NormalizedRecord, seen, warn);
      if (pending.length > 0) {
        yield* pending;
        pending.length = 0;
      }
    }
    yield item;
  }
}
