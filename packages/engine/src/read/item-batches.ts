import type { ParsedItem } from '../model';

/**
 * A parser's items one by one from the arrays a batch parser gives (see LayoutDef.parseBatches), in order.
 *
 * Why not an `async function*`: every `yield` of an async generator costs a generator resume and extra microtask
 * turns, and a file gives hundreds of thousands of items. This iterator answers `next()` from the current array
 * with an already-resolved promise and only awaits the source when it runs out.
 */
export function itemsOfBatches(batches: AsyncIterable<ParsedItem[]>): AsyncIterableIterator<ParsedItem> {
  return new BatchItems(batches[Symbol.asyncIterator]());
}

class BatchItems implements AsyncIterableIterator<ParsedItem> {
  /** items of the batch being handed out, and the index of the next one */
  private items: ParsedItem[] = [];
  private next_ = 0;
  private ended = false;
  /** the source read in progress, so that a `next()` before it settles waits for it instead of racing it */
  private filling: Promise<void> | null = null;

  constructor(private readonly source: AsyncIterator<ParsedItem[]>) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ParsedItem>> {
    if (this.next_ < this.items.length) return Promise.resolve({ done: false, value: this.items[this.next_++]! });
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    this.filling ??= this.fill().finally(() => (this.filling = null));
    return this.filling.then(() => this.next());
  }

  async return(): Promise<IteratorResult<ParsedItem>> {
    this.items = [];
    if (!this.ended) {
      this.ended = true;
      await this.source.return?.();
    }
    return { done: true, value: undefined };
  }

  /** Reads batches until one has items (or the source ends). An error ends the items and closes the source. */
  private async fill(): Promise<void> {
    try {
      while (!this.ended) {
        const r = await this.source.next();
        if (r.done) this.ended = true;
        else if (r.value.length > 0) {
          this.items = r.value;
          this.next_ = 0;
          return;
        }
      }
    } catch (e) {
      await this.return();
      throw e;
    }
  }
}
