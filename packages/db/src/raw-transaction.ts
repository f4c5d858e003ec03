import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { OpenDb } from './open-db';

/**
 * A transaction below Drizzle, for bulk work at the edges: plain SQL with parameters and COPY … FROM of text
 * rows. On PostgreSQL the rows stream through one connection (pg-copy-streams, with back-pressure); PGlite
 * has no client stream, so rows are cut into blocks handed over as blobs, all inside the same transaction.
 * Either way the caller sees one transaction: everything commits together or nothing does.
 */
export interface RawTransaction {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * COPY `table` (`columns`) FROM text in COPY's text format: each item one or more whole rows, each row
   * ending in '\n' and its values escaped with `copyText`. Sending blocks of rows rather than single rows
   * keeps the per-item cost of async iteration off the hot path. An item may also be the rows' UTF-8 bytes
   * (a Uint8Array, whole rows too): written as they are, without a string to encode (the file load writes them so).
   */
  copyFrom(table: string, columns: readonly string[], rows: AsyncIterable<string | Uint8Array>): Promise<void>;
}

/** Characters per PGlite COPY call: big enough to amortise the call, small enough to keep memory flat. */
const PGLITE_BLOCK_CHARS = 8 * 1024 * 1024;
/** Characters per CopyData write on PostgreSQL. */
const PG_BLOCK_CHARS = 64 * 1024;

export async function withRawTransaction<T>(open: OpenDb, work: (tx: RawTransaction) => Promise<T>): Promise<T> {
  if (open.pool) return withPostgres(open.pool, work);
  if (open.pglite) return withPglite(open.pglite, work);
  throw new Error('database has neither a pool nor a PGlite instance');
}

function copySql(table: string, columns: readonly string[], source: string): string {
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}

async function withPostgres<T>(pool: pg.Pool, work: (tx: RawTransaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const tx: RawTransaction = {
      async query<R>(text: string, params: unknown[] = []) {
        return (await client.query(text, params)).rows as R[];
      },
      async copyFrom(table, columns, rows) {
        const stream = client.query(copyFrom(copySql(table, columns, 'STDIN')));
        const done = new Promise<void>((resolve, reject) => {
          stream.on('finish', resolve);
          stream.on('error', reject);
        });
        // one CopyData message per ~64 KB instead of per row keeps the socket busy, not the loop
        let block = '';
        let failure: unknown = null;
        done.catch((e: unknown) => (failure = e));
        const send = async (chunk: string | Uint8Array) => {
          // the server refused the COPY (a duplicate key, say): stop at once instead of writing into a dead stream
          if (failure) throw failure;
          const ok = stream.write(chunk);
          if (!ok) await Promise.race([new Promise<void>((resolve) => stream.once('drain', resolve)), done]);
        };
        try {
          for await (const text of rows) {
            if (typeof text !== 'string') {
              // bytes go as they are (the writer made the block): the text gathered before them first, to keep the order
              if (block) await send(block);
              block = '';
              if (text.length > 0) await send(text);
              continue;
            }
            block += text;
            if (block.length >= PG_BLOCK_CHARS) {
              await send(block);
              block = '';
            }
          }
          if (block) await send(block);
        } catch (e) {
          // the rows' source failed (a parse error): abort the COPY so the server rolls it back
          stream.destroy(e as Error);
          await done.catch(() => undefined);
          throw e;
        }
        stream.end();
        await done;
      },
    };
    const result = await work(tx);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    try {
      await client.query('ROLLBACK');
    } catch {
      broken = true; // a connection that cannot roll back is not given back to the pool
    }
    throw e;
  } finally {
    client.release(broken);
  }
}

async function withPglite<T>(pglite: PGlite, work: (tx: RawTransaction) => Promise<T>): Promise<T> {
  return pglite.transaction(async (ptx: Transaction) => {
    const tx: RawTransaction = {
      async query<R>(text: string, params: unknown[] = []) {
        return (await ptx.query<R>(text, params)).rows;
      },
      async copyFrom(table, columns, rows) {
        const sql = copySql(table, columns, "'/dev/blob'");
        let block: (string | Uint8Array)[] = [];
        let size = 0;
        const flush = async () => {
          if (block.length === 0) return;
          const blob = new Blob(block);
          block = [];
          size = 0;
          await ptx.query(sql, [], { blob });
        };
        for await (const text of rows) {
          block.push(text);
          size += text.length;
          if (size >= PGLITE_BLOCK_CHARS) await flush();
        }
        await flush();
      },
    };
    return work(tx);
  });
}

/**
 * One value in COPY's text format: null as \N, and the characters the format reserves escaped
 * (backslash, tab, newline, carriage return).
 */
export function copyText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value !== 'string') return String(value);
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}
