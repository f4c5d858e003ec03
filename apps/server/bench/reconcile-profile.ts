import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createThrowawayDatabase, openDb, type RawTransaction, seedDemo, withRawTransaction } from '@concilia/db';
import { sql } from 'drizzle-orm';
import { folderStorage } from '../src/ingest/file-storage';
import { ingestFile } from '../src/ingest/ingest-file';
import { receiveFile } from '../src/ingest/receive-file';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { DEFAULT_TOLERANCE_CENTAVOS, MATCH_QUEUE, reconcileWindow } from '../src/reconcile/match-queue';

/**
 * Where the reconciliation of a window spends its time, statement by statement (issue "Performance").
 *
 *   node --import tsx apps/server/bench/reconcile-profile.ts --vendas 100000 [--explain] [--keep]
 *   node --import tsx apps/server/bench/reconcile-profile.ts --db postgres://…/benchprof_x [--explain]
 *
 * Loads the bench's scenario (Cielo v15 + customer file) with no worker running, so the reconciliation jobs stay
 * queued; then runs them in queue order, as the worker would, through a transaction that times every statement
 * and, with --explain, first runs it under EXPLAIN (ANALYZE, BUFFERS) in a savepoint it rolls back. With --db the
 * load is skipped and the database's reconciliation output is cleared first, so the same lines can be profiled
 * again after a change; --keep leaves a new database in place for that.
 */

const { values } = parseArgs({ options: {
  vendas: { type: 'string' }, db: { type: 'string' }, explain: { type: 'boolean' }, keep: { type: 'boolean' }, min: { type: 'string' },
} });
const SALES = Number(values.vendas ?? 100_000);
/** statements faster than this are not listed */
const MIN_MS = Number(values.min ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl && !values.db) throw new Error('BENCH_DATABASE_URL or --db');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-prof-'));

let url = values.db ?? '';
let drop = async () => {};
if (!values.db) {
  const db = await createThrowawayDatabase(adminUrl!, 'benchprof');
  url = db.url;
  drop = db.drop;
}
const open = await openDb(url);
const exec = async <T>(q: string) => ((await open.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;

function profiled(tx: RawTransaction, out: { ms: number; text: string; plan?: string }[]): RawTransaction {
  return {
    copyFrom: (t, c, r) => tx.copyFrom(t, c, r),
    async query<R>(text: string, params: unknown[] = []) {
      let plan: string | undefined;
      if (values.explain && /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)/i.test(text)) {
        await tx.query('SAVEPOINT perfil');
        const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
        await tx.query('ROLLBACK TO SAVEPOINT perfil');
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      const t0 = performance.now();
      const rows = await tx.query<R>(text, params);
      out.push({ ms: performance.now() - t0, text, plan });
      return rows;
    },
  };
}

try {
  if (!values.db) {
    await seedDemo(open.db);
    const [unit] = await exec<{ codpessoa: number }>(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    const files = await writeScenarioFiles({
      dir: work, layouts: ['cielo-v15', 'cliente-csv'], fileDate: '2026-07-01',
      scenario: { sales: SALES, seed: 7, merchants: ['1023456789'], startDate: '2026-06-01', days: 30 },
    });
    const deps = { open, storage: folderStorage(path.join(work, 'files')) };
    for (const f of files) {
      const r = await receiveFile(deps, { source: fs.createReadStream(f.path), name: path.basename(f.path), origem: 'CLI', codpessoa: Number(unit!.codpessoa) });
      const t0 = performance.now();
      await ingestFile(deps, r.codarquivo);
      console.log(`carga ${path.basename(f.path)}: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    }
  } else {
    await exec(`TRUNCATE conciliacoes_venda, pagamentos_previstos, auditoria_taxas, resumo_vendas_dia, resumo_pagamentos_dia`);
  }
  const jobs = await exec<{ payload: { de: string; ate: string; somenteVendas?: boolean } }>(
    `SELECT payload FROM jobs WHERE queue = '${MATCH_QUEUE}' ORDER BY id`);
  for (const job of jobs) {
    const { de, ate, somenteVendas } = job.payload;
    const mode = somenteVendas ? 'vendas' : 'tudo';
    const log: { ms: number; text: string; plan?: string }[] = [];
    const t0 = performance.now();
    const r = await withRawTransaction(open, (tx) => reconcileWindow(profiled(tx, log), { de, ate }, { toleranceCentavos: DEFAULT_TOLERANCE_CENTAVOS }, mode));
    console.log(`\n=== janela ${de}..${ate} (${mode}): ${((performance.now() - t0) / 1000).toFixed(2)} s  passos ${JSON.stringify(r.ms)}`);
    for (const q of log) {
      if (q.ms < MIN_MS) continue;
      console.log(`\n--- ${q.ms.toFixed(0)} ms: ${q.text.replace(/\s+/g, ' ').slice(0, 160)}`);
      if (q.plan) console.log(q.plan);
    }
  }
  if (values.keep && !values.db) console.log(`\nbanco mantido: ${url}`);
} finally {
  await open.close();
  if (!values.keep) await drop();
  fs.rmSync(work, { recursive: true, force: true });
}
