import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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

/** The advisory-lock key every process migrating this database takes first ('concilia' in ASCII). */
export const MIGRATION_LOCK_KEY = 0x636f6e63696c6961n;

type OpenOptions = {
  migrate?: boolean;
  loadDataDir?: Blob;
  /** work that must not run twice at once either (reference data): done after the migrations, under their lock */
  afterMigrate?: (db: Db) => Promise<unknown>;
  /** the pool's connections on PostgreSQL: requestPoolSize() unless given (or DB_POOL_MAX, which sizes a request pool) */
  poolMax?: number;
};

/**
 * Connections for a process's requests: DB_POOL_MAX, else two per core. Measured with bench:api on two cores
 * (docs/performance-api.md): ten backends spent 20–45 % more PostgreSQL CPU per request than four, taking turns on
 * the same two CPUs, and answered later at the tail; a request holds its connection for one statement at a time.
 */
export function requestPoolSize(): number {
  const fromEnv = Number(process.env.DB_POOL_MAX);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 2 * os.availableParallelism();
}

/**
 * Connections for `workers` job loops: each running job holds one (a load is one transaction) while its lease is
 * renewed on another, and the loops' polls and the schedules' dispatchers need one more. Fewer, and N loads could
 * hold every connection while their lease renewals wait, letting the leases expire under them.
 */
export function jobPoolSize(workers: number): number {
  return 2 * workers + 1;
}

/**
 * Migrations under a PostgreSQL advisory lock held by one connection: of several processes starting
 * together (web, N workers, a migrate job) one applies the pending set while the others wait, then find
 * nothing left to do — instead of racing to create the same tables.
 */
async function migrateUnderLock(pool: pg.Pool, afterMigrate: OpenOptions['afterMigrate']): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      const locked = drizzlePg({ client, schema }) as unknown as Db;
      await migratePg(locked as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await afterMigrate?.(locked);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/** How many committed migrations the database has not applied (0 when up to date): the readiness check. */
export async function pendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const rowsOf = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const [table] = rowsOf(await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`));
  if (!table?.present) return journal.entries.length;
  const rows = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`));
  return journal.entries.length - Number(rows[0]?.n ?? 0);
}

/**
 * One door to both engines. `postgres://…` opens a pool on a PostgreSQL server; anything else is an
 * embedded PGlite: a data directory, or `memory://`. Migrations are applied on open, so a fresh data
 * directory and a fresh server end up with the same schema.
 */
export async function openDb(target: string, opts: OpenOptions = {}): Promise<OpenDb> {
  const runMigrations = opts.migrate ?? true;
  if (isPostgresUrl(target)) {
    // named after this process, so a shutdown can end its own sessions (and so can an operator, in pg_stat_activity)
    const pool = new pg.Pool({
      connectionString: target, max: opts.poolMax ?? requestPoolSize(), application_name: `concilia:${os.hostname()}:${process.pid}`,
    });
    // An idle connection the server ends (restart, failover, a database dropped by an admin) must not
    // take the process down: the pool discards it and the next query opens a new one.
    pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
    // ...nor a connection in use (a dedicated COPY client, a session ended by the server or by a shutdown): the
    // query under way fails with that error; without a listener the 'error' event would end the process
    pool.on('connect', (client) => client.on('error', (err) => console.warn(`PostgreSQL closed a connection in use: ${err.message}`)));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    if (runMigrations) {
      try {
        await migrateUnderLock(pool, opts.afterMigrate);
      } catch (e) {
        await pool.end();
        throw e;
      }
    }
    return { db, engine: 'postgres', pool, close: () => pool.end() };
  }
  if (target !== 'memory://' && !target.startsWith('memory://')) {
    // PGlite creates the data directory itself but not its parent.
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  }
  const pglite = await PGlite.create(target, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  // one process owns a PGlite directory: nothing to lock against
  if (runMigrations) {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await opts.afterMigrate?.(db);
  }
  return { db, engine: 'pglite', pglite, close: () => pglite.close() };
}
