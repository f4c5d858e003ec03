import { execFile } from 'node:child_process';
import path from 'node:path';
import { createThrowawayDatabase, loadReferenceData, openDb, pendingMigrations, seedReference } from '@concilia/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Several processes opening one PostgreSQL database at once (web, workers and the migrate job of a
 * deployment): each migrates under an advisory lock, so the database ends with one applied set and one copy
 * of the reference data, and none of them fails.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const url = process.env.TEST_DATABASE_URL;

describe('migrations on the embedded database (PGlite)', () => {
  it('counts what is pending, and runs the work that follows the migrations once they are applied', async () => {
    const fresh = await openDb('memory://', { migrate: false });
    try {
      expect(await pendingMigrations(fresh.db)).toBeGreaterThan(15);
    } finally {
      await fresh.close();
    }
    let pendingWhenSeeding = -1;
    const db = await openDb('memory://', { afterMigrate: async (d) => (pendingWhenSeeding = await pendingMigrations(d)) });
    try {
      expect(pendingWhenSeeding).toBe(0);
    } finally {
      await db.close();
    }
  });
});

// the lock is PostgreSQL's: a PGlite directory has one process
if (url) describe('migrations under an advisory lock (PostgreSQL)', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(url!, 'migr');
  });
  afterAll(() => throwaway?.drop());

  it('a fresh database has every migration pending', async () => {
    const fresh = await openDb(throwaway.url, { migrate: false });
    try {
      expect(await pendingMigrations(fresh.db)).toBeGreaterThan(15);
    } finally {
      await fresh.close();
    }
  });

  it('four processes migrating at once end with one applied set and one copy of the reference data', async () => {
    const opened = await Promise.all(Array.from({ length: 4 }, () => openDb(throwaway.url, { afterMigrate: seedReference })));
    try {
      expect(await pendingMigrations(opened[0]!.db)).toBe(0);
      const pool = opened[0]!.pool!;
      const [counts] = (await pool.query('SELECT count(*)::int AS applied, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations')).rows;
      expect(counts.applied).toBe(counts.distinct);
      const [operators] = (await pool.query('SELECT count(*)::int AS n FROM operadoras')).rows;
      expect(operators.n).toBe(loadReferenceData().cartoes.operadoras.length);
    } finally {
      await Promise.all(opened.map((o) => o.close()));
    }
  });

  it('npm run migrate on an up-to-date database says so and exits 0; an unreachable one is one line and exit 1', async () => {
    const run = (databaseUrl: string) =>
      new Promise<{ code: number; out: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'apps/server/src/migrate-main.ts'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } },
          (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }));
      });
    expect(await run(throwaway.url)).toEqual({ code: 0, out: 'Banco atualizado: PostgreSQL, todas as migrações aplicadas.\n' });
    const down = await run('postgres://postgres@127.0.0.1:1/nenhum');
    expect(down.code).toBe(1);
    expect(down.out.trim().split('\n')).toEqual([expect.stringMatching(/^Não foi possível migrar o banco \(PostgreSQL\): .*ECONNREFUSED/)]);
  });
});
