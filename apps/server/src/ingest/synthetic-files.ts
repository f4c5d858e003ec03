import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  customerSide, fileText, generateScenario, operatorSide, type ScenarioOptions, type SyntheticFile, WRITERS, type WriterName,
} from '@concilia/engine';

/**
 * Writes a generated scenario as files in the real layouts (CLI `generate`, demo seed, benchmarks). Each
 * layout re-runs the seeded generator instead of keeping the sales: a million sales stay a stream.
 */
export interface GeneratedFile {
  path: string;
  layout: WriterName;
  bytes: number;
}

export async function writeScenarioFiles(opts: {
  dir: string;
  layouts: readonly WriterName[];
  scenario: ScenarioOptions;
  /** header date of the files; the last sale day unless given */
  fileDate?: string;
  sequence?: number;
}): Promise<GeneratedFile[]> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const out: GeneratedFile[] = [];
  // without establishments given, the first operator layout's own width decides for every file
  const operatorLayout = opts.layouts.find((l) => WRITERS[l].side === 'operator') ?? opts.layouts[0]!;
  const merchants = opts.scenario.merchants ?? [WRITERS[operatorLayout].sampleMerchant];
  const merchantId = merchants[0]!;
  for (const layout of opts.layouts) {
    const writer = WRITERS[layout];
    const scenario = generateScenario({ ...opts.scenario, merchants });
    const file: SyntheticFile = {
      merchantId,
      fileDate: opts.fileDate ?? opts.scenario.startDate ?? '2026-10-01',
      sequence: opts.sequence ?? 1,
      sales: writer.side === 'operator' ? operatorSide(scenario) : customerSide(scenario),
    };
    const target = path.join(opts.dir, writer.fileName(file));
    // written beside and renamed when whole: a writer that stops midway (a value too wide for its field)
    // leaves no empty or half file where the user, or the inbox watcher, would take it for a real one
    const partial = path.join(opts.dir, `.${path.basename(target)}.parcial`);
    try {
      await pipeline(Readable.from(fileText(writer, file)), fs.createWriteStream(partial, { encoding: 'latin1' }));
      fs.renameSync(partial, target);
    } catch (e) {
      fs.rmSync(partial, { force: true });
      throw e;
    }
    out.push({ path: target, layout, bytes: fs.statSync(target).size });
  }
  return out;
}
