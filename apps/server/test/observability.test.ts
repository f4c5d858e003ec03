import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/http/server';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { createTestApp, engines, type TestApp } from './harness';

/**
 * What an operator's probes and Prometheus see on the real HTTP server: /healthz, /readyz with its checks
 * (and a real outage of the database), /metrics after a request and a job, and the access log line of a
 * request under the id the client was given.
 */
describe.each(engines())('health, readiness, metrics and the access log on %s', (engine) => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // one load worker in the app, so a job runs where its metrics are
    t = await createTestApp(engine, { INGEST_WORKERS: '1', QUEUE_STALE_SECONDS: '60' });
    server = createHttpServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await t?.close();
  });

  it('/healthz answers while the process lives; /readyz says the database, migrations and queue are fine', async () => {
    const health = await fetch(`${base}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', queue: 'ok' } });
  });

  it('after a GraphQL request and a file load, /metrics has their latency, the job duration, lines and files', async () => {
    const answer = await fetch(`${base}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ query: 'query getAppConfig { getAppConfig { botCheck versao } }' }),
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-metrics-'));
    const [file] = await writeScenarioFiles({ dir, layouts: ['cielo-v15'], scenario: { sales: 30, seed: 7, days: 3, startDate: '2026-10-01' } });
    await t.app.services.ingestion.receive({ source: fs.readFileSync(file!.path), name: path.basename(file!.path), origem: 'CLI' });
    await t.app.services.ingestion.drain();
    fs.rmSync(dir, { recursive: true, force: true });

    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/concilia_http_request_duration_seconds_count\{route="\/graphql",operation="getAppConfig",status="200"\} 1\b/);
    expect(metrics).toMatch(/concilia_job_duration_seconds_count\{queue="ingest",outcome="done"\} [1-9]/);
    expect(Number(/concilia_ingested_lines_total (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(30);
    expect(metrics).toMatch(/concilia_files\{status="PROCESSADO(_AVISOS)?"\} 1\b/);
    expect(metrics).toMatch(/concilia_queue_jobs\{queue="ingest",state="done"\} 1\b/);
    expect(metrics).toContain('concilia_process_cpu_user_seconds_total');

    // the access log: one line for that request, under the id its answer carried, naming the operation
    const lines = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request' && l.requestId === requestId);
    expect(lines).toEqual([expect.objectContaining({ method: 'POST', route: '/graphql', operation: 'getAppConfig', status: 200, ms: expect.any(Number) })]);
  });

  it('/readyz reports a queue no worker takes from', async () => {
    await t.exec(`INSERT INTO jobs (queue, payload, run_at) VALUES ('nenhum-processo', '{}', now() - interval '5 minutes')`);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { checks: Record<string, string> };
    expect(body.checks.database).toBe('ok');
    expect(body.checks.queue).toMatch(/^parada: um trabalho espera há \d+ s/);
    await t.exec(`DELETE FROM jobs WHERE queue = 'nenhum-processo'`);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  // a real outage needs a server to stop accepting connections: PostgreSQL only
  if (engine === 'postgres') it('/readyz fails while the database refuses connections, and recovers with it', async () => {
    const name = new URL(String((t.opened.pool as unknown as { options: { connectionString: string } }).options.connectionString)).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const down = await fetch(`${base}/readyz`);
      expect(down.status).toBe(503);
      expect(((await down.json()) as { checks: { database: string } }).checks.database).toMatch(/^inacessível: /);
      // the process itself is alive: the orchestrator must not restart it for this
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 10_000 }).toBe(200);
  });
});
