import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BankScenario, generateBankStatements, generateScenario, parseBankStatement, scenarioSettlements } from '@concilia/engine';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion } from '../src/ingest/ingestion';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { BANK_MATCH_QUEUE } from '../src/reconcile/bank-match-queue';
import { reconcileBank } from '../src/reconcile/bank-matching';
import { createTestApp, engines, type TestApp } from './harness';

/**
 * The bank check's matching (issue 21). Lines are planted with SQL so each case is exact: operator lines carry a
 * label in `nsu`, bank postings in `documento`, and results are compared by label, not by id, so that loads in
 * different orders (different ids) can be compared.
 */

const WINDOW = { de: '2026-06-01', ate: '2026-06-30' } as const;
const HOJE = '2026-06-30';
/** the planted lines' files: far from any real file id, so cleaning up never touches the demo's */
const FILE_OP = 990_001;
const FILE_BANK = 990_002;

type Op = { label: string; data: string; valor: number; tipo?: string; operadora?: 'Cielo' | 'Rede'; conta?: { bank: string; branch: string; account: string } | null; pessoa?: 'A' | 'B' };
type Bank = { label: string; data: string; valor: number; natureza?: 'C' | 'D'; pessoa?: 'A' | 'B' };

/** The account the settlements name: Itaú, agency 1, account 12345 with its check digit 6 written in (as some files do). */
const CONTA_A = { bank: '341', branch: '0001', account: '123456' };

// 2026-06-01 is a Monday; 06-04 is Corpus Christi (a bank holiday)
const OPS: Op[] = [
  { label: 'exato', data: '2026-06-01', valor: 10_000, conta: CONTA_A },
  { label: 'fim-de-semana', data: '2026-06-12', valor: 20_001, conta: null },
  { label: 'feriado', data: '2026-06-03', valor: 30_303 },
  { label: 'grupo-1', data: '2026-06-16', valor: 3_000 },
  { label: 'grupo-2', data: '2026-06-16', valor: 4_500 },
  { label: 'grupo-3', data: '2026-06-16', valor: 2_501 },
  { label: 'curto', data: '2026-06-17', valor: 50_000 },
  { label: 'nao-creditado', data: '2026-06-08', valor: 7_777 },
  { label: 'aguardando', data: '2026-06-29', valor: 8_888 },
  { label: 'chargeback', data: '2026-06-18', valor: -1_500, tipo: 'chargeback' },
  { label: 'aluguel', data: '2026-06-09', valor: -2_500, tipo: 'adjustment' },
  // receivables paid early: money in on the anticipation's date, like a settlement
  { label: 'antecipacao', data: '2026-06-23', valor: 41_414, tipo: 'anticipation' },
  { label: 'ambiguo-cielo', data: '2026-06-19', valor: 6_000 },
  { label: 'ambiguo-rede', data: '2026-06-19', valor: 6_000, operadora: 'Rede' },
  { label: 'conta-nao-registrada', data: '2026-06-22', valor: 1_234, conta: { bank: '001', branch: '9', account: '9' } },
  { label: 'b-exato', data: '2026-06-01', valor: 10_000, pessoa: 'B' },
  // another client's settlement naming A's account: it must never reach A's books
  { label: 'b-conta-de-a', data: '2026-06-01', valor: 10_000, conta: CONTA_A, pessoa: 'B' },
];
const BANK: Bank[] = [
  { label: 'exato', data: '2026-06-01', valor: 10_000 },
  { label: 'fim-de-semana', data: '2026-06-15', valor: 20_001 },
  { label: 'feriado', data: '2026-06-05', valor: 30_303 },
  { label: 'grupo', data: '2026-06-16', valor: 10_001 },
  { label: 'curto', data: '2026-06-17', valor: 49_000 },
  { label: 'sem-origem', data: '2026-06-10', valor: 123_456 },
  { label: 'chargeback', data: '2026-06-18', valor: 1_500, natureza: 'D' },
  { label: 'tarifa', data: '2026-06-11', valor: 999, natureza: 'D' },
  { label: 'antecipacao', data: '2026-06-23', valor: 41_414 },
  { label: 'ambiguo', data: '2026-06-19', valor: 6_000 },
  { label: 'b-exato', data: '2026-06-01', valor: 10_000, pessoa: 'B' },
];

