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
  // each field read by its name, not r[FIELDS[i][0]]: this runs for every record of every file, the records come in
  // many shapes, and a keyed read with a computed key on them cost more than the rest of the check (profiled);
  // the same fields in FIELDS' order, so the warnings come out in the same order
  if (isUnknown(r.brand)) nameUnknown(r, 0, record.line, seen, warn);
  if (isUnknown(r.product)) nameUnknown(r, 1, record.line, seen, warn);
  if (isUnknown(r.capture)) nameUnknown(r, 2, record.line, seen, warn);
  if (isUnknown(r.status)) nameUnknown(r, 3, record.line, seen, warn);
  if (isUnknown(r.reason)) nameUnknown(r, 4, record.line, seen, warn);
}

/** A coded value whose code the decoder did not know (no name) — what nameUnknownCodes renames and reports. */
function isUnknown(c: Coded | null | undefined): c is Coded {
  return !!c && typeof c === 'object' && c.name === null && c.code !== '';
}

function nameUnknown(
  r: Record<string, Coded | null | undefined>, field: number, line: number, seen: Set<string>, warn: (line: number, message: string) => void,
): void {
  const [key, label] = FIELDS[field]!;
  const c = r[key]!;
  // a new object: decoders share (and freeze) their Coded values
  r[key] = { code: c.code, name: unknownName(c.code) };
  const id = `${key}|${c.code}`;
  if (seen.has(id)) return;
  seen.add(id);
  warn(line, unknownCodeMessage(label, c.code));
}

/**
 * A record whose own figures contradict each other (issue 13): gross − fee ≠ net, or a sale paying more than
 * it sold (net above gross, a negative fee). The record is read as the file writes it; the user is told.
 */
export function checkFigures(record: NormalizedRecord, warn: (line: number, message: string) => void): void {
  // read by name rather than tested with `in` first: an absent field reads undefined, which is not a number either
  const r = record as { gross?: unknown; fee?: unknown; net?: unknown };
  const gross = r.gross;
  const fee = r.fee;
  const net = r.net;
  if (typeof gross !== 'number' || typeof fee !== 'number' || typeof net !== 'number') return;
  if (gross - fee !== net) {
    warn(record.line, `valores que não conferem: bruto ${money(gross)} − taxa ${money(fee)} = ${money(gross - fee)}, líquido informado ${money(net)}`);
  } else if (record.kind === 'sale' && gross > 0 && net > gross) {
    warn(record.line, `venda com líquido ${money(net)} maior que o bruto ${money(gross)} (taxa negativa)`);
  }
}

/** Outside checkFigures: a closure made there would be made once per record read, and only the rare warning uses it. */
const money = (n: number) => formatDecimal(n);

/**
 * A line-based parser's items with the warnings every record gets the same way: unknown codes named and
 * warned about ('Linha 12: código de …'), figures that contradict each other.
 */
export async function* withRecordWarnings(items: AsyncIterable<ParsedItem>, checks = { codes: true }): AsyncGenerator<ParsedItem> {
  const warnings = new RecordWarnings(checks);
  for await (const item of items) {
    const pending = warnings.before(item);
    if (pending) yield* pending;
    yield item;
  }
}

/**
 * The state of `withRecordWarnings` (the codes already warned about) for a parser that reads a batch of items at a
 * time: `checkBatch` gives the same items and warnings, in the same order, synchronously — no async generator step
 * per item, which cost more than the checks themselves on a file of a million lines.
 */
export class RecordWarnings {
  private readonly seen = new Set<string>();
  private pending: ParseWarningItem[] = [];
  private readonly warn = (line: number, message: string) => {
    this.pending.push({ kind: 'warning', line, message: `Linha ${line}: ${message}` });
  };

  constructor(private readonly checks = { codes: true }) {}

  /** Checks one item; the warnings that go before it, or null (the usual case). */
  before(item: ParsedItem): ParseWarningItem[] | null {
    const kind = item.kind;
    // not a Set look-up: once per item of the file
    if (kind === 'header' || kind === 'trailer' || kind === 'error' || kind === 'warning') return null;
    if (this.checks.codes) nameUnknownCodes(item as NormalizedRecord, this.seen, this.warn);
    checkFigures(item as NormalizedRecord, this.warn);
    if (this.pending.length === 0) return null;
    const pending = this.pending;
    this.pending = [];
    return pending;
  }

  /** The items with each one's warnings before it; the very array given when there are none. */
  checkBatch(items: ParsedItem[]): ParsedItem[] {
    let out: ParsedItem[] | null = null;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      const pending = this.before(item);
      if (pending) {
        out ??= items.slice(0, i);
        for (const w of pending) out.push(w);
      }
      if (out) out.push(item);
    }
    return out ?? items;
  }
}
