import { isPostgresUrl, openDb, pendingMigrations, seedReference } from '@concilia/db';
import { loadConfig } from './config';

/**
 * `npm run migrate`: brings the database of DATABASE_URL (or the embedded one) up to the committed
 * migrations and the reference data, then exits — the one-shot step a deployment runs before starting the
 * web and worker processes (docker/entrypoint.sh migrate). Safe beside running processes: the migrations
 * take an advisory lock. Exit code 0 when the database is up to date, 1 when it could not be.
 */
const config = loadConfig();
const where = isPostgresUrl(config.databaseUrl) ? 'PostgreSQL' : `PGlite (${config.databaseUrl})`;
try {
  const db = await openDb(config.databaseUrl, { afterMigrate: seedReference });
  const pending = await pendingMigrations(db.db);
  await db.close();
  if (pending !== 0) throw new Error(`${pending} migração(ões) pendente(s) depois de migrar`);
  console.log(`Banco atualizado: ${where}, todas as migrações aplicadas.`);
} catch (e) {
  console.error(`Não foi possível migrar o banco (${where}): ${String((e as Error)?.message ?? e).split('\n')[0]}`);
  process.exitCode = 1;
}
