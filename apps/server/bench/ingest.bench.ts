import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { arquivos, createThrowawayDatabase, linhasOperadora, openDb, type OpenDb, seedReference } from '@concilia/db';
import { layoutById, readLines } from '@concilia/engine';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { pino } from 'pino';
import { ingestFile } from '../src/ingest/ingest-file';
import { createIngestion } from '../src/ingest/ingestion';
import { OPERATOR_LINE_COLUMNS } from '../src/ingest/line-rows';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { loadAverage, mb, peakRss, rate, secs, type Timed, timed } from './bench-support';

/**
 * npm run bench:ingest [-- --vendas N] [--engines postgres,pglite] [--conciliar] [--sql FILE] [--rodadas 3] — ingestion of a generated
 * Cielo v15 file against floors measured in the same run on the same machine:
 *   - read + line split of the file in Node (the least any parser must do), vs the Cielo v15 parse (best of --rodadas
 *     runs of each, taken in turn);
 *   - COPY of the very rows the ingestion loaded into an unindexed table with the same columns, vs the whole
 *     ingestion (store + hash + detect + parse + identity + COPY + indexes + commit);
 *   - peak RSS of this process while ingesting.
 * The ingestion is timed up to its commit and no further: the load queues the reconciliation of the days it
 * brought (sales matching, bank check), which is no part of it. Waiting for the workers to drain, as this bench
 * once did, put the reconciliation of the whole file inside "ingestion" — and it grows faster than the file.
 * --conciliar runs that reconciliation afterwards and times it apart.
 * --sql FILE runs the file's statements (`;`-separated) on the throwaway database after its schema and before the
 * load: a proposed index change is measured end to end, and the indexed floor (LIKE … INCLUDING ALL) follows it.
 * The indexes the line table had are listed with the figures.
 * With the PostgreSQL server on this machine, the CPU of its backends (read from /proc) is given beside the wall times,
 * and the ratios again in CPU: on a machine shared with other work, wall times move with its load; CPU does not.
 * PostgreSQL runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server; PGlite always.
 * Targets (issue 4): parse ≥ 50% of read+split; ingestion ≤ 1.5× the COPY floor on PostgreSQL;
 * peak RSS ≤ 400 MB for a 1 GB file.
 */

const { values } = parseArgs({ options: {
  vendas: { type: 'string' }, engines: { type: 'string' }, rodadas: { type: 'string' }, conciliar: { type: 'boolean' }, sql: { type: 'string' },
} });
const extraSql = values.sql ? fs.readFileSync(values.sql, 'utf8') : null;
const SALES = Number(values.vendas ?? 1_000_000);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
const engines = (values.engines ?? (pgUrl ? 'postgres,pglite' : 'pglite')).split(',');
const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-bench-'));
console.log(`Gerando arquivo Cielo v15 com ${SALES.toLocaleString('pt-BR')} vendas…`);
const gen = await timed(() => writeScenarioFiles({
  dir: work, layouts: ['cielo-v15'], scenario: { sales: SALES, seed: 11, startDate: '2026-09-01', days: 30 }, fileDate: '2026-10-01',
}));
const file = gen.value[0]!.path;
const bytes = gen.value[0]!.bytes;
console.log(`  ${path.basename(file)}: ${mb(bytes)} MB em ${secs(gen.ms)} s`);

// The parser against its floor, each the best of ROUNDS runs taken in turn: a single run of either moves by a
// fifth with the machine's other work (40–58 % for the same code), and taking turns gives both the same moments.
const ROUNDS = Number(values.rodadas ?? 3);
const cielo = layoutById('CIELO_V15');
const parseBatches = cielo.parseBatches?.bind(cielo);
if (!parseBatches) throw new Error('CIELO_V15 has no parseBatches');
const readFile = () => fs.createReadStream(file, { highWaterMark: 256 * 1024 });
const runs: Record<'split' | 'parse' | 'parseItems', Timed<number>[]> = { split: [], parse: [], parseItems: [] };
for (let round = 0; round < ROUNDS; round++) {
  // Floor 1: read + split into lines, the same reader every parser runs on.
  runs.split.push(await timed(async () => {
    let n = 0;
    for await (const _ of readLines(readFile())) n++;
    return n;
  }));
  // The parser as the ingestion runs it: in arrays of items per chunk when the layout offers them (parseBatches)
  runs.parse.push(await timed(async () => {
    let n = 0;
    for await (const items of parseBatches(readFile())) {
      for (const item of items) if (item.kind === 'error') throw new Error(item.message);
      n += items.length;
    }
    return n;
  }));
  // and item by item, as any other caller of `parse` gets them
  runs.parseItems.push(await timed(async () => {
    let n = 0;
    for await (const item of cielo.parse(readFile())) {
      if (item.kind === 'error') throw new Error(item.message);
      n++;
    }
    return n;
  }));
}
const best = (list: Timed<number>[]) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
const split = best(runs.split);
const parse = best(runs.parse);
const parseItems = best(runs.parseItems);
const allRuns = (list: Timed<number>[]) => list.map((r) => secs(r.ms)).join(', ');
const lines = split.value;
const parseLoad = loadAverage();

