import type { OpenDb } from '@concilia/db';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of one app (GET /metrics): HTTP latency by GraphQL operation, job durations, lines
 * ingested, and — read from the database at scrape time, so they count every process of the installation —
 * queue depth by queue and state and files by status. One registry per app: tests run many apps in a process.
 */
export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<'route' | 'operation' | 'status'>;
  jobDuration: Histogram<'queue' | 'outcome'>;
  ingestedLines: Counter;
};

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

export function createMetrics(db: OpenDb['db']): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'concilia_' });
  const httpDuration = new Histogram({
    name: 'concilia_http_request_duration_seconds',
    help: 'Duração das requisições HTTP, por rota, operação GraphQL e status',
    labelNames: ['route', 'operation', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'concilia_job_duration_seconds',
    help: 'Duração dos trabalhos da fila executados por este processo, por fila e resultado',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });
  const ingestedLines = new Counter({
    name: 'concilia_ingested_lines_total',
    help: 'Linhas de arquivos carregadas por este processo (rate() dá linhas por segundo)',
    registers: [registry],
  });
  new Gauge({
    name: 'concilia_queue_jobs',
    help: 'Trabalhos na fila, por fila e estado (todos os processos)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ queue: string; state: string; n: number }>(
        await db.execute(sql`SELECT queue, state, count(*)::int AS n FROM jobs GROUP BY queue, state`),
      );
      for (const r of rows) this.set({ queue: r.queue, state: r.state }, Number(r.n));
    },
  });
  new Gauge({
    name: 'concilia_files',
    help: 'Arquivos recebidos, por status (todos os processos)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ status: string; n: number }>(await db.execute(sql`SELECT status, count(*)::int AS n FROM arquivos GROUP BY status`));
      for (const r of rows) this.set({ status: r.status }, Number(r.n));
    },
  });
  return { registry, httpDuration, jobDuration, ingestedLines };
}
