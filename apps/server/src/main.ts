import { DEMO_PASSWORD, DEMO_USERS, isSeeded, jobPoolSize, openDb, seedDemo, seedReference } from '@concilia/db';
import { createApp } from './app';
import { loadConfig } from './config';
import { createHttpServer } from './http/server';
import { seedDemoBank } from './ingest/demo-bank.seed';
import { seedDemoFiles } from './ingest/demo-files.seed';
import { startInboxWatcher } from './ingest/inbox-watcher';
import { createLogger } from './logger';

const config = loadConfig();
const log = createLogger(config.logLevel);
// Operators, brands, products, states and cities: real reference data every installation needs, written
// under the migrations' lock so processes starting together do not race to insert it.
const db = await openDb(config.databaseUrl, { afterMigrate: seedReference });
// The job loops of this process on a pool of their own (PostgreSQL): a load holding its connection for a minute
// takes none from the requests' pool, sized to the cores, and the requests take none from the loads' lease renewals.
const jobsDb = db.engine === 'postgres' && config.ingestWorkers > 0
  ? await openDb(config.databaseUrl, { migrate: false, poolMax: jobPoolSize(config.ingestWorkers) })
  : db;
const app = createApp({ db, jobsDb, config, log });
if (config.seedDemo && !(await isSeeded(db.db))) {
  await seedDemo(db.db);
  // generated operator and customer files, sent through the real pipeline: the workers load them in the background
  const files = await seedDemoFiles(db, app.services.ingestion);
  log.info({ files }, 'demo data seeded');
  // the bank's statements credit the settlements those files carry: written once the workers have loaded them
  void app.services.ingestion.drain()
    .then(() => seedDemoBank(db, app.services.ingestion))
    .then((statements) => log.info({ statements }, 'demo bank statements seeded'))
    .catch((err: unknown) => log.error({ err }, 'demo bank statements not seeded'));
}
const server = createHttpServer(app);
// The inbox folder (SFTP/VAN drop, local stand-in): INBOX_DIR='' turns it off.
const inbox = config.inboxDir
  ? startInboxWatcher({ dir: config.inboxDir, ingestion: app.services.ingestion, log, pollSeconds: config.inboxPollSeconds, db: db.db })
  : null;
// HOST: loopback unless told otherwise (a container sets 0.0.0.0), so the quick start is not open to the network.
server.listen(config.port, config.host, () => {
  const where = db.engine === 'postgres' ? 'PostgreSQL' : `PGlite (${config.databaseUrl})`;
  console.log(`\nConcilia em ${config.publicUrl} (escutando em ${config.host}:${config.port})  — banco: ${where}, verificação anti-robô: ${config.botCheck}`);
  if (config.inboxDir) console.log(`Pasta de entrada monitorada: ${config.inboxDir} (a cada ${config.inboxPollSeconds} s)`);
  if (config.seedDemo) {
    console.log(`Acessos de demonstração (senha ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.login.padEnd(14)} ${u.papel}`);
  }
});

let stopping = false;
/**
 * SIGTERM/SIGINT: stop taking requests and jobs, give a load under way SHUTDOWN_GRACE_SECONDS to finish (then
 * hand it back to the queue for another worker), close the pool. A second signal exits at once.
 */
async function shutdown(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  log.info({ signal }, 'shutting down');
  server.close();
  server.closeIdleConnections();
  // the poll under way ends before the database closes (a process killed mid-file leaves it in .recebendo: taken again at the next start)
  await inbox?.stop();
  await app.stop({ graceMs: config.shutdownGraceSeconds * 1000 });
  // a load handed back still holds its connection: the exit ends it, and PostgreSQL rolls its transaction back
  const closing = jobsDb === db ? [db.close()] : [db.close(), jobsDb.close()];
  await Promise.race([Promise.all(closing).catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
