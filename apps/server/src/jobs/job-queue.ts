import os from 'node:os';
import type { Db } from '@concilia/db';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';

/**
 * A job queue in PostgreSQL (table `jobs`), shared by every worker process: a worker claims the oldest ready
 * job with FOR UPDATE SKIP LOCKED, so two workers never take the same one, and holds it under a lease. A
 * worker that dies (crash, kill) stops renewing the lease; when it expires the job is ready again and another
 * worker retries it. A job that fails is retried with back-off until its attempts run out; then its queue's
 * `giveUp` records the failure where users see it.
 */

export interface Job {
  id: number;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export interface QueueHandler {
  run(job: Job): Promise<void>;
  /** after the last attempt failed (or a dead worker's lease expired on it) */
  giveUp(job: Job, error: string): Promise<void>;
}

type Executor = Pick<Db, 'execute'>;

export async function enqueue(db: Executor, queue: string, payload: Record<string, unknown>, opts: { maxAttempts?: number } = {}): Promise<number> {
  const r = (await db.execute(sql`
    INSERT INTO jobs (queue, payload, max_attempts) VALUES (${queue}, ${JSON.stringify(payload)}::jsonb, ${opts.maxAttempts ?? 3})
    RETURNING id`)) as unknown as { rows: { id: string | number }[] };
  return Number(r.rows[0]!.id);
}

/**
 * A recurring job's next run, queued unless one is already waiting (or, with includeRunning, under way): one run
 * pending at a time however many processes ask, because an advisory lock (`lock`, the queue's own) puts the
 * askers in line. Each run schedules the next (housekeeping, the late-file check).
 */
export async function scheduleOnce(db: Db, queue: string, lock: bigint, inMinutes: number, opts: { includeRunning?: boolean } = {}): Promise<boolean> {
  const states = opts.includeRunning ? sql`('pending', 'running')` : sql`('pending')`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lock.toString()}::bigint)`);
    const inserted = rowsOf<{ id: number }>(await tx.execute(sql`
      INSERT INTO jobs (queue, payload, run_at, max_attempts)
      SELECT ${queue}, '{}'::jsonb, now() + make_interval(mins => ${inMinutes}), 1
      WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE queue = ${queue} AND state IN ${states})
      RETURNING id`));
    return inserted.length > 0;
  });
}

/**
 * The handler of a dispatcher queue (the report and integration schedules): each run does `dispatch` and queues the
 * next run `everyMinutes` later through scheduleOnce, even when this one failed, so the dispatcher never stops.
 */
export function recurringDispatcher(
  db: Db, queue: string, lock: bigint, everyMinutes: number, dispatch: () => Promise<number>, dispatched: (n: number) => void,
): QueueHandler {
  return {
    run: async () => {
      try {
        const n = await dispatch();
        if (n) dispatched(n);
      } finally {
        await scheduleOnce(db, queue, lock, everyMinutes);
      }
    },
    giveUp: async () => {},
  };
}

/** Seconds before attempt n + 1 of a failed job: 2^n, half of it fixed and half random. */
export function retryDelaySeconds(attempts: number, random = Math.random): number {
  const base = 2 ** attempts;
  return base / 2 + random() * (base / 2);
}

function rowsOf<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}

export interface WorkerOptions {
  db: Db;
  log: Logger;
  handlers: Record<string, QueueHandler>;
  /** jobs run at the same time by this process */
  concurrency?: number;
  /** how long a claimed job stays reserved without a renewal */
  leaseSeconds?: number;
  /** told how each run ended and how long it took (metrics) */
  onJobDone?: (job: Job, seconds: number, outcome: 'done' | 'retry' | 'failed') => void;
  /** pause between polls when the queue is empty */
  pollMs?: number;
  /** queues always holding a scheduled job (housekeeping): drain() does not wait for them */
  background?: string[];
}

export interface Workers {
  /** wakes the workers now (a job was just queued by this process) */
  kick(): void;
  /** resolves when no job is ready or running in this process's queues (tests, CLI, seed) */
  drain(): Promise<void>;
  /**
   * Stops taking jobs and waits for those under way; with graceMs, waits that long at most, then hands the
   * unfinished ones back to the queue (graceful shutdown).
   */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

export function startWorkers(opts: WorkerOptions): Workers {
  const { db, log, handlers } = opts;
  const queues = Object.keys(handlers);
  const drained = queues.filter((q) => !opts.background?.includes(q));
  const lease = opts.leaseSeconds ?? 60;
  const pollMs = opts.pollMs ?? 1000;
  const workerId = `${os.hostname()}:${process.pid}`;
  let stopped = false;
  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const w of sleepers) w();
  };
  const running = new Set<Promise<void>>();

  async function claim(): Promise<Job | null> {
    const rows = rowsOf<{ id: string; queue: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(
      await db.execute(sql`
        UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = ${workerId},
          locked_until = now() + make_interval(secs => ${lease})
        WHERE id = (
          SELECT id FROM jobs
          WHERE queue IN ${queues} AND (
            (state = 'pending' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
          ORDER BY run_at, id
          FOR UPDATE SKIP LOCKED
          LIMIT 1)
        RETURNING id, queue, payload, attempts, max_attempts`),
    );
    const r = rows[0];
    return r ? { id: Number(r.id), queue: r.queue, payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts } : null;
  }

  /** jobs this process is running now: a shutdown that cannot wait for them hands them back */
  const current = new Set<number>();
  const released = new Set<number>();

  async function execute(job: Job): Promise<void> {
    const handler = handlers[job.queue]!;
    if (job.attempts > job.maxAttempts) {
      // a lease expired on the last attempt: the worker died while running it
      await handler.giveUp(job, 'lease expired on the last attempt');
      await db.execute(sql`UPDATE jobs SET state = 'failed', finished_at = now(), locked_until = NULL WHERE id = ${job.id} AND locked_by = ${workerId}`);
      return;
    }
    const renew = setInterval(() => {
      void db.execute(sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${lease}) WHERE id = ${job.id} AND locked_by = ${workerId}`)
        .catch((e: unknown) => log.warn({ err: e, job: job.id }, 'job lease renewal failed'));
    }, (lease * 1000) / 3);
    const started = performance.now();
    const done = (outcome: 'done' | 'retry' | 'failed') => opts.onJobDone?.(job, (performance.now() - started) / 1000, outcome);
    try {
      await handler.run(job);
      await db.execute(sql`UPDATE jobs SET state = 'done', finished_at = now(), locked_until = NULL, last_error = NULL WHERE id = ${job.id} AND locked_by = ${workerId}`);
      done('done');
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      log.error({ err: e, job: job.id, queue: job.queue, attempt: job.attempts }, 'job failed');
      if (job.attempts >= job.maxAttempts) {
        await handler.giveUp(job, error);
        await db.execute(sql`UPDATE jobs SET state = 'failed', finished_at = now(), locked_until = NULL, last_error = ${error} WHERE id = ${job.id} AND locked_by = ${workerId}`);
        done('failed');
      } else {
        // equal jitter: jobs that failed together (a database hiccup) do not all come back in the same second
        const backoff = retryDelaySeconds(job.attempts);
        await db.execute(sql`UPDATE jobs SET state = 'pending', locked_until = NULL, last_error = ${error},
          run_at = now() + make_interval(secs => ${backoff}) WHERE id = ${job.id} AND locked_by = ${workerId}`);
        done('retry');
      }
    } finally {
      clearInterval(renew);
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let job: Job | null = null;
      try {
        job = await claim();
      } catch (e) {
        if (stopped) return;
        log.error({ err: e }, 'job claim failed');
      }
      if (job) {
        current.add(job.id);
        await execute(job)
          .catch((e: unknown) => { if (!released.has(job.id)) log.error({ err: e, job: job.id }, 'job bookkeeping failed'); })
          .finally(() => current.delete(job.id));
        continue;
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          sleepers.delete(done);
          resolve();
        };
        const t = setTimeout(done, pollMs);
        sleepers.add(done);
      });
    }
  }

  for (let i = 0; i < (opts.concurrency ?? 1); i++) {
    const p = loop();
    running.add(p);
    void p.finally(() => running.delete(p));
  }

  async function busy(): Promise<boolean> {
    const rows = rowsOf<{ n: string | number }>(await db.execute(sql`
      SELECT count(*) AS n FROM jobs WHERE queue IN ${drained} AND state IN ('pending', 'running')`));
    return Number(rows[0]!.n) > 0;
  }

  return {
    kick: wakeAll,
    async drain() {
      while (await busy()) {
        wakeAll();
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop(opts = {}) {
      stopped = true;
      wakeAll();
      if (opts.graceMs === undefined) {
        await Promise.all(running);
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        Promise.all(running).then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), opts.graceMs))),
      ]);
      clearTimeout(timer);
      if (finished || current.size === 0) return;
      // Out of time: the jobs under way go back to the queue now, ready for any other worker (not after their
      // lease), without counting as an attempt. Their work in this process is rolled back when it closes its
      // connections: a load is one transaction, so nothing half-written stays.
      const ids = [...current];
      for (const id of ids) released.add(id);
      await db.execute(sql`UPDATE jobs SET state = 'pending', locked_until = NULL, locked_by = NULL, run_at = now(),
        attempts = greatest(attempts - 1, 0) WHERE id IN ${ids} AND locked_by = ${workerId} AND state = 'running'`);
      // A statement under way keeps running on the server after this process exits, holding its locks until it
      // ends: this process's other sessions end now, so their transactions roll back and the jobs are free at once.
      await db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = current_setting('application_name') AND application_name LIKE 'concilia:%' AND pid <> pg_backend_pid()`)
        .catch((e: unknown) => log.warn({ err: e }, 'shutdown: could not end the sessions of the jobs handed back'));
      log.warn({ jobs: ids }, 'shutdown: jobs under way handed back to the queue');
    },
  };
}