/** label → [result, rule, difference, the labels of its group] */
const EXPECTED: Record<string, [string, string | null, number, string]> = {
  'op:exato': ['CREDITADO', 'EXATO', 0, 'b:exato op:exato'],
  'b:exato': ['CREDITADO', 'EXATO', 0, 'b:exato op:exato'],
  'op:fim-de-semana': ['CREDITADO', 'DIA_UTIL', 0, 'b:fim-de-semana op:fim-de-semana'],
  'b:fim-de-semana': ['CREDITADO', 'DIA_UTIL', 0, 'b:fim-de-semana op:fim-de-semana'],
  'op:feriado': ['CREDITADO', 'DIA_UTIL', 0, 'b:feriado op:feriado'],
  'b:feriado': ['CREDITADO', 'DIA_UTIL', 0, 'b:feriado op:feriado'],
  'op:grupo-1': ['CREDITADO', 'AGRUPADO', 0, 'b:grupo op:grupo-1 op:grupo-2 op:grupo-3'],
  'op:grupo-2': ['CREDITADO', 'AGRUPADO', 0, 'b:grupo op:grupo-1 op:grupo-2 op:grupo-3'],
  'op:grupo-3': ['CREDITADO', 'AGRUPADO', 0, 'b:grupo op:grupo-1 op:grupo-2 op:grupo-3'],
  'b:grupo': ['CREDITADO', 'AGRUPADO', 0, 'b:grupo op:grupo-1 op:grupo-2 op:grupo-3'],
  'op:curto': ['CREDITADO_DIFERENCA', 'EXATO', -1_000, 'b:curto op:curto'],
  'b:curto': ['CREDITADO_DIFERENCA', 'EXATO', -1_000, 'b:curto op:curto'],
  'op:nao-creditado': ['NAO_CREDITADO', null, -7_777, 'op:nao-creditado'],
  'op:aguardando': ['AGUARDANDO', null, 0, 'op:aguardando'],
  'b:sem-origem': ['CREDITO_SEM_ORIGEM', null, 123_456, 'b:sem-origem'],
  'op:chargeback': ['DEBITADO', 'EXATO', 0, 'b:chargeback op:chargeback'],
  'b:chargeback': ['DEBITADO', 'EXATO', 0, 'b:chargeback op:chargeback'],
  'op:aluguel': ['NAO_DEBITADO', null, 2_500, 'op:aluguel'],
  'op:antecipacao': ['CREDITADO', 'EXATO', 0, 'b:antecipacao op:antecipacao'],
  'b:antecipacao': ['CREDITADO', 'EXATO', 0, 'b:antecipacao op:antecipacao'],
  'b:tarifa': ['DEBITO_SEM_ORIGEM', null, -999, 'b:tarifa'],
  'op:ambiguo-cielo': ['NAO_CREDITADO', null, -6_000, 'op:ambiguo-cielo'],
  'op:ambiguo-rede': ['NAO_CREDITADO', null, -6_000, 'op:ambiguo-rede'],
  'b:ambiguo': ['CREDITO_SEM_ORIGEM', null, 6_000, 'b:ambiguo'],
};
const EXPECTED_B: Record<string, [string, string | null, number, string]> = {
  'op:b-exato': ['CREDITADO', 'EXATO', 0, 'b:b-exato op:b-exato'],
  'b:b-exato': ['CREDITADO', 'EXATO', 0, 'b:b-exato op:b-exato'],
};

type Row = Record<string, unknown>;

