import crypto from 'node:crypto';
import type { Db } from '@concilia/db';
import type { Query, SQL } from 'drizzle-orm';
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
export const statementName = (text: string) => `q_${crypto.hash('sha1', text).slice(0, 24)}`;

/**
 * statementName of the texts executePrepared sees, remembered: a builder's text is built anew at each call, and hashing
 * a register list's text (several kB with its derived columns) at every request was ~1 % of its CPU (bench:api); a
 * lookup compares the text whole, so only the same text finds the same name. Bounded as the shapes are (see
 * shapedStatement).
 */
const namesByText = new Map<string, string>();
function rememberedName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    if (namesByText.size >= 1000) namesByText.clear();
    namesByText.set(text, (name = statementName(text)));
  }
  return name;
}

type Preparable<R> = { prepare(name: string): { execute(): Promise<R> } };
type PrepareQuery = (query: Query, fields: unknown, name: string, ...rest: unknown[]) => unknown;

/**
 * A query builder's statement, run prepared (its values are bound parameters of the same text). The builder's own
 * `prepare` builds the text once and names it here from that text (`toSQL()` first and `prepare()` after would build
 * it twice: drizzle's building was ~9 % of a register list's CPU under load). The builder's session is the one
 * drizzle gave it; only the name it passes on is set.
 */
export function executePrepared<R>(query: Preparable<R>): Promise<R> {
  const q = query as unknown as { session: { prepareQuery: PrepareQuery } };
  const session = q.session;
  q.session = Object.create(session, {
    prepareQuery: { value: (built: Query, fields: unknown, _name: string, ...rest: unknown[]) => session.prepareQuery(built, fields, rememberedName(built.sql), ...rest) },
  }) as typeof session;
  return query.prepare('').execute();
}

/**
 * A raw SELECT whose text never changes, its values named placeholders (`sql.placeholder('ids')`): the text and its
 * name are built once per process, not on every call (drizzle's building and the name's hash are a visible part of a
 * request's CPU). Built on first use, so the module's imports need no database.
 */
export function fixedStatement(build: () => SQL): (db: PreparedReader, values: Record<string, unknown>) => Promise<Record<string, unknown>[]> {
  let built: { query: Query; name: string } | undefined;
  return async (db, values) => {
    if (!built) {
      const query = dialect.sqlToQuery(build());
      built = { query, name: statementName(query.sql) };
    }
    const result = await db._.session.prepareQuery(built.query, undefined, built.name, false).execute(values);
    return (result as { rows: Record<string, unknown>[] }).rows;
  };
}

/**
 * A raw SELECT of several shapes (which filters a search has), each shape one text with its values as named
 * placeholders: built and named once per shape, then run with the values of each call. `shape` must name
 * everything the text depends on; `build` must read its values only through placeholders.
 */
export function shapedStatement(): (db: PreparedReader, shape: string, build: () => SQL, values: Record<string, unknown>) => Promise<Record<string, unknown>[]> {
  const built = new Map<string, { query: Query; name: string }>();
  return async (db, shape, build, values) => {
    let b = built.get(shape);
    if (!b) {
      const query = dialect.sqlToQuery(build());
      b = { query, name: statementName(query.sql) };
      // shapes are bounded (a few flags), the cap only guards against a mistake in a caller's key
      if (built.size >= 1000) built.clear();
      built.set(shape, b);
    }
    const result = await db._.session.prepareQuery(b.query, undefined, b.name, false).execute(values);
    return (result as { rows: Record<string, unknown>[] }).rows;
  };
}
