import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXPECTED_SALE_RESULT, generateScenario } from '@concilia/engine';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { pairByHand, setDisregarded, unpair } from '../src/reconcile/sale-decisions';
import { matchSales } from '../src/reconcile/sales-matching';
import { nearestCandidates } from '../src/reconcile/why-not-matched';
import { createTestApp, engines, type TestApp } from './harness';
import { receiveInTurn } from './support/receive-in-turn';

const quiet = pino({ level: 'silent' });
/** The demo's Cielo establishment: registered to the unit 'Pão Quente - Centro'. */
const EC = '1023456789';
const SCENARIO = { sales: 1500, seed: 99, merchants: [EC], startDate: '2026-05-04', days: 20 } as const;
const WINDOW = { de: '2026-05-01', ate: '2026-05-31' } as const;

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
    await receiveInTurn(ing, files, unit);
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
      const expected = EXPECTED_SALE_RESULT[s.difference];
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
    expect(Object.keys(counts).sort()).toEqual(Object.keys(EXPECTED_SALE_RESULT).sort());
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

  it('keeps the daily summary equal to the lines: sales, amounts and reconciled count per day', async () => {
    const [fromLines] = await t.exec(`SELECT count(*)::int AS n, sum(valorbruto)::bigint AS bruto FROM linhas_operadora WHERE tipo = 'sale' AND codpessoa IS NOT NULL`);
    const [fromSummary] = await t.exec(`SELECT sum(quantidade)::int AS n, sum(bruto)::bigint AS bruto, sum(conciliadas)::int AS conciliadas FROM resumo_vendas_dia`);
    const [reconciled] = await t.exec(`SELECT count(*)::int AS n FROM resultado_venda_operadora WHERE resultado IN ('conciliado', 'conciliado_divergencia')`);
    expect(fromSummary).toMatchObject({ n: fromLines!.n, conciliadas: reconciled!.n });
    expect(String(fromSummary!.bruto)).toBe(String(fromLines!.bruto));
  });

  it('disregard then reconsider returns to the same results; a disregard survives a reprocess of the customer file', async () => {
    const before = await results();
    const [line] = await t.exec(`SELECT r.codlinhasarqcli, r.nsu FROM resultado_venda_cliente r WHERE r.resultado = 'conciliado' LIMIT 1`);
    const id = Number(line!.codlinhasarqcli);
    const ctx = { codusuario: null, toleranceCentavos: 500 };
    expect(await setDisregarded(t.opened, [id], false, ctx)).toBe(false); // only disregarded lines can be reconsidered
    expect(await setDisregarded(t.opened, [id], true, ctx)).toBe(true);
    let now = await results();
    expect(now.customer.get(line!.nsu as string)?.resultado).toBe('desconsiderado');
    expect(now.operator.get(line!.nsu as string)?.resultado).toBe('somente_operadora');
    const [customerFile] = await t.exec(`SELECT codarquivo FROM arquivos WHERE tipo = 'CLIENTE_CSV'`);
    await ing.reprocess(Number(customerFile!.codarquivo));
    await ing.drain();
    now = await results();
    expect(now.customer.get(line!.nsu as string)?.resultado).toBe('desconsiderado');
    const [again] = await t.exec(`SELECT codlinhasarqcli FROM linhas_cliente WHERE nsu = '${line!.nsu}' AND desconsiderado`);
    expect(await setDisregarded(t.opened, [Number(again!.codlinhasarqcli)], false, ctx)).toBe(true);
    expect(await results()).toEqual(before);
  });

  it('a pair made by hand and a pair broken by hand survive a reprocess of the operator file', async () => {
    const ctx = { codusuario: null, toleranceCentavos: 500 };
    const [onlyCustomer] = await t.exec(`SELECT codlinhasarqcli, nsu FROM resultado_venda_cliente WHERE resultado = 'somente_cliente' LIMIT 1`);
    const [onlyOperator] = await t.exec(`SELECT codlinha, nsu FROM resultado_venda_operadora WHERE resultado = 'somente_operadora' LIMIT 1`);
    const [paired] = await t.exec(`SELECT codlinhasarqcli, nsu FROM resultado_venda_cliente WHERE resultado = 'conciliado' LIMIT 1`);
    expect(await pairByHand(t.opened, Number(onlyCustomer!.codlinhasarqcli), Number(onlyOperator!.codlinha), ctx)).not.toBeNull();
    expect(await unpair(t.opened, Number(paired!.codlinhasarqcli), ctx)).toBe(true);
    const check = async () => {
      const r = await results();
      expect(r.customer.get(onlyCustomer!.nsu as string)?.resultado).toMatch(/^conciliado/);
      expect(r.operator.get(onlyOperator!.nsu as string)?.resultado).toMatch(/^conciliado/);
      expect(r.customer.get(paired!.nsu as string)?.resultado).toBe('somente_cliente');
      expect(r.operator.get(paired!.nsu as string)?.resultado).toBe('somente_operadora');
    };
    await check();
    const [operatorFile] = await t.exec(`SELECT codarquivo FROM arquivos WHERE tipo = 'CIELO03'`);
    await ing.reprocess(Number(operatorFile!.codarquivo));
    await ing.drain();
    await check();
    const [manual] = await t.exec(`SELECT count(*)::int AS n FROM conciliacoes_venda WHERE manual`);
    expect(manual!.n).toBe(1);
  });

  it('explains an unpaired customer line by its nearest operator sales and the fields that differ', async () => {
    // a customer sale whose amount is far outside the tolerance: only at the customer, and its twin only at the operator
    // (without a TID: the TID pass pairs an e-commerce sale whatever its amount)
    const [paired] = await t.exec(`SELECT r.codlinhasarqcli, r.codlinha, r.nsu FROM resultado_venda_cliente r JOIN linhas_cliente c USING (codlinhasarqcli)
      WHERE r.resultado = 'conciliado' AND c.tid IS NULL ORDER BY r.codlinhasarqcli LIMIT 1`);
    await t.exec(`UPDATE linhas_cliente SET valor = valor + 100000 WHERE codlinhasarqcli = ${paired!.codlinhasarqcli}`);
    await t.exec(`DELETE FROM conciliacoes_venda WHERE codlinhasarqcli = ${paired!.codlinhasarqcli}`);
    await matchSales(t.opened, WINDOW, 500);
    const [first] = await nearestCandidates(t.db, Number(paired!.codlinhasarqcli));
    expect(first).toMatchObject({ codlinha: Number(paired!.codlinha), nsu: paired!.nsu, diferencas: ['valor'], pareadaCom: null });
  });

  it('flags a pair whose brand or product family differs, and not one whose product is only written another way', async () => {
    const [o] = await t.exec(`SELECT codarquivo FROM linhas_operadora WHERE tipo = 'sale' LIMIT 1`);
    const [c] = await t.exec(`SELECT codarquivo FROM linhas_cliente LIMIT 1`);
    const cases = [
      // nsu, operator brand/product, customer brand/product as the merchant wrote them (names after the catalogue)
      { nsu: '880001', op: ['Visa', 'Crédito à vista'], cli: ['Mastercard', 'Crédito à vista'], want: ['bandeira'] },
      { nsu: '880002', op: ['Visa', 'Crédito à vista'], cli: ['Visa', 'Débito'], want: ['produto'] },
      { nsu: '880003', op: ['Visa', 'Crédito parcelado loja'], cli: ['Visa', 'Crédito à vista'], want: [] },
      { nsu: '880004', op: ['Elo', 'Voucher refeição'], cli: [null, null], want: [] },
      // a code the operator's file used and the parser did not know is not a disagreement with the merchant
      { nsu: '880005', op: ['desconhecido (99)', 'desconhecido (ZZ)'], cli: ['Visa', 'Crédito à vista'], want: [] },
    ];
    for (const [i, k] of cases.entries()) {
      const q = (v: string | null | undefined) => (v == null ? 'NULL' : `'${v}'`);
      await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, nsu, autorizacao, data, valorbruto, valortaxa, valorliquido, totparcelas, aceita, bandeiranome, produtonome)
        VALUES (${o!.codarquivo}, ${91000 + i}, md5('bp-o${i}')::uuid, 1, 'sale', 'E', 1, ${unit}, cliente_raiz(${unit}), '${EC}', '${k.nsu}', 'BP${i}', '2026-05-12', 7000, 140, 6860, 1, true, ${q(k.op[0])}, ${q(k.op[1])})`);
      await t.exec(`INSERT INTO linhas_cliente (codarquivo, linha, chave, ocorrencia, codpessoa, codcliente, nsu, autorizacao, datavenda, totparcelas, valor, bandeiranome, produtonome)
        VALUES (${c!.codarquivo}, ${91000 + i}, md5('bp-c${i}')::uuid, 1, ${unit}, cliente_raiz(${unit}), '${k.nsu}', 'BP${i}', '2026-05-12', 1, 7000, ${q(k.cli[0])}, ${q(k.cli[1])})`);
    }
    await matchSales(t.opened, WINDOW, 500);
    const { customer } = await results();
    for (const k of cases) {
      expect(customer.get(k.nsu)).toMatchObject({
        resultado: k.want.length ? 'conciliado_divergencia' : 'conciliado',
        divergencias: k.want,
      });
    }
  });

  it('leaves a customer line with two equally good operator candidates unpaired', async () => {
    // two operator sales with the same keys as one new customer sale: none of the three is paired
    const [o] = await t.exec(`SELECT codarquivo, linha FROM linhas_operadora WHERE tipo = 'sale' LIMIT 1`);
    const cols = `codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, nsu, autorizacao, data, valorbruto, valortaxa, valorliquido, totparcelas, aceita`;
    for (const k of [1, 2]) {
      await t.exec(`INSERT INTO linhas_operadora (${cols}) VALUES (${o!.codarquivo}, ${90000 + k}, md5('amb${k}')::uuid, 1, 'sale', 'E', 1, ${unit}, cliente_raiz(${unit}), '${EC}', '777777', 'AMB777', '2026-05-10', 5000, 100, 4900, 1, true)`);
    }
    const [c] = await t.exec(`SELECT codarquivo FROM linhas_cliente LIMIT 1`);
    await t.exec(`INSERT INTO linhas_cliente (codarquivo, linha, chave, ocorrencia, codpessoa, codcliente, nsu, autorizacao, datavenda, totparcelas, valor)
      VALUES (${c!.codarquivo}, 90001, md5('ambc')::uuid, 1, ${unit}, cliente_raiz(${unit}), '777777', 'AMB777', '2026-05-10', 1, 5000)`);
    await matchSales(t.opened, WINDOW, 500);
    const { customer, operator } = await results();
    expect(customer.get('777777')?.resultado).toBe('somente_cliente');
    expect(operator.get('777777')?.resultado).toBe('somente_operadora');
  });
});
