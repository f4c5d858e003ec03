import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase, openDb, seedDemo, type OpenDb } from '@concilia/db';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, startWorkers } from '../src/jobs/job-queue';
import { createIngestion } from '../src/ingest/ingestion';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { createTestApp, engines, type TestApp } from './harness';

/**
 * Graceful shutdown: a stopping worker takes no new job, lets the one under way finish within the grace
 * period, and otherwise hands it back to the queue at once — for another worker, without spending an attempt —
 * so a deploy or a scale-down in the middle of a load loses nothing.
 */
const quiet = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(engines())('stopping the queue workers on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  async function job(id: number) {
    const [row] = await t.exec(`SELECT state, attempts, locked_by FROM jobs WHERE id = ${id}`);
    return row as { state: string; attempts: number; locked_by: string | null };
  }

  it('a job that ends within the grace period ends normally; none is taken after the stop', async () => {
    const ran: number[] = [];
    const workers = startWorkers({
      db: t.db, log: quiet, pollMs: 20,
      handlers: { lento: { run: async (j) => { ran.push(j.id); await sleep(300); }, giveUp: async () => {} } },
    });
    const first = await enqueue(t.db, 'lento', {});
    workers.kick();
    await expect.poll(async () => (await job(first)).state).toBe('running');
    const stopping = workers.stop({ graceMs: 5000 });
    const second = await enqueue(t.db, 'lento', {});
    await stopping;
    expect(await job(first)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await job(second)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(ran).toEqual([first]);
    await t.exec(`DELETE FROM jobs WHERE queue = 'lento'`);
  });

  it('a job still running when the grace period ends goes back to the queue at once, its attempt not counted', async () => {
    let finishLate!: () => void;
    const late = new Promise<void>((r) => (finishLate = r));
    const workers = startWorkers({
      db: t.db, log: quiet, pollMs: 20,
      handlers: { demorado: { run: () => late, giveUp: async () => {} } },
    });
    const id = await enqueue(t.db, 'demorado', {});
    workers.kick();
    await expect.poll(async () => (await job(id)).state).toBe('running');
    const t0 = performance.now();
    await workers.stop({ graceMs: 200 });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(await job(id)).toEqual({ state: 'pending', attempts: 0, locked_by: null });
    // the handed-back run ending later (here: the process closing its connection) changes nothing
    finishLate();
    await sleep(100);
    expect(await job(id)).toEqual({ state: 'pending', attempts: 0, locked_by: null });
    await t.exec(`DELETE FROM jobs WHERE queue = 'demorado'`);
  });
});

// Processes of their own on one PostgreSQL database: the worker that is told to stop is a real `npm run worker`.
if (process.env.TEST_DATABASE_URL) describe('SIGTERM to a worker in the middle of a file load (PostgreSQL)', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let open: OpenDb;
  let dir: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'stop');
    open = await openDb(throwaway.url);
    await seedDemo(open.db);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-stop-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await open?.close();
    await throwaway?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the file goes back to the queue at once, and another worker loads it whole: every line once', async () => {
    const filesDir = path.join(dir, 'arquivos');
    const [generated] = await writeScenarioFiles({ dir, layouts: ['cielo-v15'], scenario: { sales: 60_000, seed: 3, days: 20, startDate: '2026-09-01' } });
    // this process only receives (no workers); the child is the only worker
    const receiving = createIngestion({ open, log: quiet, filesDir, workers: 0 });
    const { codarquivo } = await receiving.receive({ source: fs.readFileSync(generated!.path), name: path.basename(generated!.path), origem: 'CLI' });

    let errors = '';
    const worker = () => {
      const p = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker-main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATABASE_URL: throwaway.url, FILES_DIR: filesDir, INGEST_WORKERS: '1', SHUTDOWN_GRACE_SECONDS: '0', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      p.stderr!.on('data', (d) => (errors += d));
      p.stdout!.on('data', (d) => (errors += d));
      return { process: p, exited: new Promise<number | null>((r) => p.once('exit', (code) => r(code))) };
    };
    const first = worker();
    child = first.process;
    const exited = first.exited;
    const state = async () => (await open.pool!.query('SELECT state, attempts, locked_by FROM jobs WHERE queue = $1', ['ingest'])).rows[0];
    await expect.poll(async () => (await state())?.state, { timeout: 30_000, interval: 20 }).toBe('running');
    child.kill('SIGTERM');
    expect(await exited, errors).toBe(0);

    expect(await state()).toEqual({ state: 'pending', attempts: 0, locked_by: null });
    const lines = async () => Number((await open.pool!.query('SELECT count(*) AS n FROM linhas_operadora WHERE codarquivo = $1', [codarquivo])).rows[0].n);

    // another worker process takes it
    const second = worker();
    child = second.process;
    const file = async () => (await open.pool!.query('SELECT status, linhas FROM arquivos WHERE codarquivo = $1', [codarquivo])).rows[0];
    await expect.poll(async () => (await state())?.state, { timeout: 60_000, interval: 100 }).toBe('done');
    expect((await file()).status).toMatch(/^PROCESSADO/);
    // the reconciliation the load queued is not this test's subject: handed back as well
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const loaded = await file();
    expect(await lines()).toBe(loaded.linhas);
    expect(loaded.linhas).toBeGreaterThan(60_000);
  }, 120_000);
});
