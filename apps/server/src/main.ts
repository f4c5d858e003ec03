import { DEMO_PASSWORD, DEMO_USERS, isSeeded, openDb, seedDemo, seedReference } from '@concilia/db';
import { createApp } from './app';
import { loadConfig } from './config';
import { createHttpServer } from './http/server';
import { createLogger } from './logger';

const config = loadConfig();
const log = createLogger(config.logLevel);
const db = await openDb(config.databaseUrl);
// Operators, brands, products, states and cities: real reference data every installation needs.
await seedReference(db.db);
if (config.seedDemo && !(await isSeeded(db.db))) {
  await seedDemo(db.db);
  log.info('demo data seeded');
}
const server = createHttpServer(createApp({ db, config, log }));
server.listen(config.port, () => {
  const where = db.engine === 'postgres' ? 'PostgreSQL' : `PGlite (${config.databaseUrl})`;
  console.log(`\nConcilia em ${config.publicUrl}  — banco: ${where}, verificação anti-robô: ${config.botCheck}`);
  if (config.seedDemo) {
    console.log(`Acessos de demonstração (senha ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.login.padEnd(14)} ${u.papel}`);
  }
});

async function shutdown(signal: string) {
  log.info({ signal }, 'shutting down');
  server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
