import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase, openDb, seedDemo } from '@concilia/db';
import { addDays, addMonths, reportByKey } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../src/features/auth/session.service';
import { REPORT_BATCH, runReport } from '../src/reports/report-runner';
import { REPORT_SOURCES } from '../src/reports/sources';
import { count, generateSaleLines, mb, peakRss, rate, secs, timed } from './bench-support';

/**
 * npm run bench:reports — the report runner over BENCH_LINES sale lines of the demo's bakery (1,000,000 by default):
 * 'Vendas informadas pelas operadoras' for the whole year, as CSV and as XLSX, against a floor measured in the same
 * run — the same SELECT read through the same cursor in the same batches and thrown away (what the database and the
 * driver cost) — with the process's peak RSS, which must stay flat however many rows: the files are streamed.
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server, else PGlite in memory.
 */
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const FIRST_DAY = '2025-11-01';
const LAST_DAY = addDays(addMonths(FIRST_DAY, 12), -1);

async function main() {
  const throwaway = pgUrl ? await createThrowawayDatabase(pgUrl, 'bench') : null;
  const open = await openDb(throwaway?.url ?? 'memory://');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-relatorios-'));
  try {
    await seedDemo(open.db);
    const one = async (q: string) => Number(Object.values(((await open.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows[0]!)[0]);
    const padaria = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`);
    const centro = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    const savassi = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Savassi'`);
    console.log(`bench:reports em ${open.engine}: ${count(LINES)} vendas de ${FIRST_DAY} a ${LAST_DAY}`);
    const load = await timed(() => generateSaleLines(open, { centro, savassi, lines: LINES, firstDay: FIRST_DAY }));
    await open.db.execute(sql.raw('ANALYZE linhas_operadora'));
    console.log(`  carga ${secs(load.ms)} s`);

    const def = reportByKey('vendas-operadora')!;
    const source = REPORT_SOURCES[def.key]!;
    const me: SessionUser = { sessionId: 'bench', codusuario: 0, login: 'BENCH', nome: 'Bench', codpessoa: padaria, codpessoapai: 1, codperfil: 0, permitido: true, simuladoPor: null };
    const filtro = { de: FIRST_DAY, ate: LAST_DAY };

    // the floor: the same rows through the same cursor and batches, written nowhere
    const floor = await peakRss(() => timed(() => open.db.transaction(async (tx) => {
      await tx.execute(sql`DECLARE piso NO SCROLL CURSOR FOR ${source(me, filtro)}`);
      let n = 0;
      for (;;) {
        const batch = (await tx.execute(sql.raw(`FETCH FORWARD ${REPORT_BATCH} FROM piso`))) as unknown as { rows: unknown[] };
        n += batch.rows.length;
        if (batch.rows.length < REPORT_BATCH) break;
      }
      return n;
    })));
    const rows = floor.value.value;
    console.log(`  piso (cursor, sem escrever): ${secs(floor.value.ms)} s, ${rate(rows, floor.value.ms)} linhas/s, pico RSS ${mb(floor.peak)} MB`);
    for (const formato of ['csv', 'xlsx'] as const) {
      const r = await peakRss(() => timed(() => runReport(open.db, dir, me, def, source, filtro, formato)));
      const file = r.value.value;
      console.log(`  ${formato.toUpperCase()}: ${count(file.linhas)} linhas, ${mb(file.bytes)} MB em ${secs(r.value.ms)} s (${rate(file.linhas, r.value.ms)} linhas/s), `
        + `${(r.value.ms / floor.value.ms).toFixed(1)}× o piso, pico RSS ${mb(r.peak)} MB`);
      if (file.linhas !== rows) throw new Error(`${formato}: ${file.linhas} linhas, o piso leu ${rows}`);
      fs.rmSync(file.caminho, { force: true });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await open.close();
    await throwaway?.drop();
  }
}

await main();
