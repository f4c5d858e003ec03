import type { BusinessDate } from '@concilia/domain';
import type { FileHeader, NormalizedRecord, Operator, ParsedItem, ParseWarningItem } from '../model';
import { LineError } from './fields';
import { type JsonItem, JsonRecordReader } from './json-items';
import { chunkReaderBatches, chunkReaderItems } from './reader-batches';
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

/** A JSON statement's items one by one (LayoutDef.parse). */
export function parseJsonStatement(source: AsyncIterable<Uint8Array>, def: JsonStatementLayout): AsyncGenerator<ParsedItem> {
  return chunkReaderItems(new JsonStatementReader(def), source);
}

/**
 * The same items in arrays, one per chunk of the file (LayoutDef.parseBatches): both run JsonStatementReader, so
 * they give the same items in the same order, this one with one async step per chunk instead of per item.
 */
export function jsonStatementBatches(source: AsyncIterable<Uint8Array>, def: JsonStatementLayout): AsyncGenerator<ParsedItem[]> {
  return chunkReaderBatches(new JsonStatementReader(def), source);
}

/** The reading loop chunk by chunk and synchronously: `push` a chunk's bytes, get the items it completes. */
export class JsonStatementReader {
  private readonly records: JsonRecordReader;
  private header: FileHeader | null = null;
  /** the unknown codes already warned about: one warning per field and code in the file */
  private readonly unknown = new Set<string>();

  constructor(private readonly def: JsonStatementLayout) {
    this.records = new JsonRecordReader(def.arrayKeys);
  }

  /** true once the document's structure is broken: nothing after it is read */
  get done(): boolean {
    return this.records.done;
  }

  push(chunk: Uint8Array): ParsedItem[] {
    return this.items(this.records.push(chunk));
  }

  end(): ParsedItem[] {
    return this.items(this.records.end());
  }

  private items(json: JsonItem[]): ParsedItem[] {
    const out: ParsedItem[] = [];
    for (const item of json) this.item(item, out);
    return out;
  }

  private item(item: JsonItem, out: ParsedItem[]): void {
    if (item.kind === 'member') return;
    if (item.kind === 'problem') {
      out.push({ kind: 'error', line: item.line, message: item.message });
      return;
    }
    const at: RecordAt = { line: item.line, where: `Linha ${item.line}, ${item.path} (registro ${item.index + 1})` };
    if (item.value === null || typeof item.value !== 'object' || Array.isArray(item.value)) {
      out.push({ kind: 'error', line: item.line, message: `${at.where}: o registro não é um objeto JSON` });
      return;
    }
    const warnings: ParseWarningItem[] = [];
    try {
      const records = this.def.map(item.value as Record<string, unknown>, at, warnings);
      if (!this.header && records.length > 0) {
        const first = records[0]!;
        this.header = {
          kind: 'header', line: 1, operator: this.def.operator, layout: this.def.layout, version: '', merchantId: first.merchantId,
          fileDate: recordDate(first), movementDate: null, sequence: '', processingType: '',
        };
        out.push(this.header);
      }
      for (const w of firstUnknowns(warnings, this.unknown)) out.push(w);
      for (const r of records) out.push(r);
    } catch (e) {
      if (!(e instanceof LineError)) throw e;
      out.push({ kind: 'error', line: item.line, message: `${at.where}: ${e.field} ${e.reason}` });
    }
  }
}

/** A field of a JSON record, by the first of `names` present (layout versions renamed some). */
export function field(record: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (record[n] !== undefined) return record[n];
  return undefined;
}
