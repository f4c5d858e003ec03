import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type OpenDb = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** the PGlite instance (embedded) or the pool (server), for COPY and raw work at the edges */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//.test(target);
}

/**
 * One door to both engines. `postgres://…` opens a pool on a PostgreSQL server; anything else is an
 * embedded PGlite: a data directory, or `memory://`. Migrations are applied on open, so a fresh data
 * directory and a fresh server end up with the same schema.
 */
export async function openDb(target: string, opts: { migrate?: boolean; loadDataDir?: Blob } = {}): Promise<OpenDb> {
  const runMigrations = opts.migrate ?? true;
  if (isPostgresUrl(target)) {
    const pool = new pg.Pool({ connectionString: target, max: Number(process.env.DB_POOL_MAX ?? 10) });
    // An idle connection the server ends (restart, failover, a database dropped by an admin) must not
    // take the process down: the pool discards it and the next query opens a new one.
    pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    if (runMigrations) await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, engine: 'postgres', pool, close: () => pool.end() };
  }
  if (target !== 'memory://' && !target.startsWith('memory://')) {
    // PGlite creates the data directory itself but not its parent.
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  }
  const pglite = await PGlite.create(target, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  if (runMigrations) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, engine: 'pglite', pglite, close: () => pglite.close() };
}