interface EngineResult {
  engine: string;
  ingestMs: number;
  /** receive: store byte-exact + SHA-256 + detect + register */
  receiveMs: number;
  /** the load job: parse + identity + COPY + indexes + commit */
  loadMs: number;
  /** CPU time of this process (user + system) while ingesting: the pipeline's own work, apart from PostgreSQL's */
  cpuMs: number;
  /** CPU of this database's PostgreSQL backends while ingesting (null on PGlite, or a server on another machine) */
  pgCpuMs: number | null;
  /** the reconciliation the load queued (--conciliar), timed after the ingestion */
  reconcileMs: number | null;
  rows: number;
  /** the line table's indexes during the load */
  indexes: string[];
  floor: Floors;
  peakRss: number;
}

/**
 * CPU (user + system, ms) the PostgreSQL backends `pids` have used since they started, read from /proc: the server's
 * share of the work, which — unlike wall time — the other processes of a shared machine do not move. Null when the
 * server is not on this machine (or /proc is not readable).
 */
function backendCpuMs(pids: number[]): Map<number, number> | null {
  const out = new Map<number, number>();
  try {
    for (const pid of pids) {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * (1000 / 100));
    }
  } catch {
    return null;
  }
  return out;
}

/** The CPU the backends of `after` spent since `before` (a backend absent from `before` counts from its start). */
function cpuSince(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let ms = 0;
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
  return ms;
}

interface Floors {
  /** PostgreSQL CPU of each COPY (null when the server is not on this machine) */
  plainCpu: number | null;
  indexedCpu: number | null;
  /** COPY into an unindexed table with the same columns */
  plain: number;
  /** COPY into a copy of the line table with its own indexes (what any load into it pays) */
  indexed: number;
}

async function copyFloorPostgres(url: string): Promise<Floors> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const dump = path.join(work, 'rows.copy');
    const cols = OPERATOR_LINE_COLUMNS.join(', ');
    await pipeline(client.query(copyTo(`COPY (SELECT ${cols} FROM linhas_operadora) TO STDOUT`)), fs.createWriteStream(dump));
    await client.query(`CREATE TABLE piso AS SELECT ${cols} FROM linhas_operadora WITH NO DATA`);
    await client.query('CREATE TABLE piso_indexado (LIKE linhas_operadora INCLUDING ALL)');
    const pid = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
    const copyInto = async (table: string) => {
      const cpu0 = backendCpuMs([pid]);
      const run = await timed(async () => {
        await client.query('BEGIN');
        await pipeline(fs.createReadStream(dump, { highWaterMark: 256 * 1024 }), client.query(copyFrom(`COPY ${table} (${cols}) FROM STDIN`)));
        await client.query('COMMIT');
      });
      return { ms: run.ms, cpu: cpuSince(cpu0, backendCpuMs([pid])) };
    };
    const plain = await copyInto('piso');
    const indexed = await copyInto('piso_indexado');
    fs.rmSync(dump);
    return { plain: plain.ms, indexed: indexed.ms, plainCpu: plain.cpu, indexedCpu: indexed.cpu };
  } finally {
    await client.end();
  }
}

