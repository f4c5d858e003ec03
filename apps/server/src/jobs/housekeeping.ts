import type { Db } from '@concilia/db';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { FileStorage } from '../ingest/file-storage';
import type { Mailer } from '../mail/mailer';
import { removeExpiredDownloads } from '../downloads/download-store';
import { removeExpiredReportFiles } from '../reports/report-files';
import { type QueueHandler, scheduleOnce } from './job-queue';

/**
 * Housekeeping, a job on the same queue as the loads: prunes what has expired (finished jobs, sessions,
 * sign-in counters, delivered mail, links long expired, the stored files of scheduled reports whose link expired,
 * download offers no longer fetchable and their stored bodies)
 * and tries again the e-mails whose SMTP delivery failed. One run is pending at a time, whatever the number of
 * processes (an advisory lock guards the scheduling), and a run schedules the next; a claim with SKIP LOCKED
 * gives each run to one worker.
 */
export const HOUSEKEEPING_QUEUE = 'manutencao';
const SCHEDULE_LOCK = 0x6d616e7574656e63n; // 'manutenc'

export type HousekeepingSettings = Pick<Config, 'housekeepingEveryMinutes' | 'retentionJobsDays' | 'retentionMailDays' | 'sessionIdleMinutes' | 'loginWindowMinutes'>;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** Queues the next run unless one is already waiting (or, with includeRunning, under way). */
export const scheduleHousekeeping = (db: Db, inMinutes: number, opts: { includeRunning?: boolean } = {}): Promise<boolean> =>
  scheduleOnce(db, HOUSEKEEPING_QUEUE, SCHEDULE_LOCK, inMinutes, opts);

/** Deletes what has expired, each kind by its own rule; answers how many rows of each went. */
export async function pruneExpired(db: Db, s: HousekeepingSettings): Promise<Record<string, number>> {
  const count = async (q: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(sql`WITH gone AS (${q} RETURNING 1) SELECT count(*)::int AS n FROM gone`))[0]!.n;
  return {
    jobs: await count(sql`DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < now() - make_interval(days => ${s.retentionJobsDays})`),
    // a session is over at its absolute end or after its idle time (session.service.ts)
    sessoes: await count(sql`DELETE FROM sessoes WHERE expiraem < now() OR ultimoacesso < now() - make_interval(mins => ${s.sessionIdleMinutes})`),
    // a sign-in counter whose window ended counts nothing any more (rate-limit.ts starts a new window)
    tentativasLogin: await count(sql`DELETE FROM tentativas_login WHERE janelainicio < now() - make_interval(mins => ${s.loginWindowMinutes})`),
    caixaSaida: await count(sql`DELETE FROM caixa_saida WHERE enviadoem IS NOT NULL AND enviadoem < now() - make_interval(days => ${s.retentionMailDays})`),
    // links (reset, sign-in, panel) kept as long as the mail that carried them: till then an old link still
    // says 'expirado' rather than 'inválido'
    tokensAcesso: await count(sql`DELETE FROM tokens_acesso WHERE expiraem < now() - make_interval(days => ${s.retentionMailDays})`),
  };
}

export function housekeepingHandler(deps: { db: Db; log: Logger; mailer: Mailer; storage: FileStorage; settings: HousekeepingSettings }): QueueHandler {
  return {
    run: async () => {
      try {
        const pruned = await pruneExpired(deps.db, deps.settings);
        const relatorios = await removeExpiredReportFiles(deps.db, deps.storage);
        const downloads = await removeExpiredDownloads(deps.db, deps.storage);
        const mail = await deps.mailer.retryFailed();
        deps.log.info({ pruned: { ...pruned, arquivosRelatorio: relatorios, downloads: downloads.offers, arquivosDownload: downloads.files }, mail }, 'housekeeping');
      } finally {
        await scheduleHousekeeping(deps.db, deps.settings.housekeepingEveryMinutes);
      }
    },
    giveUp: async () => {},
  };
}
