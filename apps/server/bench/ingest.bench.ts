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
import { createIngestion } from '../src/ingest/ingestion';
import { OPERATOR_LINE_COLUMNS } from '../src/ingest/line-rows';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { mb, peakRss, rate, secs, timed } from './bench-support';

/**
 * npm run bench:ingest [-- --vendas N] — ingestion of a generated Cielo v15 file against floors measured in
 * the same run on the same machine:
 *   - read + line split of the file in Node (the least any parser must do), vs the Cielo v15 parse;
 *   - COPY of the very rows the ingestion loaded into an unindexed table with the same columns, vs the whole
 *     ingestion (store + hash + detect + parse + identity + COPY + indexes + commit);
 *   - peak RSS of this process while ingesting.
 * PostgreSQL runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server; PGlite always.
 * Targets (issue 4): parse ≥ 50% of read+split; ingestion ≤ 1.5× the COPY floor on PostgreSQL;
 * peak RSS ≤ 400 MB for a 1 GB file.
 */

const { values } = parseArgs({ options: { vendas: { type: 'string' }, engines: { type: 'string' } } });
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

// Floor 1: read + split into lines, the same reader every parser runs on.
const split = await timed(async () => {
  let n = 0;
  for await (const _ of readLines(fs.createReadStream(file, { highWaterMark: 256 * 1024 }))) n++;
  return n;
});
const parse = await timed(async () => {
  let n = 0;
  for await (const item of layoutById('CIELO_V15').parse(fs.createReadStream(file, { highWaterMark: 256 * 1024 }))) {
    if (item.kind === 'error') throw new Error(item.message);
    n++;
  }
  return n;
});
const lines = split.value;

interface EngineResult {
  engine: string;
  ingestMs: number;
  loadMs: number;
  rows: number;
  floor: Floors;
  peakRss: number;
}

interface Floors {
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
    const copyInto = (table: string) => timed(async () => {
      await client.query('BEGIN');
      await pipeline(fs.createReadStream(dump, { highWaterMark: 256 * 1024 }), client.query(copyFrom(`COPY ${table} (${cols}) FROM STDIN`)));
      await client.query('COMMIT');
    });
    const plain = await copyInto('piso');
    const indexed = await copyInto('piso_indexado');
    fs.rmSync(dump);
    return { plain: plain.ms, indexed: indexed.ms };
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
  return { plain: plain.ms, indexed: indexed.ms };
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
    const filesDir = path.join(work, `files-${engine}`);
    const ingestion = createIngestion({ open, log, filesDir, workers: 1, pollMs: 20 });
    let loadMs = 0;
    const run = await peakRss(() => timed(async () => {
      const r = await ingestion.receive({ source: fs.createReadStream(file, { highWaterMark: 256 * 1024 }), name: path.basename(file), origem: 'CLI' });
      const t0 = performance.now();
      await ingestion.drain();
      loadMs = performance.now() - t0;
      return r;
    }));
    await ingestion.stop();
    const rows = Number((await open.db.select({ n: sql<string>`count(*)` }).from(linhasOperadora))[0]!.n);
    const [status] = await open.db.select({ status: arquivos.status, mensagem: arquivos.mensagem }).from(arquivos)
      .where(eq(arquivos.codarquivo, run.value.value.codarquivo));
    if (status!.status !== 'PROCESSADO') throw new Error(`file ended in ${status!.status}: ${status!.mensagem}`);
    const floor = engine === 'postgres' ? await copyFloorPostgres(url) : await copyFloorPglite(open);
    return { engine, ingestMs: run.value.ms, loadMs, rows, floor, peakRss: run.peak };
  } finally {
    await open.close();
    await drop();
  }
}

const results: EngineResult[] = [];
for (const engine of engines) {
  console.log(`Ingerindo em ${engine}…`);
  results.push(await runEngine(engine));
}
fs.rmSync(work, { recursive: true, force: true });

console.log('');
console.log(`Arquivo: Cielo v15, ${SALES.toLocaleString('pt-BR')} vendas, ${lines.toLocaleString('pt-BR')} linhas, ${mb(bytes)} MB`);
console.log(`Piso leitura + quebra de linhas: ${secs(split.ms)} s, ${rate(lines, split.ms)} linhas/s, ${mb(bytes / (split.ms / 1000))} MB/s`);
console.log(`Parser Cielo v15:               ${secs(parse.ms)} s, ${rate(lines, parse.ms)} linhas/s (${parse.value.toLocaleString('pt-BR')} itens)`);
console.log(`  vazão do parser / piso de leitura = ${((split.ms / parse.ms) * 100).toFixed(0)}%  (meta ≥ 50%)`);
for (const r of results) {
  console.log(`${r.engine}: ingestão ${secs(r.ingestMs)} s (carga ${secs(r.loadMs)} s), ${r.rows.toLocaleString('pt-BR')} linhas, ${rate(r.rows, r.ingestMs)} linhas/s`);
  console.log(`  piso COPY das mesmas linhas sem índices: ${secs(r.floor.plain)} s, ${rate(r.rows, r.floor.plain)} linhas/s`);
  console.log(`  ingestão / piso COPY = ${(r.ingestMs / r.floor.plain).toFixed(2)}×  (meta ≤ 1,5× no PostgreSQL)`);
  console.log(`  COPY das mesmas linhas numa cópia da tabela com os índices dela: ${secs(r.floor.indexed)} s`);
  console.log(`  ingestão / COPY com índices = ${(r.ingestMs / r.floor.indexed).toFixed(2)}×  (o que o pipeline acrescenta ao custo dos índices)`);
  console.log(`  pico de RSS do processo: ${mb(r.peakRss)} MB para ${mb(bytes)} MB de arquivo${r.engine === 'pglite' ? ' (inclui o PostgreSQL embutido)' : ''}`);
}