async function copyFloorPglite(open: OpenDb): Promise<Floors> {
  const cols = OPERATOR_LINE_COLUMNS.join(', ');
  const dumped = await open.pglite!.query(`COPY (SELECT ${cols} FROM linhas_operadora) TO '/dev/blob'`);
  const blob = dumped.blob!;
  await open.pglite!.query(`CREATE TABLE piso AS SELECT ${cols} FROM linhas_operadora WITH NO DATA`);
  await open.pglite!.query('CREATE TABLE piso_indexado (LIKE linhas_operadora INCLUDING ALL)');
  const pglite = open.pglite!;
  const copyInto = (table: string) => timed(async () => {
    await pglite.exec('BEGIN');
    await pglite.query(`COPY ${table} (${cols}) FROM '/dev/blob'`, [], { blob });
    await pglite.exec('COMMIT');
  });
  const plain = await copyInto('piso');
  const indexed = await copyInto('piso_indexado');
  return { plain: plain.ms, indexed: indexed.ms, plainCpu: null, indexedCpu: null };
}

async function runEngine(engine: string): Promise<EngineResult> {
  let url: string;
  let drop = async () => {};
  if (engine === 'postgres') {
    if (!pgUrl) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL is needed for PostgreSQL');
    const db = await createThrowawayDatabase(pgUrl, 'bench');
    url = db.url;
    drop = db.drop;
  } else {
    url = path.join(work, 'pglite');
  }
  const open = await openDb(url);
  try {
    await seedReference(open.db);
    if (extraSql) {
      for (const statement of extraSql.split(/;\s*(?:\n|$)/).map((q) => q.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean)) {
        await open.db.execute(sql.raw(statement));
      }
    }
    const indexes = ((await open.db.execute(sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'linhas_operadora' ORDER BY indexname`)) as unknown as {
      rows: { indexdef: string }[];
    }).rows.map((r) => r.indexdef.replace(/ ON public\.linhas_operadora USING/, ''));
    const filesDir = path.join(work, `files-${engine}`);
    // no workers: the load is run here, so that what it queues (the reconciliation) does not run inside the timing
    const ingestion = createIngestion({ open, log, filesDir, workers: 0 });
    const backends = async () => ((await open.db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)) as unknown as {
      rows: { pid: number }[];
    }).rows.map((r) => Number(r.pid));
    const pg0 = engine === 'postgres' ? backendCpuMs(await backends()) : null;
    const cpu0 = process.cpuUsage();
    const run = await peakRss(async () => {
      const received = await timed(() => ingestion.receive({
        source: fs.createReadStream(file, { highWaterMark: 256 * 1024 }), name: path.basename(file), origem: 'CLI',
      }));
      const { codarquivo } = received.value;
      // the ingest job the receive queued is the one this call runs: taken off the queue so no worker loads the file again
      await open.db.execute(sql`DELETE FROM jobs WHERE queue = 'ingest' AND payload->>'codarquivo' = ${String(codarquivo)}`);
      const loaded = await timed(() => ingestFile({ open, storage: ingestion.storage }, codarquivo));
      return { codarquivo, receiveMs: received.ms, loadMs: loaded.ms };
    });
    const cpu = process.cpuUsage(cpu0);
    const pgCpuMs = engine === 'postgres' ? cpuSince(pg0, backendCpuMs(await backends())) : null;
    await ingestion.stop();
    const rows = Number((await open.db.select({ n: sql<string>`count(*)` }).from(linhasOperadora))[0]!.n);
    const [status] = await open.db.select({ status: arquivos.status, mensagem: arquivos.mensagem }).from(arquivos)
      .where(eq(arquivos.codarquivo, run.value.codarquivo));
    if (status!.status !== 'PROCESSADO') throw new Error(`file ended in ${status!.status}: ${status!.mensagem}`);
    const floor = engine === 'postgres' ? await copyFloorPostgres(url) : await copyFloorPglite(open);
    let reconcileMs: number | null = null;
    if (values.conciliar) {
      const workers = createIngestion({ open, log, filesDir, workers: 1, pollMs: 20 });
      reconcileMs = (await timed(() => workers.drain())).ms;
      await workers.stop();
    }
    const { receiveMs, loadMs } = run.value;
    return { engine, ingestMs: receiveMs + loadMs, receiveMs, loadMs, cpuMs: (cpu.user + cpu.system) / 1000, pgCpuMs, reconcileMs, rows, indexes, floor, peakRss: run.peak };
  } finally {
    await open.close();
    await drop();
  }
}

const results: EngineResult[] = [];
for (const engine of engines) {
  console.log(`Ingerindo em ${engine}…`);
  results.push(await runEngine(engine));
  console.log(`  carga da máquina (1, 5, 15 min): ${loadAverage()}`);
}
fs.rmSync(work, { recursive: true, force: true });

console.log('');
console.log(`Arquivo: Cielo v15, ${SALES.toLocaleString('pt-BR')} vendas, ${lines.toLocaleString('pt-BR')} linhas, ${mb(bytes)} MB`);
console.log(`Parser e piso: o melhor de ${ROUNDS} rodadas alternadas`);
console.log(`Piso leitura + quebra de linhas: ${secs(split.ms)} s, ${rate(lines, split.ms)} linhas/s, ${mb(bytes / (split.ms / 1000))} MB/s  (rodadas: ${allRuns(runs.split)} s)`);
console.log(`Parser Cielo v15:               ${secs(parse.ms)} s, ${rate(lines, parse.ms)} linhas/s (${parse.value.toLocaleString('pt-BR')} itens, em lotes como a ingestão lê; rodadas: ${allRuns(runs.parse)} s)`);
console.log(`  item a item (parse):          ${secs(parseItems.ms)} s, ${rate(lines, parseItems.ms)} linhas/s (${parseItems.value.toLocaleString('pt-BR')} itens)`);
console.log(`  carga da máquina depois do parser (1, 5, 15 min): ${parseLoad}`);
console.log(`  vazão do parser / piso de leitura = ${((split.ms / parse.ms) * 100).toFixed(0)}%  (meta ≥ 50%)`);
for (const r of results) {
  console.log(`${r.engine}: ingestão ${secs(r.ingestMs)} s (recepção ${secs(r.receiveMs)} s + carga ${secs(r.loadMs)} s), ${r.rows.toLocaleString('pt-BR')} linhas, ${rate(r.rows, r.ingestMs)} linhas/s`);
  console.log(`  CPU deste processo na ingestão (ler, converter, chavear, escrever o COPY): ${secs(r.cpuMs)} s`);
  if (r.pgCpuMs !== null) console.log(`  CPU do PostgreSQL (backends deste banco) na ingestão: ${secs(r.pgCpuMs)} s`);
  console.log(`  piso COPY das mesmas linhas sem índices: ${secs(r.floor.plain)} s, ${rate(r.rows, r.floor.plain)} linhas/s${r.floor.plainCpu === null ? '' : `, CPU do PostgreSQL ${secs(r.floor.plainCpu)} s`}`);
  console.log(`  ingestão / piso COPY = ${(r.ingestMs / r.floor.plain).toFixed(2)}×  (meta ≤ 1,5× no PostgreSQL)`);
  console.log(`  COPY das mesmas linhas numa cópia da tabela com os índices dela: ${secs(r.floor.indexed)} s${r.floor.indexedCpu === null ? '' : `, CPU do PostgreSQL ${secs(r.floor.indexedCpu)} s`}`);
  console.log(`  ingestão / COPY com índices = ${(r.ingestMs / r.floor.indexed).toFixed(2)}×  (o que o pipeline acrescenta ao custo dos índices)`);
  if (r.pgCpuMs !== null && r.floor.plainCpu !== null && r.floor.indexedCpu !== null) {
    // the same ratios in CPU (this process + PostgreSQL, against PostgreSQL's CPU for the bare COPY): what the load of a shared machine does not move
    const total = r.cpuMs + r.pgCpuMs;
    console.log(`  em CPU: ingestão ${secs(total)} s (Node ${secs(r.cpuMs)} + PostgreSQL ${secs(r.pgCpuMs)}) = ${(total / r.floor.plainCpu).toFixed(2)}× o piso sem índices, ${(total / r.floor.indexedCpu).toFixed(2)}× o com índices; PostgreSQL só: ${(r.pgCpuMs / r.floor.plainCpu).toFixed(2)}× e ${(r.pgCpuMs / r.floor.indexedCpu).toFixed(2)}×`);
  }
  console.log(`  índices de linhas_operadora durante a carga (${r.indexes.length}):`);
  for (const i of r.indexes) console.log(`    ${i}`);
  console.log(`  pico de RSS do processo: ${mb(r.peakRss)} MB para ${mb(bytes)} MB de arquivo${r.engine === 'pglite' ? ' (inclui o PostgreSQL embutido)' : ''}`);
  if (r.reconcileMs !== null) console.log(`  conciliação que a carga enfileirou (fora da ingestão): ${secs(r.reconcileMs)} s`);
}
