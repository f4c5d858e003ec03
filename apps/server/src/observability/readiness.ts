import { type OpenDb, pendingMigrations } from '@concilia/db';
import { sql } from 'drizzle-orm';

export type Readiness = { ready: boolean; checks: { database: string; migrations: string; queue: string } };

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /readyz: may this process take traffic? The database answers, every committed migration is applied,
 * and the queue is alive — no job ready to run has waited longer than `queueStaleSeconds` (that happens when no
 * worker of the installation is taking jobs). Each check says 'ok' or what is wrong, in pt-BR.
 */
export async function readiness(db: OpenDb['db'], opts: { timeoutMs?: number; queueStaleSeconds?: number } = {}): Promise<Readiness> {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const stale = opts.queueStaleSeconds ?? 300;
  const checks = { database: 'ok', migrations: 'não verificado', queue: 'não verificado' };
  try {
    await within(timeoutMs, db.execute(sql`SELECT 1`));
  } catch (e) {
    checks.database = `inacessível: ${String((e as Error)?.message ?? e).split('\n')[0]}`;
    return { ready: false, checks };
  }
  try {
    const pending = await within(timeoutMs, pendingMigrations(db));
    checks.migrations = pending === 0 ? 'ok' : `${pending} migração(ões) pendente(s)`;
    const [oldest] = rowsOf<{ waited: number | null }>(await within(timeoutMs, db.execute(sql`
      SELECT extract(epoch FROM now() - min(run_at))::int AS waited FROM jobs
      WHERE (state = 'pending' AND run_at <= now()) OR (state = 'running' AND locked_until < now())`)));
    const waited = Number(oldest?.waited ?? 0);
    checks.queue = waited > stale ? `parada: um trabalho espera há ${waited} s sem processo que o execute` : 'ok';
  } catch (e) {
    checks.migrations = checks.migrations === 'não verificado' ? `erro: ${String((e as Error)?.message ?? e).split('\n')[0]}` : checks.migrations;
  }
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
