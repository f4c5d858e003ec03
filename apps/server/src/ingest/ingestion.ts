import { arquivos, type Db, linhasCliente, linhasOperadora, type OpenDb } from '@concilia/db';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { enqueue, startWorkers, type Workers } from '../jobs/job-queue';
import type { Metrics } from '../observability/metrics';
import { HOUSEKEEPING_QUEUE, housekeepingHandler, type HousekeepingSettings, scheduleHousekeeping } from '../jobs/housekeeping';
import { LATE_FILES_QUEUE, lateFilesHandler, type LateFileSettings, scheduleLateFiles } from '../jobs/late-files';
import type { ReportLinkConfig } from '../reports/report-files';
import { REPORT_DISPATCH_QUEUE, reportScheduleHandlers, scheduleReportDispatch } from '../reports/report-schedules';
import { INTEGRATION_DISPATCH_QUEUE, type IntegrationDeps, integrationScheduleHandlers, scheduleIntegrationDispatch } from '../integrations/integration-schedules';
import type { Mailer } from '../mail/mailer';
import { folderStorage, type FileStorage } from './file-storage';
import { lockStored, removeIfUnreferenced } from './stored-refs';
import { DEFAULT_TOLERANCE_CENTAVOS, MATCH_QUEUE, matchHandler } from '../reconcile/match-queue';
import { BANK_CHECK_LINE_KINDS, BANK_MATCH_QUEUE } from '../reconcile/bank-match-queue';
import { bankMatchHandler } from '../reconcile/bank-matching';
import { giveUpFile, ingestFile } from './ingest-file';
import { INGEST_QUEUE, type IngestDeps, type ReceivedFile, type ReceiveInput, receiveFile } from './receive-file';

/**
 * The ingestion service every channel shares (GraphQL, inbox folder, CLI, demo seed): receive a file, and
 * the workers of this process (when it runs any) load it. Reprocess and delete act on the stored original.
 */
