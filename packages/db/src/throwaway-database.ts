import crypto from 'node:crypto';
import pg from 'pg';

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * A database of its own on a PostgreSQL server, for one test file: created empty, dropped (even with
 * connections still open) when done, so tests on a shared server never see each other's rows.
 */
export async function createThrowawayDatabase(adminUrl: string, prefix = 't'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
