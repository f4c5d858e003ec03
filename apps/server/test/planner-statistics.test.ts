import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withRawTransaction } from '@concilia/db';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { DEFAULT_TOLERANCE_CENTAVOS, reconcileWindow } from '../src/reconcile/match-queue';
import { createTestApp, engines, type TestApp } from './harness';
import { receiveInTurn } from './support/receive-in-turn';

const quiet = pino({ level: 'silent' });
const SCENARIO = { sales: 1500, seed: 31, merchants: ['1023456789'], startDate: '2026-05-04', days: 20 } as const;
const WINDOW = { de: '2026-05-01', ate: '2026-05-31' } as const;

/**
 * The row counts a reconciliation plans on. A wrong one is not a wrong answer but a plan that never ends: with the
 * pairs table recorded as empty, the open-line count anti-joins every customer line against every pair (at 200,000
 * sales it ran for over five minutes before it was cancelled; docs/performance-reconcile.md).
 */
describe.each(engines())('the statistics a reconciliation plans on, on %s', (engine) => {
  let t: TestApp;
  let ing: Ingestion;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-stats-'));

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    const unit = Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`))[0]!.codpessoa);
    await receiveInTurn(ing, await writeScenarioFiles({ dir, layouts: ['cliente-csv', 'cielo-v15'], scenario: SCENARIO, fileDate: '2026-05-25' }), unit);
  });
  afterAll(async () => {
    await ing.stop();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // the pairs, and the window's other outputs the payment and summary statements read back
  it.each(['conciliacoes_venda', 'pagamentos_previstos', 'auditoria_taxas'])(
    'samples %s again when a VACUUM recorded it empty while its rows were being written',
    async (table) => {
      const recorded = async () => Number((await t.exec(`SELECT reltuples FROM pg_class WHERE oid = '${table}'::regclass`))[0]!.reltuples);
      const rows = Number((await t.exec(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
      expect(rows).toBeGreaterThan(1000);
      await t.exec(`CREATE TABLE guardados AS SELECT * FROM ${table}`);
      // a reprocess takes the window's rows out…
      await t.exec(`DELETE FROM ${table}`);
      const writeBack = `INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM guardados`;
      if (engine === 'postgres') {
        // …the next reconciliation writes them again, and autovacuum, woken by the deleted ones, runs meanwhile
        const writer = await t.opened.pool!.connect();
        const vacuum = await t.opened.pool!.connect();
        try {
          await writer.query('BEGIN');
          await writer.query(writeBack);
          await vacuum.query(`VACUUM ${table}`);
          await writer.query('COMMIT');
        } finally {
          writer.release();
          vacuum.release();
        }
      } else {
        // PGlite has one connection and no autovacuum: the rows come back and the record that VACUUM leaves is written
        await t.exec(writeBack);
        await t.exec(`UPDATE pg_class SET reltuples = 0, relpages = pg_relation_size(oid) / current_setting('block_size')::int WHERE oid = '${table}'::regclass`);
      }
      await t.exec('DROP TABLE guardados');
      // the state the planner was left in: pages full of rows, recorded as none
      expect(await recorded()).toBe(0);
      expect(Number((await t.exec(`SELECT relpages FROM pg_class WHERE oid = '${table}'::regclass`))[0]!.relpages)).toBeGreaterThan(8);

      const r = await withRawTransaction(t.opened, (tx) => reconcileWindow(tx, WINDOW, { toleranceCentavos: DEFAULT_TOLERANCE_CENTAVOS }, 'vendas'));

      // nothing paired again or lost, and the planner knows the table's rows
      expect(Object.values(r.pares!).reduce((a, b) => a + b, 0)).toBe(0);
      expect(Number((await t.exec(`SELECT count(*) AS n FROM ${table}`))[0]!.n)).toBe(rows);
      expect(await recorded()).toBeGreaterThan(0.9 * rows);
    },
  );
});
