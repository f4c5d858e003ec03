import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ESTABELECIMENTOS, estabelecimentos, type OpenDb } from '@concilia/db';
import { addDays, todayBusiness } from '@concilia/domain';
import type { WriterName } from '@concilia/engine';
import type { Ingestion } from './ingestion';
import { writeScenarioFiles } from './synthetic-files';

/**
 * The demo's files: for each demo unit, a generated scenario written in its operator's real layouts plus the
 * unit's own sales file, sent through the same pipeline as any upload (origin DEMO). So the demo shows lines
 * that went through detection, parsing, COPY and dedupe — with the generator's known differences in them.
 */
const LAYOUTS_BY_OPERATOR: Record<number, WriterName[]> = {
  1: ['cielo-v15', 'cielo-v15-pagamentos'],
  2: ['rede-eevc', 'rede-eevd'],
  3: ['getnet'],
};

export const DEMO_SALES_PER_UNIT = 1500;
export const DEMO_DAYS = 40;

export async function seedDemoFiles(open: OpenDb, ingestion: Ingestion, salesPerUnit = DEMO_SALES_PER_UNIT): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-demo-'));
  const startDate = addDays(todayBusiness(), -DEMO_DAYS);
  let files = 0;
  try {
    const units = await open.db.select().from(estabelecimentos);
    for (const [i, demo] of DEMO_ESTABELECIMENTOS.entries()) {
      const unit = units.find((u) => u.codexterno === demo.codexterno && u.codoperadora === demo.codoperadora);
      if (!unit) continue;
      const generated = await writeScenarioFiles({
        dir: path.join(dir, String(i)),
        layouts: [...LAYOUTS_BY_OPERATOR[demo.codoperadora]!, 'cliente-csv'],
        // sales on every day up to today (one batch a day: a batch holds one day's sales), so the default windows
        // (Pesquisar Ticket: yesterday → today) open on data
        scenario: { sales: salesPerUnit, seed: 2026 + i, merchants: [demo.codexterno], startDate, days: DEMO_DAYS + 1, batchSize: Math.ceil(salesPerUnit / (DEMO_DAYS + 1)) },
        fileDate: todayBusiness(),
      });
      for (const g of generated) {
        await ingestion.receive({ source: fs.createReadStream(g.path), name: path.basename(g.path), origem: 'DEMO', codpessoa: unit.codpessoa });
        files++;
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return files;
}
