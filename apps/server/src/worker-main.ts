import { openDb, seedReference } from '@concilia/db';
import { loadConfig } from './config';
import { createIngestion } from './ingest/ingestion';
import { storageFromConfig } from './ingest/s3-storage';
import { createLogger } from './logger';

/**
 * A load worker without the web server (`npm run worker`): more of these, on this machine or others pointed
 * at the same PostgreSQL (DATABASE_URL) and the same FILES_DIR, share the ingestion queue. Each takes jobs
 * with FOR UPDATE SKIP LOCKED, so no file is loaded twice; a worker that dies leaves its job to the others.
 */
const config = loadConfig();
const log = createLogger(config.logLevel);
const db = await openDb(config.databaseUrl, { afterMigrate: seedReference });
const ingestion = createIngestion({
  open: db, log, filesDir: config.filesDir, workers: Math.max(1, config.ingestWorkers),
  toleranceCentavos: config.matchToleranceCentavos, feeToleranceCentavos: config.feeToleranceCentavos,
  storage: storageFromConfig(config),
});
console.log(`Worker de ingestão: ${Math.max(1, config.ingestWorkers)} carga(s) simultânea(s), arquivos em ${config.filesDir}`);

async function shutdown(signal: string) {
  log.info({ signal }, 'worker shutting down');
  await ingestion.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
