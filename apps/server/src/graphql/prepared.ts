import crypto from 'node:crypto';
import type { Db } from '@concilia/db';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Reads that every request repeats with other values (the session, the ticket search, the register lists), run as
 * named prepared statements: the text of one query shape is always the same (the values travel as parameters),
 * so each pooled connection parses and plans it once, and PostgreSQL may move to a cached generic plan after a
 * few runs. Measured at 10M lines: the ticket search planned in ~20 ms and ran in ~1 ms (npm run bench:api,
 * docs/performance-api.md). The name is a hash of the text, so two texts never share a name; a query has a bounded
 * number of shapes (which filters are given), and so has each connection's set of statements. PGlite runs them as
 * any query (it keeps no named statements).
 */

/** What a prepared read needs of the database: drizzle's session (a Db or a transaction). */
export type PreparedReader = Pick<Db, '_'>;

const dialect = new PgDialect();

/** The name of a statement's text: the same text, the same name; two texts, two names. */
export const statementName = (text: string) => `q_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** A raw SELECT's rows, run prepared. */
export async function preparedRows(db: PreparedReader, q: SQL): Promise<Record<string, unknown>[]> {
  const query = dialect.sqlToQuery(q);
  const result = await db._.session.prepareQuery(query, undefined, statementName(query.sql), false).execute();
  return (result as { rows: Record<string, unknown>[] }).rows;
}

type Preparable<R> = { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<R> } };

/** A query builder's statement, run prepared (its values are bound parameters of the same text). */
export function executePrepared<R>(query: Preparable<R>): Promise<R> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}