/** Fisher–Yates with a fixed seed: a shuffled arrival order that is the same on every run. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe.each(engines())('bank check on %s', (engine) => {
  let t: TestApp;
  const who: Record<'A' | 'B', { unit: number; client: number; conta: number }> = { A: { unit: 0, client: 0, conta: 0 }, B: { unit: 0, client: 0, conta: 0 } };
  const ops: Record<string, number> = {};
  let seq = 0;

  const run = (pessoa: 'A' | 'B' | 'AB', hoje = HOJE, window: { de: string; ate: string } = WINDOW) =>
    reconcileBank(t.opened, { codpessoas: [...pessoa].map((p) => who[p as 'A' | 'B'].unit), ...window }, hoje);

  const plantOp = (o: Op) => {
    seq++;
    const p = who[o.pessoa ?? 'A'];
    const extras = o.conta === undefined || o.conta === null ? 'NULL' : `'${JSON.stringify({ account: o.conta })}'::jsonb`;
    return t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, nsu, data, valorliquido, extras)
      VALUES (${FILE_OP}, ${seq}, md5('bank-op-${o.label}')::uuid, 1, '${o.tipo ?? 'settlement'}', 'T', ${ops[o.operadora ?? 'Cielo']}, ${p.unit}, cliente_raiz(${p.unit}), 'EC${o.pessoa ?? 'A'}', '${o.label}',
      '${o.data}', ${o.valor}, ${extras})`);
  };
  const plantBank = (b: Bank) => {
    seq++;
    const p = who[b.pessoa ?? 'A'];
    return t.exec(`INSERT INTO linhas_banco (codarquivo, linha, chave, ocorrencia, codcontabancaria, codpessoa, codcliente, data, natureza, valor, documento, historico)
      VALUES (${FILE_BANK}, ${seq}, md5('bank-b-${b.label}')::uuid, 1, ${p.conta}, ${p.client}, cliente_raiz(${p.client}), '${b.data}', '${b.natureza ?? 'C'}', ${b.valor}, '${b.label}', 'CIELO')`);
  };
  const clear = async () => {
    await t.exec('DELETE FROM conciliacoes_bancarias');
    await t.exec(`DELETE FROM linhas_operadora WHERE codarquivo = ${FILE_OP}`);
    await t.exec(`DELETE FROM linhas_banco WHERE codarquivo >= ${FILE_BANK}`);
  };

  /** Every row by label: result, rule, difference and the labels of its group. */
  const results = async (pessoa?: 'A' | 'B'): Promise<Record<string, [string, string | null, number, string]>> => {
    const scope = pessoa ? `WHERE m.codpessoa IN (${who[pessoa].unit}, ${who[pessoa].client})` : '';
    const rows = await t.exec(`
      WITH r AS (SELECT m.*, CASE WHEN m.codlinha IS NOT NULL THEN 'op:' || o.nsu ELSE 'b:' || b.documento END AS label
                 FROM conciliacoes_bancarias m LEFT JOIN linhas_operadora o ON o.codlinha = m.codlinha LEFT JOIN linhas_banco b ON b.codlinhabanco = m.codlinhabanco ${scope})
      SELECT r.label, r.resultado, r.regra, r.diferenca, (SELECT string_agg(x.label, ' ' ORDER BY x.label) FROM r x WHERE x.grupo = r.grupo) AS grupo FROM r`);
    return Object.fromEntries(rows.map((r: Row) => [r.label as string, [r.resultado as string, (r.regra as string | null) ?? null, Number(r.diferenca), r.grupo as string]]));
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const id = async (q: string) => Number((await t.exec(q))[0]!.id);
    who.A.unit = await id(`SELECT codpessoa AS id FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    who.A.client = await id(`SELECT codpessoapai AS id FROM pessoas WHERE nome = 'Pão Quente - Centro'`);
    who.B.unit = await id(`SELECT codpessoa AS id FROM pessoas WHERE nome = 'Bom Preço - Matriz'`);
    who.B.client = await id(`SELECT codpessoapai AS id FROM pessoas WHERE nome = 'Bom Preço - Matriz'`);
    ops.Cielo = await id(`SELECT codoperadora AS id FROM operadoras WHERE nome = 'Cielo'`);
    ops.Rede = await id(`SELECT codoperadora AS id FROM operadoras WHERE nome = 'Rede'`);
    who.A.conta = await id(`INSERT INTO contas_bancarias (codpessoa, banco, agencia, conta, digito) VALUES (${who.A.client}, '341', '0001', '12345', '6') RETURNING codcontabancaria AS id`);
    who.B.conta = await id(`INSERT INTO contas_bancarias (codpessoa, banco, agencia, conta, digito) VALUES (${who.B.client}, '001', '1234', '999', '0') RETURNING codcontabancaria AS id`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('lands every case in its result, with its rule and its difference in centavos', async () => {
    await clear();
    for (const o of OPS) await plantOp(o);
    for (const b of BANK) await plantBank(b);
    const r = await run('A');
    expect(r.resultados.CREDITADO).toBeGreaterThan(0);
    expect(await results('A')).toEqual(EXPECTED);
    // a settlement to an account the client did not register is out of the check
    expect(await t.exec(`SELECT 1 FROM conciliacoes_bancarias m JOIN linhas_operadora o USING (codlinha) WHERE o.nsu = 'conta-nao-registrada'`)).toHaveLength(0);
  });

  it('is awaiting before the date plus a business day, overdue after it', async () => {
    await clear();
    await plantOp({ label: 'sexta', data: '2026-06-12', valor: 4_321 });
    await run('A', '2026-06-15');
    expect((await results('A'))['op:sexta']![0]).toBe('AGUARDANDO');
    await run('A', '2026-06-16');
    expect((await results('A'))['op:sexta']![0]).toBe('NAO_CREDITADO');
  });

  it('leaves two equally good candidates unpaired', async () => {
    await clear();
    await plantOp({ label: 'gemeo-1', data: '2026-06-02', valor: 5_000 });
    await plantOp({ label: 'gemeo-2', data: '2026-06-02', valor: 5_000 });
    await plantBank({ label: 'credito', data: '2026-06-02', valor: 5_000 });
    await run('A');
    const got = await results('A');
    expect(got['op:gemeo-1']![0]).toBe('NAO_CREDITADO');
    expect(got['op:gemeo-2']![0]).toBe('NAO_CREDITADO');
    expect(got['b:credito']![0]).toBe('CREDITO_SEM_ORIGEM');
  });

  it('does not depend on arrival order, and running again changes nothing', async () => {
    const orders: [string, () => Promise<void>][] = [
      ['bank first', async () => {
        for (const b of BANK) await plantBank(b);
        await run('AB');
        for (const o of OPS) await plantOp(o);
        await run('AB');
      }],
      ['operator first', async () => {
        for (const o of OPS) await plantOp(o);
        await run('AB');
        for (const b of BANK) await plantBank(b);
        await run('AB');
      }],
      ['shuffled, a window at a time', async () => {
        const all = shuffled([...OPS.map((o) => () => plantOp(o)), ...BANK.map((b) => () => plantBank(b))], 7);
        for (const [i, plant] of all.entries()) {
          await plant();
          if (i % 5 === 4) await run('AB', HOJE, { de: '2026-06-10', ate: '2026-06-20' });
        }
        await run('AB');
      }],
    ];
    for (const [name, load] of orders) {
      await clear();
      await load();
      expect(await results('A'), name).toEqual(EXPECTED);
      expect(await results('B'), name).toEqual(EXPECTED_B);
      const before = await t.exec('SELECT grupo, codpessoa, codcontabancaria, codlinha, codlinhabanco, resultado, regra, diferenca FROM conciliacoes_bancarias ORDER BY codlinha, codlinhabanco');
      await run('AB');
      await run('A');
      expect(await t.exec('SELECT grupo, codpessoa, codcontabancaria, codlinha, codlinhabanco, resultado, regra, diferenca FROM conciliacoes_bancarias ORDER BY codlinha, codlinhabanco'), name).toEqual(before);
    }
  });

  it("never touches another person's rows", async () => {
    await clear();
    for (const o of OPS) await plantOp(o);
    for (const b of BANK) await plantBank(b);
    await run('B');
    expect(await results('A')).toEqual({});
    expect(await results('B')).toEqual(EXPECTED_B);
    const b = await t.exec('SELECT * FROM conciliacoes_bancarias ORDER BY codconciliacaobancaria');
    await run('A');
    expect(await results('A')).toEqual(EXPECTED);
    expect(await t.exec(`SELECT * FROM conciliacoes_bancarias WHERE codpessoa IN (${who.B.unit}, ${who.B.client}) ORDER BY codconciliacaobancaria`)).toEqual(b);
    // every row belongs to the person of its own line
    expect(await t.exec(`SELECT 1 FROM conciliacoes_bancarias m LEFT JOIN linhas_operadora o USING (codlinha) LEFT JOIN linhas_banco l USING (codlinhabanco)
      WHERE m.codpessoa <> coalesce(o.codpessoa, l.codpessoa)`)).toHaveLength(0);
  });

  it('queues the bank check with an operator file that brings settlements, and the worker runs it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-bank-'));
    const ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    try {
      const files = await writeScenarioFiles({ dir, layouts: ['cielo-v15-pagamentos'], scenario: { sales: 50, seed: 3, merchants: ['1023456789'], startDate: '2026-05-04', days: 3 }, fileDate: '2026-05-15' });
      for (const f of files) await ing.receive({ source: fs.readFileSync(f.path), name: path.basename(f.path), origem: 'CLI', codpessoa: who.A.unit });
      await ing.drain();
      const jobs = await t.exec(`SELECT state, payload FROM jobs WHERE queue = '${BANK_MATCH_QUEUE}'`);
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.every((j: Row) => j.state === 'done'), JSON.stringify(jobs)).toBe(true);
      expect((jobs[0]!.payload as { codpessoas: number[] }).codpessoas).toEqual([who.A.unit]);
      // the next cases plant their own settlements for this unit: the file's go
      const names = files.map((f) => `'${path.basename(f.path)}'`).join(', ');
      await t.exec(`DELETE FROM linhas_operadora WHERE codarquivo IN (SELECT codarquivo FROM arquivos WHERE nomearquivo IN (${names}))`);
    } finally {
      await ing.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('reaches 100 % of the generated truth on OFX and CNAB 240 statements with injected differences', async () => {
    const settlements = scenarioSettlements(generateScenario({ sales: 2000, seed: 5, merchants: ['EC1', 'EC2'], startDate: '2026-06-01', days: 20, batchSize: 4 }));
    const bank: BankScenario = generateBankStatements({ settlements, account: { banco: '341', agencia: '0001', conta: '12345', digito: '6' }, seed: 3 });
    const kinds = new Set([...bank.settlements.values()].map((s) => s.difference));
    expect([...kinds].sort()).toEqual(['agrupado', 'dia_seguinte', 'nao_creditado', 'nenhuma', 'valor_menor']);
    expect(bank.withoutOrigin.size).toBeGreaterThan(0);
    const hoje = '2027-12-31';
    const last = settlements.reduce((d, s) => (s.date > d ? s.date : d), '');
    for (const [name, files] of [['OFX', [bank.ofx]], ['CNAB 240', bank.cnab240]] as const) {
      await clear();
      const statements = files.map((bytes) => parseBankStatement(bytes));
      expect(statements.flatMap((st) => st.errors), name).toEqual([]);
      const postings = statements.flatMap((st) => st.accounts.flatMap((a) => a.postings));
      expect(postings).toHaveLength(bank.postings.length);
      const values = postings.map((p, i) => `(${FILE_BANK}, ${i + 1}, md5('gen-${i}')::uuid, 1, ${who.A.conta}, ${who.A.client}, cliente_raiz(${who.A.client}), '${p.data}', '${p.natureza}', ${p.valor}, '${p.documento}')`);
      await t.exec(`INSERT INTO linhas_banco (codarquivo, linha, chave, ocorrencia, codcontabancaria, codpessoa, codcliente, data, natureza, valor, documento) VALUES ${values.join(',')}`);
      const lines = settlements.map((s, i) => `(${FILE_OP}, ${i + 1}, md5('gen-op-${i}')::uuid, 1, 'settlement', 'T', ${ops.Cielo}, ${who.A.unit}, cliente_raiz(${who.A.unit}), '${s.merchantId}', '${s.id}', '${s.date}', ${s.amount},
        '${JSON.stringify({ account: CONTA_A })}'::jsonb)`);
      await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, nsu, data, valorliquido, extras) VALUES ${lines.join(',')}`);
      await reconcileBank(t.opened, { codpessoas: [who.A.unit], de: settlements[0]!.date, ate: last }, hoje);

      const got = await t.exec(`SELECT coalesce(o.nsu, b.documento) AS label, m.resultado, m.diferenca FROM conciliacoes_bancarias m
        LEFT JOIN linhas_operadora o ON o.codlinha = m.codlinha LEFT JOIN linhas_banco b ON b.codlinhabanco = m.codlinhabanco`);
      const byLabel = new Map(got.map((r: Row) => [r.label as string, `${r.resultado as string} ${Number(r.diferenca)}`]));
      const wrong: string[] = [];
      let total = 0;
      for (const [id, s] of bank.settlements) {
        total++;
        const want = `${s.expected.resultado} ${s.expected.diferenca}`;
        if (byLabel.get(id) !== want) wrong.push(`${id} (${s.difference}): ${byLabel.get(id)} ≠ ${want}`);
      }
      for (const [doc, e] of bank.withoutOrigin) {
        total++;
        if (byLabel.get(doc) !== `${e.resultado} ${e.diferenca}`) wrong.push(`${doc}: ${byLabel.get(doc)} ≠ ${e.resultado}`);
      }
      expect(wrong, `${name}: ${wrong.length} of ${total} wrong`).toEqual([]);
      expect(total).toBeGreaterThan(100);
    }
  });
});
