import type { BusinessDate } from '@concilia/domain';
import type { FileHeader, NormalizedRecord, Operator, ParsedItem, ParseWarningItem } from '../model';
import { LineError } from './fields';
import { readJsonRecords } from './json-items';
import { firstUnknowns } from './record-values';

/**
 * The reading loop every JSON statement shares (PagBank EDI, Pagar.me payables, PayGo settlements): stream the
 * records, hand each object to the layout's mapper, and locate every message by line, path and ordinal —
 * "Linha 1, detalhes[4] (registro 5): …" — since API output is usually one line. The FileHeader is made from
 * the first record that maps (these documents carry no header of their own). A record that cannot be read is
 * one error; the others are still read, so the file's report lists every bad record.
 */

/** Where a record is, for messages. */
export interface RecordAt {
  line: number;
  /** 'Linha 1, detalhes[4] (registro 5)' */
  where: string;
}

export interface JsonStatementLayout {
  operator: Operator;
  layout: string;
  /** names of the top-level member holding the records ('detalhes', 'data', …) */
  arrayKeys: readonly string[];
  /** a record → normalised records (warnings pushed, LineError thrown for what breaks money, dates or keys) */
  map(record: Record<string, unknown>, at: RecordAt, warnings: ParseWarningItem[]): NormalizedRecord[];
}

/** The record's own date: what a FileHeader made from a first record takes as the file's date. */
export function recordDate(r: NormalizedRecord): BusinessDate {
  switch (r.kind) {
    case 'sale':
      return r.saleDate;
    case 'settlement':
    case 'anticipation':
      return r.settlementDate;
    case 'installmentForecast':
      return r.creditDate;
    case 'summary':
      return r.batchDate;
    case 'customerSale':
      return r.saleDate;
    default:
      return r.date;
  }
}

export async function* parseJsonStatement(source: AsyncIterable<Uint8Array>, def: JsonStatementLayout): AsyncGenerator<ParsedItem> {
  let header: FileHeader | null = null;
  const unknown = new Set<string>();
  for await (const item of readJsonRecords(source, def.arrayKeys)) {
    if (item.kind === 'member') continue;
    if (item.kind === 'problem') {
      yield { kind: 'error', line: item.line, message: item.message };
      continue;
    }
    const at: RecordAt = { line: item.line, where: `Linha ${item.line}, ${item.path} (registro ${item.index + 1})` };
    if (item.value === null || typeof item.value !== 'object' || Array.isArray(item.value)) {
      yield { kind: 'error', line: item.line, message: `${at.where}: o registro não é um objeto JSON` };
      continue;
    }
    const warnings: ParseWarningItem[] = [];
    try {
      const records = def.map(item.value as Record<string, unknown>, at, warnings);
      if (!header && records.length > 0) {
        const first = records[0]!;
        header = {
          kind: 'header', line: 1, operator: def.operator, layout: def.layout, version: '', merchantId: first.merchantId,
          fileDate: recordDate(first), movementDate: null, sequence: '', processingType: '',
        };
        yield header;
      }
      yield* firstUnknowns(warnings, unknown);
      yield* records;
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      yield { kind: 'error', line: item.line, message: `${at.where}: ${e.field} ${e.reason}` };
    }
  }
}

/** A field of a JSON record, by the first of `names` present (layout versions renamed some). */
export function field(record: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (record[n] !== undefined) return record[n];
  return undefined;
}
