import fs from 'node:fs';
import { bytesSource, detectFile, layoutById, readLines } from '@concilia/engine';

/**
 * What `bench:parser` runs under callgrind (bundled first, see parser-instructions.bench.ts):
 * `node runner.mjs FILE floor|parse TIMES` reads FILE into memory once, then TIMES times either the floor (read + line
 * split, `readLines`, as bench:ingest times it) or the parse as the load runs it (`parseBatches` when the layout has it).
 * The file is held in memory so that neither side counts the disk.
 */

const [file, what, times] = process.argv.slice(2);
if (!file || (what !== 'floor' && what !== 'parse')) throw new Error('uso: runner.mjs ARQUIVO floor|parse VEZES');
const bytes = fs.readFileSync(file);
const CHUNK = 256 * 1024;
const chunks: Uint8Array[] = [];
for (let at = 0; at < bytes.length; at += CHUNK) chunks.push(bytes.subarray(at, Math.min(bytes.length, at + CHUNK)));
const source = () => bytesSource(...chunks);
const detected = detectFile(bytes.subarray(0, 64 * 1024));
if (!detected) throw new Error(`${file}: layout não reconhecido`);
const layout = layoutById(detected.layout);

async function once(): Promise<number> {
  let n = 0;
  if (what === 'floor') {
    for await (const _ of readLines(source())) n++;
  } else if (layout.parseBatches) {
    for await (const items of layout.parseBatches(source())) n += items.length;
  } else {
    for await (const _ of layout.parse(source())) n++;
  }
  return n;
}

for (let i = 0; i < Number(times ?? 1); i++) await once();
