import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { type WriterName, WRITERS } from '@concilia/engine';
import { build } from 'esbuild';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { count, loadAverage, mb } from './bench-support';

/**
 * npm run bench:parser [-- --vendas 12000] [--layout cielo-v15] — the parser against its floor (read + line split) in
 * instructions executed, which the machine's other work does not move.
 *
 * Why instructions: on this shared 2-CPU machine the wall time of the same parse moves by 20–40 % from one run to the
 * next, and CPU time nearly as much, so bench:ingest's parser ratio (wall time) swings 38–58 % for the same code and a
 * change of a few per cent cannot be seen through it. Counted by callgrind with V8 made deterministic
 * (`--single-threaded`: no concurrent compiler or GC threads; `--predictable`: no timing-driven heuristics), a run's
 * count repeats to within a few thousand instructions in three billion.
 *
 * How: the engine and a small runner (parser-instructions.runner.ts) are bundled by esbuild (the code as built, not
 * tsx's), and each side runs under callgrind 2 and 6 times over a generated file held in memory; the difference over 4
 * is the cost of one run with start-up, compilation and warm-up taken out. Four callgrind runs, two at a time. Below
 * ~12,000 sales the count is wrong (25.8 % at 3,000): collections and compilations, which do not grow with the file,
 * weigh as much as the work.
 *
 * What instructions miss: cache misses and memory stalls. The parse allocates more than the split, so its share in wall
 * time is lower than in instructions; bench:ingest gives the wall-time figure beside the ingestion. Needs valgrind.
 */

const run = promisify(execFile);
const { values } = parseArgs({ options: { vendas: { type: 'string' }, layout: { type: 'string' } } });
const SALES = Number(values.vendas ?? 12_000);
const layout = (values.layout ?? 'cielo-v15') as WriterName;
if (!(layout in WRITERS)) throw new Error(`--layout: um de ${Object.keys(WRITERS).join(', ')}`);

try {
  await run('valgrind', ['--version']);
} catch {
  console.error('bench:parser precisa do valgrind (apt-get install valgrind).');
  process.exit(2);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-bench-parser-'));
try {
  const [generated] = await writeScenarioFiles({
    dir: work, layouts: [layout], scenario: { sales: SALES, seed: 11, startDate: '2026-09-01', days: 30 }, fileDate: '2026-10-01',
  });
  const file = generated!.path;
  console.log(`${layout}: ${count(SALES)} vendas, ${mb(generated!.bytes)} MB (${path.basename(file)})`);

  const runner = path.join(work, 'runner.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./parser-instructions.runner.ts', import.meta.url))],
    bundle: true, platform: 'node', format: 'esm', outfile: runner, logLevel: 'warning',
  });

  /** Instructions of `node runner.mjs file what times` from start to exit. */
  const instructions = async (what: 'floor' | 'parse', times: number): Promise<number> => {
    const out = path.join(work, `callgrind.${what}.${times}`);
    const { stderr } = await run('valgrind', [
      '--tool=callgrind', '--smc-check=all-non-file', `--callgrind-out-file=${out}`,
      process.execPath, '--single-threaded', '--predictable', runner, file, what, String(times),
    ], { maxBuffer: 64 * 1024 * 1024 });
    const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr);
    if (!refs) throw new Error(`callgrind sem contagem:\n${stderr.slice(-2000)}`);
    return Number(refs[1]!.replaceAll(',', ''));
  };
  /** One run's instructions: (6 runs − 2 runs) / 4, the two callgrind runs side by side. */
  const perRun = async (what: 'floor' | 'parse'): Promise<number> => {
    const [two, six] = await Promise.all([instructions(what, 2), instructions(what, 6)]);
    return (six - two) / 4;
  };

  const loadBefore = loadAverage();
  const floor = await perRun('floor');
  const parse = await perRun('parse');
  const millions = (n: number) => `${(n / 1e6).toFixed(1)} M`;
  console.log(`  leitura + divisão em linhas (piso): ${millions(floor)} instruções por leitura`);
  console.log(`  parser (parseBatches, como a carga): ${millions(parse)} instruções por leitura`);
  console.log(`  carga da máquina (1, 5, 15 min): ${loadBefore} → ${loadAverage()} (não altera a contagem)`);
  console.log(`  vazão do parser / piso de leitura = ${((floor / parse) * 100).toFixed(1)}% em instruções  (meta ≥ 50%)`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
