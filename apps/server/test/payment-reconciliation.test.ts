import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withRawTransaction } from '@concilia/db';
import { generateScenario } from '@concilia/engine';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { reconcilePayments } from '../src/reconcile/payment-reconciliation';
import { createTestApp, engines, type TestApp } from './harness';
import { receiveInTurn } from './support/receive-in-turn';

const quiet = pino({ level: 'silent' });
/** The demo's Cielo establishment: registered to the unit 'Pão Quente - Centro'. */
const EC = '1023456789';
const SCENARIO = { sales: 400, seed: 17, merchants: [EC], startDate: '2026-05-04', days: 10 } as const;
const WINDOW = { de: '2026-05-04', ate: '2026-05-13' } as const;
/** after every generated installment's credit date (six installments at most, the last in November) */
const LATER = '2027-06-30';

type Row = Record<string, unknown>;

describe.each(engines())('payment reconciliation on %s', (engine) => {
  let t: TestApp;
  let ing: Ingestion;
  let unit: number;
  let cielo: number;
  let file03: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-pay-'));

  const run = (hoje: string, scope: { de: string; ate: string } = WINDOW) =>
    withRawTransaction(t.opened, (tx) => reconcilePayments(tx, scope, { hoje }));
  const payment = async (nsu: string, parcela = 1): Promise<Row> => {
    const rows = await t.exec(`SELECT p.*, to_char(p.dataprevista, 'YYYY-MM-DD') AS prevista, to_char(p.datapagamento, 'YYYY-MM-DD') AS pagamento
      FROM pagamentos_previstos p WHERE p.nsu = '${nsu}' AND p.parcela = ${parcela}`);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  /** Single-installment sales paid on time, one per sale date, so cases do not share a due date. */
  const paidSales = async (): Promise<Row[]> =>
    t.exec(`SELECT DISTINCT ON (datavenda) nsu, datavenda, bandeira, valorprevisto, to_char(dataprevista, 'YYYY-MM-DD') AS prevista
      FROM pagamentos_previstos WHERE situacao = 'pago' AND totparcelas = 1 ORDER BY datavenda, nsu`);
  const settlementOf = (nsu: string) => `tipo = 'settlement' AND nsu = '${nsu}' AND estabelecimento = '${EC}'`;
  const insertLine = (linha: number, fields: Record<string, string | number | null>) => {
    const all = { codarquivo: file03, linha, chave: `md5('pay-${linha}')::uuid`, ocorrencia: 1, codoperadora: cielo, codpessoa: unit, codcliente: `cliente_raiz(${unit})`, estabelecimento: `'${EC}'`, ...fields };
    return t.exec(`INSERT INTO linhas_operadora (${Object.keys(all).join(', ')}) VALUES (${Object.values(all).map((v) => v ?? 'NULL').join(', ')})`);
  };
  const snapshot = async () => ({
    pagamentos: await t.exec(`SELECT codlinha, parcela, dataprevista::text, valorprevisto, origem, codlinhaprevisao, codlinhapagamento, datapagamento::text,
      valorpago, custoantecipacao, codlinhaajuste, motivo, situacao FROM pagamentos_previstos ORDER BY codlinha, parcela`),
    resumo: await t.exec(`SELECT * FROM resumo_pagamentos_dia ORDER BY data, codpessoa, codoperadora, bandeira, produto`),
  });

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    unit = Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`))[0]!.codpessoa);
    cielo = Number((await t.exec(`SELECT codoperadora FROM operadoras WHERE nome = 'Cielo'`))[0]!.codoperadora);
    const files = await writeScenarioFiles({ dir, layouts: ['cielo-v15', 'cielo-v15-pagamentos'], scenario: SCENARIO, fileDate: '2026-05-15' });
    await receiveInTurn(ing, files, unit);
    file03 = Number((await t.exec(`SELECT codarquivo FROM arquivos WHERE nomearquivo LIKE 'CIELO03%'`))[0]!.codarquivo);
    await run(LATER);
  }, 120_000);
  afterAll(async () => {
    await ing.stop();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('expects every installment on its forecast date and finds it paid by file 04; corrections are adjusted', async () => {
    const rows = await t.exec(`SELECT nsu, parcela, origem, situacao, valorprevisto, valorpago, dataprevista = datapagamento AS nodia FROM pagamentos_previstos`);
    const byNsu = new Map<string, Row[]>();
    for (const r of rows) byNsu.set(r.nsu as string, [...(byNsu.get(r.nsu as string) ?? []), r]);
    const wrong: string[] = [];
    let installments = 0;
    for (const s of generateScenario(SCENARIO)) {
      if (!s.operator) continue;
      const got = byNsu.get(s.operator.nsu) ?? [];
      installments += s.operator.installments;
      if (got.length !== s.operator.installments) wrong.push(`nsu ${s.operator.nsu}: ${got.length} parcelas`);
      const expected = s.difference === 'cancelada' || s.difference === 'chargeback' ? 'ajustado' : 'pago';
      for (const r of got) {
        if (r.situacao !== expected || r.origem !== 'previsao' || !r.nodia || Number(r.valorpago) !== Number(r.valorprevisto)) {
          wrong.push(`${s.difference} nsu ${s.operator.nsu}/${r.parcela}: ${r.situacao} ${r.origem}`);
        }
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(rows).toHaveLength(installments);
    expect(rows.some((r) => r.situacao === 'ajustado')).toBe(true);
  });

  it('keeps the daily summary equal to the expected payments it sums', async () => {
    const [p] = await t.exec(`SELECT count(*)::int AS n, sum(valorprevisto)::bigint AS previsto,
      sum(valorpago) FILTER (WHERE situacao <> 'ajustado')::bigint AS pago FROM pagamentos_previstos`);
    const [r] = await t.exec(`SELECT sum(parcelas)::int AS n, sum(previsto)::bigint AS previsto, sum(pago)::bigint AS pago FROM resumo_pagamentos_dia`);
    expect(Number(r!.n)).toBe(Number(p!.n));
    expect(Number(r!.previsto)).toBe(Number(p!.previsto));
    expect(Number(r!.pago)).toBe(Number(p!.pago));
  });

  it('tells a late payment, another amount, an unpaid installment and an anticipation apart', async () => {
    const [late, other, unpaid, early] = await paidSales();
    const nsu = (r: Row | undefined) => r!.nsu as string;
    await t.exec(`UPDATE linhas_operadora SET data = data + 2 WHERE ${settlementOf(nsu(late))} AND datavenda = '${late!.datavenda}'`);
    await t.exec(`UPDATE linhas_operadora SET valorliquido = valorliquido - 137 WHERE ${settlementOf(nsu(other))} AND datavenda = '${other!.datavenda}'`);
    await t.exec(`DELETE FROM linhas_operadora WHERE ${settlementOf(nsu(unpaid))} AND datavenda = '${unpaid!.datavenda}'`);
    // paid ten days early by a negotiation (Cielo B: one line per original due date and brand), at a cost of R$ 1,50
    await t.exec(`DELETE FROM linhas_operadora WHERE ${settlementOf(nsu(early))} AND datavenda = '${early!.datavenda}'`);
    const due = early!.prevista as string;
    await insertLine(900001, {
      tipo: `'anticipation'`, tiporegistro: `'B'`, lote: `'OP0001'`, data: `'${due}'::date - 10`, dataprevista: `'${due}'`,
      bandeira: `'${early!.bandeira}'`, valorbruto: Number(early!.valorprevisto), valortaxa: 150, valorliquido: Number(early!.valorprevisto) - 150,
    });

    await run(LATER);
    const l = await payment(nsu(late));
    expect([l.situacao, l.pagamento]).toEqual(['pago_atraso', addDays(l.prevista as string, 2)]);
    const o = await payment(nsu(other));
    expect([o.situacao, Number(o.valorpago)]).toEqual(['pago_valor_diferente', Number(o.valorprevisto) - 137]);
    expect((await payment(nsu(unpaid))).situacao).toBe('em_aberto');
    const e = await payment(nsu(early));
    expect([e.situacao, Number(e.custoantecipacao), Number(e.valorpago), e.pagamento]).toEqual(['antecipado', 150, Number(early!.valorprevisto) - 150, addDays(due, -10)]);

    // the day before the unpaid one's date nothing is overdue yet
    await run(addDays(unpaid!.prevista as string, -1));
    expect((await payment(nsu(unpaid))).situacao).toBe('a_vencer');
    await run(LATER);
    expect((await payment(nsu(unpaid))).situacao).toBe('em_aberto');
  });

  it('adjusts a cancelled sale with the operator reason', async () => {
    const target = (await paidSales())[4]!;
    await insertLine(900002, {
      tipo: `'cancellation'`, tiporegistro: `'E'`, lote: null, nsu: `'${target.nsu}'`, data: `'2026-05-20'`, datavenda: `'${target.datavenda}'`,
      valorliquido: -Number(target.valorprevisto), motivo: `'0002'`, motivonome: `'Cancelamento'`,
    });
    await run(LATER);
    const p = await payment(target.nsu as string);
    expect([p.situacao, p.tipoajuste, p.motivo, p.motivonome]).toEqual(['ajustado', 'cancellation', '0002', 'Cancelamento']);
  });

  it('gives a sale without forecast the contracted terms in business days, and credits Pix at once', async () => {
    // a debit sale on Monday 20/04/2026 (21/04 is Tiradentes) and a credit sale in 3 installments the same day
    const sale = { tipo: `'sale'`, tiporegistro: `'E'`, lote: `'9999999'`, data: `'2026-04-20'`, aceita: 'true', valorbruto: 10000, valortaxa: 200 };
    await insertLine(900010, { ...sale, nsu: `'900010'`, valorliquido: 9800, totparcelas: 1, produto: `'041'`, produtonome: `'Débito'` });
    await insertLine(900011, { ...sale, nsu: `'900011'`, valorliquido: 9800, totparcelas: 3, produto: `'043'`, produtonome: `'Parcelado loja'` });
    await insertLine(900012, { tipo: `'pix'`, tiporegistro: `'8'`, nsu: `'E0000PIX'`, data: `'2026-04-20'`, datavenda: `'2026-04-20'`, valorbruto: 5000, valortaxa: 50, valorliquido: 4950 });
    const day = { de: '2026-04-20', ate: '2026-04-20' };
    await run('2026-04-21', day);

    const debit = await payment('900010');
    expect([debit.origem, debit.prevista, Number(debit.valorprevisto), debit.situacao]).toEqual(['prazo_contratado', '2026-04-22', 9800, 'a_vencer']);
    // D+30 per installment: 20/05 (Wed), 19/06 (Fri), 19/07 is a Sunday → 20/07; the remainder on the first
    const credit = await Promise.all([1, 2, 3].map((k) => payment('900011', k)));
    expect(credit.map((c) => [c.prevista, Number(c.valorprevisto)])).toEqual([['2026-05-20', 3268], ['2026-06-19', 3266], ['2026-07-20', 3266]]);
    const pix = await payment('E0000PIX');
    expect([pix.situacao, pix.pagamento, Number(pix.valorpago)]).toEqual(['pix', '2026-04-20', 4950]);

    await run('2026-04-23', day);
    expect((await payment('900010')).situacao).toBe('em_aberto');
  });

  it('running again changes nothing', async () => {
    await run(LATER, { de: '2026-04-20', ate: '2026-04-20' });
    await run(LATER);
    const before = await snapshot();
    await run(LATER);
    await run(LATER, { de: '2026-04-20', ate: '2026-04-20' });
    expect(await snapshot()).toEqual(before);
  });
});

function addDays(d: string, n: number): string {
  const t = new Date(`${d}T12:00:00Z`);
  t.setUTCDate(t.getUTCDate() + n);
  return t.toISOString().slice(0, 10);
}