export interface Ingestion {
  storage: FileStorage;
  receive(input: ReceiveInput): Promise<ReceivedFile>;
  /** loads the file again from its stored original (its lines are replaced in one transaction) */
  reprocess(codarquivo: number): Promise<void>;
  /** removes the file, its lines and, when nothing else refers to them (stored-refs.ts), its stored bytes */
  remove(codarquivo: number): Promise<boolean>;
  /** resolves when every queued load has ended (CLI, seed, tests) */
  drain(): Promise<void>;
  /** see Workers.stop: with graceMs, loads still running then go back to the queue */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

export interface IngestionOptions {
  open: OpenDb;
  log: Logger;
  filesDir: string;
  /** where originals are kept; a folder under filesDir unless given */
  storage?: FileStorage;
  /** load workers in this process; 0 leaves the queue to other processes (`npm run worker`) */
  workers: number;
  pollMs?: number;
  /** amount tolerance of the sales matching pass 'valor_tolerancia' */
  toleranceCentavos?: number;
  /** what a fee may differ from the contracted one before the audit calls it divergent */
  feeToleranceCentavos?: number;
  /** the app's metrics: job durations and lines ingested */
  metrics?: Metrics;
  /** JOB_LEASE_SECONDS */
  leaseSeconds?: number;
  /** run the housekeeping job in these workers too (the web process and `npm run worker`) */
  housekeeping?: { mailer: Mailer; settings: HousekeepingSettings };
  /** run the late-file alarm check and its daily digest in these workers too; off when LATE_FILE_CHECK_MINUTES is 0 */
  lateFiles?: { mailer: Mailer; settings: LateFileSettings };
  /**
   * run the scheduled reports (dispatcher and executions) in these workers too; a file too large to attach is kept in
   * `storage` and e-mailed as a link under PUBLIC_URL signed with a key derived from the credentials key
   */
  reports?: { mailer: Mailer; config: ReportLinkConfig; attachmentMaxBytes?: number };
  /** run the integration schedules (dispatcher and deliveries) in these workers too: the vault's settings open the passwords */
  integrations?: Pick<IntegrationDeps, 'config' | 'delivery'>;
}

export function createIngestion(opts: IngestionOptions): Ingestion {
  const storage = opts.storage ?? folderStorage(opts.filesDir);
  let workers: Workers | null = null;
  const lateFiles = opts.lateFiles && opts.lateFiles.settings.lateFileCheckMinutes > 0 ? opts.lateFiles : null;
  const deps: IngestDeps = { open: opts.open, storage, kick: () => workers?.kick() };
  if (opts.workers > 0) {
    workers = startWorkers({
      db: opts.open.db,
      log: opts.log,
      concurrency: opts.workers,
      pollMs: opts.pollMs,
      leaseSeconds: opts.leaseSeconds,
      onJobDone: (job, seconds, outcome) => opts.metrics?.jobDuration.observe({ queue: job.queue, outcome }, seconds),
      handlers: {
        [INGEST_QUEUE]: {
          run: async (job) => {
            const codarquivo = Number(job.payload.codarquivo);
            const t0 = performance.now();
            const r = await ingestFile(deps, codarquivo);
            opts.metrics?.ingestedLines.inc(r.linhas ?? 0);
            opts.log.info({ codarquivo, status: r.status, linhas: r.linhas, repetidas: r.repetidas, avisos: r.avisos, ms: Math.round(performance.now() - t0) }, 'file ingested');
          },
          giveUp: (job) => giveUpFile(deps, Number(job.payload.codarquivo)),
        },
        ...(opts.housekeeping
          ? { [HOUSEKEEPING_QUEUE]: housekeepingHandler({ db: opts.open.db, log: opts.log, storage, ...opts.housekeeping }) }
          : {}),
        ...(lateFiles ? { [LATE_FILES_QUEUE]: lateFilesHandler({ db: opts.open.db, log: opts.log, ...lateFiles }) } : {}),
        ...(opts.reports ? reportScheduleHandlers({ db: opts.open.db, log: opts.log, storage, ...opts.reports }) : {}),
        ...(opts.integrations ? integrationScheduleHandlers({ db: opts.open.db, log: opts.log, ...opts.integrations }) : {}),
        [BANK_MATCH_QUEUE]: bankMatchHandler(opts.open, opts.log),
        [MATCH_QUEUE]: matchHandler(opts.open, opts.log, {
          toleranceCentavos: opts.toleranceCentavos ?? DEFAULT_TOLERANCE_CENTAVOS,
          feeToleranceCentavos: opts.feeToleranceCentavos,
        }),
      },
      // always scheduled: a drain waits for the loads, not for the next housekeeping run
      background: [HOUSEKEEPING_QUEUE, LATE_FILES_QUEUE, REPORT_DISPATCH_QUEUE, INTEGRATION_DISPATCH_QUEUE],
    });
    if (opts.housekeeping) {
      // the first run at start (unless one is waiting or under way), then each run schedules the next
      void scheduleHousekeeping(opts.open.db, 0, { includeRunning: true })
        .then(() => workers?.kick())
        .catch((e: unknown) => opts.log.warn({ err: e }, 'housekeeping could not be scheduled'));
    }
    if (opts.reports) {
      // the dispatcher too: a look at start (a schedule missed while the server was down runs now, once)
      void scheduleReportDispatch(opts.open.db, 0, { includeRunning: true })
        .then(() => workers?.kick())
        .catch((e: unknown) => opts.log.warn({ err: e }, 'report dispatch could not be scheduled'));
    }
    if (opts.integrations) {
      // and the integrations': a day owed while the server was down is caught up at start
      void scheduleIntegrationDispatch(opts.open.db, 0, { includeRunning: true })
        .then(() => workers?.kick())
        .catch((e: unknown) => opts.log.warn({ err: e }, 'integration dispatch could not be scheduled'));
    }
    if (lateFiles) {
      // the same way: a check at start (unless one is waiting or under way), then each run schedules the next
      void scheduleLateFiles(opts.open.db, 0, { includeRunning: true })
        .then(() => workers?.kick())
        .catch((e: unknown) => opts.log.warn({ err: e }, 'late-file check could not be scheduled'));
    }
  }
  const { db } = opts.open;
  return {
    storage,
    receive: (input) => receiveFile(deps, input),
    async reprocess(codarquivo) {
      await db.transaction(async (tx) => {
        const [file] = await tx.select({ origem: arquivos.origem }).from(arquivos).where(eq(arquivos.codarquivo, codarquivo));
        if (file?.origem === 'INTEGRACAO') {
          // an integrator API request has no layout to read again: its sales are matched again, over the days they are of
          const [span] = await tx.select({ de: sql<string | null>`min(${linhasCliente.datavenda})::text`, ate: sql<string | null>`max(${linhasCliente.datavenda})::text` })
            .from(linhasCliente).where(eq(linhasCliente.codarquivo, codarquivo));
          if (span?.de && span.ate) await enqueue(tx, MATCH_QUEUE, { codarquivo, de: span.de, ate: span.ate, somenteVendas: true });
          return;
        }
        await tx.update(arquivos).set({ status: 'AGUARDANDO', mensagem: null }).where(eq(arquivos.codarquivo, codarquivo));
        await enqueue(tx, INGEST_QUEUE, { codarquivo });
      });
      workers?.kick();
    },
    async remove(codarquivo) {
      // the line tables have no foreign key to cascade through (bulk-load speed): their lines go in the same transaction
      const gone = await db.transaction(async (tx) => {
        // what the file paid, debited or posted leaves the bank check's books: those units and days are checked again
        // once it is gone (issue 21), or its pairs would keep naming lines that no longer exist until the next check
        const [bank] = (await tx.execute(sql`SELECT array_agg(DISTINCT codpessoa) FILTER (WHERE codpessoa IS NOT NULL) AS codpessoas,
            min(data)::text AS de, max(data)::text AS ate FROM (
          SELECT codpessoa, data FROM linhas_operadora WHERE codarquivo = ${codarquivo}
            AND tipo IN (${sql.join(BANK_CHECK_LINE_KINDS.map((k) => sql`${k}`), sql`, `)})
          UNION ALL SELECT codpessoa, data FROM linhas_banco WHERE codarquivo = ${codarquivo}) x`) as unknown as {
          rows: { codpessoas: number[] | null; de: string | null; ate: string | null }[];
        }).rows;
        if (bank?.codpessoas?.length && bank.de && bank.ate) {
          await enqueue(tx, BANK_MATCH_QUEUE, { codpessoas: bank.codpessoas.map(Number), de: bank.de, ate: bank.ate });
        }
        // and so do the sale pairs built on them
        await tx.execute(sql`DELETE FROM conciliacoes_venda WHERE codlinhasarqcli IN (SELECT codlinhasarqcli FROM linhas_cliente WHERE codarquivo = ${codarquivo})
          OR codlinha IN (SELECT codlinha FROM linhas_operadora WHERE codarquivo = ${codarquivo})`);
        await tx.delete(linhasOperadora).where(eq(linhasOperadora.codarquivo, codarquivo));
        await tx.delete(linhasCliente).where(eq(linhasCliente.codarquivo, codarquivo));
        // a bank statement's postings, and the bank check's pairs on them (issue 21)
        await tx.execute(sql`DELETE FROM conciliacoes_bancarias WHERE codlinhabanco IN (SELECT codlinhabanco FROM linhas_banco WHERE codarquivo = ${codarquivo})`);
        await tx.execute(sql`DELETE FROM linhas_banco WHERE codarquivo = ${codarquivo}`);
        const [row] = await tx.delete(arquivos).where(eq(arquivos.codarquivo, codarquivo)).returning({ sha256: arquivos.sha256 });
        return row;
      });
      if (!gone) return false;
      workers?.kick();
      // the store is content-addressed: another file, a scheduled report's link or a download offered a moment ago
      // may hold the same bytes
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await lockStored(tx, gone.sha256);
        await removeIfUnreferenced(tx, storage, gone.sha256);
      });
      return true;
    },
    drain: async () => {
      if (workers) await workers.drain();
    },
    stop: async (stopOpts) => {
      if (workers) await workers.stop(stopOpts);
    },
  };
}
