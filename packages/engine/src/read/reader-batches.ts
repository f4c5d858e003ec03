import type { ParsedItem } from '../model';
import type { LineBatch, TextLine } from './lines';
import type { RecordWarnings } from './unknown-codes';

/** A line reader that hands out the items of each line as it reads it (Rede, Getnet, the customer CSV). */
export interface LineItemReader {
  push(line: TextLine): ParsedItem[];
  end(): ParsedItem[];
  /** true once the reader reads nothing more (the customer CSV after a header it does not know) */
  readonly done?: boolean;
}

/**
 * A line reader's items in arrays, one per chunk of the file (LayoutDef.parseBatches), with the records' warnings
 * added as `withRecordWarnings` adds them to `parse` (none without `warnings`, as the customer CSV's `parse` adds
 * none): the same items in the same order as pushing the lines one by one through an async generator, with one
 * async step per chunk instead of several per item.
 */
export async function* lineReaderBatches(reader: LineItemReader, batches: AsyncIterable<LineBatch>, warnings?: RecordWarnings): AsyncGenerator<ParsedItem[]> {
  const checked = (items: ParsedItem[]) => (warnings ? warnings.checkBatch(items) : items);
  for await (const { first, texts } of batches) {
    const items: ParsedItem[] = [];
    for (let i = 0; i < texts.length && !reader.done; i++) {
      const out = reader.push({ line: first + i, text: texts[i]! });
      for (let j = 0; j < out.length; j++) items.push(out[j]!);
    }
    if (items.length > 0) yield checked(items);
    if (reader.done) return;
  }
  const last = reader.end();
  if (last.length > 0) yield checked(last);
}

/**
 * The same reader's items one at a time from a file's lines (`readLines`), for `parse`: what `lineReaderBatches`
 * hands out in arrays, so a layout's `parse` and `parseBatches` share one reader and cannot drift apart.
 */
export async function* lineReaderItems(reader: LineItemReader, lines: AsyncIterable<TextLine>): AsyncGenerator<ParsedItem> {
  for await (const l of lines) {
    yield* reader.push(l);
    if (reader.done) return;
  }
  yield* reader.end();
}

/** A reader of a file's bytes, chunk by chunk and synchronously (the JSON and XML readers): the bytes' counterpart of LineItemReader. */
export interface ChunkItemReader<T> {
  push(chunk: Uint8Array): T[];
  end(): T[];
  /** true once the reader reads nothing more (a broken document) */
  readonly done: boolean;
}

/** A chunk reader's items one at a time (`parse`, and the readers built on another). */
export async function* chunkReaderItems<T>(reader: ChunkItemReader<T>, source: AsyncIterable<Uint8Array>): AsyncGenerator<T> {
  for await (const chunk of source) {
    yield* reader.push(chunk);
    if (reader.done) return;
  }
  yield* reader.end();
}

/** The same items in arrays, one per chunk (LayoutDef.parseBatches): one async step per chunk instead of per item. */
export async function* chunkReaderBatches<T>(reader: ChunkItemReader<T>, source: AsyncIterable<Uint8Array>): AsyncGenerator<T[]> {
  for await (const chunk of source) {
    const items = reader.push(chunk);
    if (items.length > 0) yield items;
    if (reader.done) return;
  }
  const last = reader.end();
  if (last.length > 0) yield last;
}
