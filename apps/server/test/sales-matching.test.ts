import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Difference, generateScenario } from '@concilia/engine';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { matchSales } from '../src/reconcile/sales-matching';
import { createTestApp, engines, type TestApp } from './harness';

const quiet = pino({ level: 'silent' });
/** The demo's Cielo establishment: registered to the unit 'Pão Quente - Centro'. */
const EC = '1023456789';
const SCENARIO = { sales: 1500, seed: 99, merchants: [EC], startDate: '2026-05-04', days: 20 } as const;
const WINDOW = { de: '2026-05-01', ate: '2026-05-31' } as const;

/** What each generated difference must end as, on the side(s) that carry the sale. */
const EXPECTED: Record<Difference, string> = {
  nenhuma: 'conciliado',
  somente_operadora: 'somente_operadora',
  somente_cliente: 'somente_cliente',
  valor: 'conciliado_divergencia',
  data: 'conciliado_divergencia',
  parcelas: 'conciliado_divergencia',
  cancelada: 'cancelado',
  chargeback: 'chargeback',
};

/** Both arrival orders: matching runs after each file, so the second file's job pairs what the first left open. */
const ORDERS = [['cliente-csv', 'cielo-v15'], ['cielo-v15', 'cliente-csv']] as const;

describe.each(engines().flatMap((engine) => ORDERS.map((order) => [engine, order] as const)))('sales matching on %s, files in the order %j', (engine, order) => {
  let t: TestApp;
  let ing: Ingestion;
  let unit: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-match-'));

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    unit = Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`))[0]!.codpessoa);
    const files = await writeScenarioFiles({ dir, layouts: [...order], scenario: SCENARIO, fileDate: '2026-05-25' });
    for (const f of files) {
      await ing.receive({ source: fs.readFileSync(f.path), name: path.basename(f.path), origem: 'CLI', codpessoa: unit });
      await ing.drain();
    }
  });
  afterAll(async () => {
    await ing.stop();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const results = async () => {
    const customer = new Map((await t.exec(`SELECT nsu, resultado, divergencias FROM resultado_venda_cliente`)).map((r) => [r.nsu as string, r]));
    const operator = new Map((await t.exec(`SELECT nsu, resultado, divergencias FROM resultado_venda_operadora`)).map((r) => [r.nsu as string, r]));
    return { customer, operator };
  };

  it('lands every generated difference in its result, on both sides, with the field that differs', async () => {
    // no explicit call: each loaded file queued the matching of its days
    const pairs = await t.exec(`SELECT passo, count(*)::int AS n FROM conciliacoes_venda GROUP BY passo`);
    expect(Number(pairs.find((p) => p.passo === 'exata')?.n)).toBeGreaterThan(1000);
    const { customer, operator } = await results();
    const wrong: string[] = [];
    const counts: Record<string, number> = {};
    for (const s of generateScenario(SCENARIO)) {
      const nsu = (s.operator ?? s.customer)!.nsu;
      const expected = EXPECTED[s.difference];
      counts[s.difference] = (counts[s.difference] ?? 0) + 1;
      for (const [side, map] of [['cliente', s.customer ? customer : null], ['operadora', s.operator ? operator : null]] as const) {
        if (!map) continue;
        const got = map.get(nsu);
        if (got?.resultado !== expected) wrong.push(`${s.difference} ${side} nsu ${nsu}: ${got?.resultado}`);
        const field = { valor: 'valor', data: 'data', parcelas: 'parcelas' }[s.difference as string];
        if (field && got && !((got.divergencias as string[] | null) ?? []).includes(field)) wrong.push(`${s.difference} ${side} nsu ${nsu}: divergências ${got.divergencias}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    // every kind of difference was in the scenario
    expect(Object.keys(counts).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('matching again changes nothing', async () => {
    const before = await results();
    const again = await matchSales(t.opened, WINDOW, 500);
    expect(Object.values(again.pares).every((n) => n === 0)).toBe(true);
    expect(await results()).toEqual(before);
  });

  it('reprocessing either file gives back the same results', async () => {
    const before = await results();
    for (const f of await t.exec(`SELECT codarquivo FROM arquivos ORDER BY codarquivo`)) {
      await ing.reprocess(Number(f.codarquivo));
      await ing.drain();
      expect(await results()).toEqual(before);
    }
  });

  it('leaves a customer line with two equally good operator candidates unpaired', async () => {
    // two operator sales with the same keys as one new customer sale: none of the three is paired
    const [o] = await t.exec(`SELECT codarquivo, linha FROM linhas_operadora WHERE tipo = 'sale' LIMIT 1`);
    const cols = `codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, estabelecimento, nsu, autorizacao, data, valorbruto, valortaxa, valorliquido, totparcelas, aceita`;
    for (const k of [1, 2]) {
      await t.exec(`INSERT INTO linhas_operadora (${cols}) VALUES (${o!.codarquivo}, ${90000 + k}, md5('amb${k}')::uuid, 1, 'sale', 'E', 1, ${unit}, '${EC}', '777777', 'AMB777', '2026-05-10', 5000, 100, 4900, 1, true)`);
    }
    const [c] = await t.exec(`SELECT codarquivo FROM linhas_cliente LIMIT 1`);
    await t.exec(`INSERT INTO linhas_cliente (codarquivo, linha, chave, ocorrencia, codpessoa, nsu, autorizacao, datavenda, totparcelas, valor)
      VALUES (${c!.codarquivo}, 90001, md5('ambc')::uuid, 1, ${unit}, '777777', 'AMB777', '2026-05-10', 1, 5000)`);
    await matchSales(t.opened, WINDOW, 500);
    const { customer, operator } = await results();
    expect(customer.get('777777')?.resultado).toBe('somente_cliente');
    expect(operator.get('777777')?.resultado).toBe('somente_operadora');
  });
});
