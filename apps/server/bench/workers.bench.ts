import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createThrowawayDatabase, openDb, type OpenDb, seedDemo, seedReference } from '@concilia/db';
import { addDays } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createIngestion } from '../src/ingest/ingestion';
import { type GeneratedFile, writeScenarioFiles } from '../src/ingest/synthetic-files';
import { count, rate, secs } from './bench-support';

/**
 * npm run bench:workers [-- --vendas N --processos 1,2 --partes 4] — the same load and reconciliation done by 1, then
 * 2 separate worker processes (`npm run worker`, apps/server/src/worker-main.ts) against one PostgreSQL (issue 22,
 * "scale beyond one machine"): N generated sales of the demo's Cielo establishment, cut into `partes` periods, each a
 * Cielo v15 file and a customer file, all received first (registered and queued, nothing loaded), then the worker
 * processes started and timed until the queue holds nothing ready. Each count of processes runs on a database of its
 * own. Needs BENCH_DATABASE_URL (or TEST_DATABASE_URL): PGlite is one process's database.
 */

const { values } = parseArgs({ options: { vendas: { type: 'string' }, processos: { type: 'string' }, partes: { type: 'string' } } });
const SALES = Number(values.vendas ?? 200_000);
const PROCESSES = (values.processos ?? '1,2').split(',').map(Number);
const PARTS = Number(values.partes ?? 4);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.error('bench:workers precisa de um PostgreSQL: defina BENCH_DATABASE_URL (ou TEST_DATABASE_URL).');
  process.exit(2);
}
/** the demo's Cielo establishment, registered to the unit 'Pão Quente - Centro' */
const EC = '1023456789';
const FIRST_DAY = '2026-06-01';
const DAYS_PER_PART = 7;
/** queues a worker keeps a scheduled job in whatever the load: not part of the work measured */
const BACKGROUND = ['manutencao', 'relatorios-agendados', 'integracoes-agendadas', 'arquivos-atrasados'];
const WORKER = path.resolve(import.meta.dirname, '../src/worker-main.ts');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-bench-workers-'));
const files: GeneratedFile[] = [];
for (let p = 0; p < PARTS; p++) {
  const startDate = addDays(FIRST_DAY, p * DAYS_PER_PART);
  files.push(...await writeScenarioFiles({
    dir: path.join(work, `parte-${p}`),
    layouts: ['cielo-v15', 'cliente-csv'],
    scenario: { sales: Math.round(SALES / PARTS), seed: 11 + p, merchants: [EC], startDate, days: DAYS_PER_PART },
    fileDate: addDays(startDate, DAYS_PER_PART),
    sequence: p + 1,
  }));
}

async function scalar(open: OpenDb, q: string): Promise<number> {
  const r = (await open.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] };
  return Number(Object.values(r.rows[0]!)[0]);
}

const READY = `SELECT count(*) FROM jobs WHERE state IN ('pending', 'running') AND run_at <= now()
  AND queue NOT IN (${BACKGROUND.map((q) => `'${q}'`).join(', ')})`;

async function run(processes: number): Promise<{ ms: number; lines: number; pairs: number; jobs: number }> {
  const db = await createThrowawayDatabase(pgUrl!, 'benchwrk');
  const filesDir = path.join(work, `files-${processes}`);
  const open = await openDb(db.url, { afterMigrate: seedReference });
  const children: ChildProcess[] = [];
  try {
    await seedDemo(open.db);
    const unit = await scalar(open, `SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    // this process only registers and queues: the loads are the worker processes' to take
    const ingestion = createIngestion({ open, log: pino({ level: 'silent' }), filesDir, workers: 0 });
    for (const f of files) {
      await ingestion.receive({ source: fs.createReadStream(f.path), name: path.basename(f.path), origem: 'CLI', codpessoa: unit });
    }
    await ingestion.stop();
    const t0 = performance.now();
    for (let i = 0; i < processes; i++) {
      children.push(spawn(process.execPath, ['--import', 'tsx', WORKER], {
        env: { ...process.env, DATABASE_URL: db.url, FILES_DIR: filesDir, INGEST_WORKERS: '1', LOG_LEVEL: 'warn', METRICS_PORT: '', SEED_DEMO: 'false' },
        stdio: ['ignore', 'ignore', 'inherit'],
      }));
    }
    // the queue is empty of ready work once every load and every matching window it queued has run
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      if ((await scalar(open, READY)) === 0) break;
      if (children.some((c) => c.exitCode !== null)) throw new Error('um processo de worker terminou antes da fila esvaziar');
    }
    const ms = performance.now() - t0;
    return {
      ms,
      lines: await scalar(open, 'SELECT (SELECT count(*) FROM linhas_cliente) + (SELECT count(*) FROM linhas_operadora)'),
      pairs: await scalar(open, 'SELECT count(*) FROM conciliacoes_venda'),
      jobs: await scalar(open, `SELECT count(*) FROM jobs WHERE state = 'done'`),
    };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))));
    await open.close();
    await db.drop();
  }
}

console.log(`bench:workers: ${count(SALES)} vendas em ${PARTS} períodos (${files.length} arquivos), processos ${PROCESSES.join(' e ')}, carga da máquina ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const results: { processes: number; ms: number; lines: number; pairs: number; jobs: number }[] = [];
for (const n of PROCESSES) {
  const r = await run(n);
  results.push({ processes: n, ...r });
  console.log(`  ${n} processo(s): ${secs(r.ms)} s (${rate(r.lines, r.ms)} linhas/s; ${count(r.lines)} linhas, ${count(r.pairs)} pares, ${count(r.jobs)} tarefas)`);
}
fs.rmSync(work, { recursive: true, force: true });
const base = results[0]!;
for (const r of results.slice(1)) {
  console.log(`  aceleração de ${r.processes} processos sobre ${base.processes}: ${(base.ms / r.ms).toFixed(2)}× (o tempo inclui a partida de cada processo, ~2 s); ${os.cpus().length} núcleos nesta máquina, carga ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}
