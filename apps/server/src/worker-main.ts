import { jobPoolSize, openDb, requestPoolSize, seedReference } from '@concilia/db';
import { loadConfig } from './config';
import { createIngestion } from './ingest/ingestion';
import { storageFromConfig } from './ingest/s3-storage';
import { createLogger } from './logger';
import { mailerOptions } from './mail/mailer-options';
import { createMailer } from './mail/mailer';
import { createMetrics } from './observability/metrics';
import { createProbeServer } from './observability/probes';

/**
 * A load worker without the web server (`npm run worker`): more of these, on this machine or others pointed
 * at the same PostgreSQL (DATABASE_URL) and the same FILES_DIR, share the ingestion queue. Each takes jobs
 * with FOR UPDATE SKIP LOCKED, so no file is loaded twice; a worker that dies leaves its job to the others.
 */
const config = loadConfig();
const log = createLogger(config.logLevel);
const workers = Math.max(1, config.ingestWorkers);
// its job loops, and its probes beside them
const db = await openDb(config.databaseUrl, { afterMigrate: seedReference, poolMax: Math.max(requestPoolSize(), jobPoolSize(workers)) });
const metrics = createMetrics(db.db);
const mailer = createMailer(db.db, mailerOptions(config), log);
const ingestion = createIngestion({
  metrics,
  open: db, log, filesDir: config.filesDir, workers,
  toleranceCentavos: config.matchToleranceCentavos, feeToleranceCentavos: config.feeToleranceCentavos,
  storage: storageFromConfig(config),
  leaseSeconds: config.jobLeaseSeconds,
  // housekeeping runs in whichever process takes it: this one needs the mailer for the e-mails it retries
  housekeeping: { mailer, settings: config },
  // and so does the late-file check, whose daily digest it sends
  lateFiles: { mailer, settings: config },
  reports: { mailer, config },
  integrations: { config },
});
// its probes and metrics (job durations, lines ingested) on a port of its own: it has no web server
const probes = config.metricsPort === null ? null : createProbeServer({ db: db.db, metrics, queueStaleSeconds: config.queueStaleSeconds });
probes?.listen(config.metricsPort!, config.host);
console.log(`Worker de ingestão: ${workers} carga(s) simultânea(s), arquivos em ${config.filesDir}`
  + (probes ? `; /healthz, /readyz e /metrics em ${config.host}:${config.metricsPort}` : ''));

let stopping = false;
/** As the web process (main.ts): stop taking jobs, SHUTDOWN_GRACE_SECONDS for the load under way, close the pool. */
async function shutdown(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  log.info({ signal }, 'worker shutting down');
  probes?.close();
  await ingestion.stop({ graceMs: config.shutdownGraceSeconds * 1000 });
  // a load handed back still holds its connection: the exit ends it, and PostgreSQL rolls its transaction back
  await Promise.race([db.close().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
