import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@concilia/domain';
import type { WriterName } from '@concilia/engine';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { nameKindSql, productKindJoins, productKindSql } from '../src/reconcile/sales-summary';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { receiveInTurn } from './support/receive-in-turn';

/**
 * getDashBoard against a direct computation over the same lines: generated files of three demo units (Cielo
 * and a customer file for 'Pão Quente - Centro', Rede for 'Pão Quente - Savassi', Getnet for 'Bom Preço -
 * Matriz') go through the real ingestion and reconciliation; the dashboard reads only the summaries those
 * jobs keep, the test sums the raw lines and expected payments itself.
 */
const quiet = pino({ level: 'silent' });
const UNITS: { nome: string; ec: string; layouts: WriterName[]; seed: number }[] = [
  { nome: 'Pão Quente - Centro', ec: '1023456789', layouts: ['cielo-v15', 'cielo-v15-pagamentos', 'cliente-csv'], seed: 71 },
  { nome: 'Pão Quente - Savassi', ec: '045678901', layouts: ['rede-eevc', 'rede-eevd'], seed: 72 },
  { nome: 'Bom Preço - Matriz', ec: '000000987654321', layouts: ['getnet'], seed: 73 },
];
const WINDOW = { de: '2026-05-01', ate: '2026-05-31' } as const;

const Q = `query($values: DashboardValues!) { getDashBoard(values: $values) {
  seriesVendaOperadora { name y sliced selected } seriesVendaTipo { name y sliced selected }
  categoriaVendaDia seriesVendaDia categoriaVendaHora seriesVendaHora
  seriesTicketMedio { name y } categoriaTaxaMedia seriesTaxaMedia { name data }
  indicadores { quantidade bruto liquido taxa taxaPercentual conciliadoPercentual cobradoAMais emAtraso parcelasEmAtraso naoCreditado }
} }`;

type Row = Record<string, unknown>;
const TIPOS: Record<string, string> = { CREDITO: 'Crédito', DEBITO: 'Débito', VOUCHER: 'Voucher', PIX: 'Pix', '': 'Outros' };
const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 100 : 0);
/** name → value, the way a person reads a pie */
const byName = (points: { name: string; y: number }[]) => Object.fromEntries(points.map((p) => [p.name, Number(p.y)]));

describe.each(engines())('dashboard on %s', (engine) => {
  let t: TestApp;
  let ing: Ingestion;
  const units = new Map<string, number>();
  let padaria: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-dash-'));

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
    padaria = Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'`))[0]!.codpessoa);
    for (const [i, u] of UNITS.entries()) {
      const codpessoa = Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = '${u.nome}'`))[0]!.codpessoa);
      units.set(u.nome, codpessoa);
      const files = await writeScenarioFiles({
        dir: path.join(dir, String(i)), layouts: u.layouts, fileDate: '2026-05-25',
        scenario: { sales: 300, seed: u.seed, merchants: [u.ec], startDate: '2026-05-04', days: 20 },
      });
      await receiveInTurn(ing, files, codpessoa);
    }
  }, 180_000);
  afterAll(async () => {
    await ing.stop();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (login: string, values: Row) => t.call(Q, { values }, { cookie: await t.login(login) });
  const idsOf = (nomes: string[]) => nomes.map((n) => units.get(n)!).join(', ');

  /** The figures computed straight from the operator sale lines of the given units. */
  async function salesTruth(nomes: string[]) {
    const where = `o.tipo = 'sale' AND o.codpessoa IN (${idsOf(nomes)}) AND o.data BETWEEN '${WINDOW.de}' AND '${WINDOW.ate}'`;
    const operadoras = await t.exec(`SELECT op.nome, count(*)::int AS n, sum(o.valorbruto)::text AS bruto, sum(o.valortaxa)::text AS taxa
      FROM linhas_operadora o JOIN operadoras op ON op.codoperadora = o.codoperadora WHERE ${where} GROUP BY op.nome ORDER BY op.nome`);
    const tipos = await t.exec(`SELECT ${productKindSql(nameKindSql('o.produtonome'))} AS tipo, sum(o.valorbruto)::text AS bruto
      FROM linhas_operadora o ${productKindJoins('o')} WHERE ${where} GROUP BY 1`);
    const dias = await t.exec(`SELECT o.data::text AS dia, sum(o.valorbruto)::text AS bruto FROM linhas_operadora o WHERE ${where} GROUP BY 1`);
    const horas = await t.exec(`SELECT coalesce(substr(o.hora, 1, 2)::int, 0) AS hora, sum(o.valorbruto)::text AS bruto FROM linhas_operadora o WHERE ${where} GROUP BY 1`);
    const [tot] = await t.exec(`SELECT count(*)::int AS n, sum(o.valorbruto)::text AS bruto, sum(o.valorliquido)::text AS liquido, sum(o.valortaxa)::text AS taxa,
        count(*) FILTER (WHERE r.resultado IN ('conciliado', 'conciliado_divergencia'))::int AS conciliadas,
        coalesce(sum(a.diferenca) FILTER (WHERE a.situacao = 'divergente' AND a.diferenca > 0), 0)::text AS amais
      FROM linhas_operadora o JOIN resultado_venda_operadora r ON r.codlinha = o.codlinha LEFT JOIN auditoria_taxas a ON a.codlinha = o.codlinha
      WHERE ${where}`);
    return { operadoras, tipos, dias, horas, tot: tot! };
  }

  it('a client sees its units\' sales by operator, type, day and hour, average ticket and rate, equal to the lines', async () => {
    const truth = await salesTruth(['Pão Quente - Centro', 'Pão Quente - Savassi']);
    const d = dataOf(await ask('CLIENTE', { registro: 'VENDA', ...WINDOW })).getDashBoard;

    expect(byName(d.seriesVendaOperadora)).toEqual(Object.fromEntries(truth.operadoras.map((r) => [r.nome, Number(r.bruto)])));
    expect(Object.keys(byName(d.seriesVendaOperadora)).sort()).toEqual(['Cielo', 'Rede']);
    // the largest slice is the one pulled out
    expect(d.seriesVendaOperadora[0]).toMatchObject({ sliced: true, selected: true });
    expect(d.seriesVendaOperadora.slice(1).every((p: Row) => !p.sliced && !p.selected)).toBe(true);

    expect(byName(d.seriesVendaTipo)).toEqual(Object.fromEntries(truth.tipos.map((r) => [TIPOS[String(r.tipo)], Number(r.bruto)])));
    expect(Object.keys(byName(d.seriesVendaTipo))).toEqual(expect.arrayContaining(['Crédito', 'Débito']));
    expect(Object.keys(byName(d.seriesVendaTipo))).not.toContain('Outros');

    expect(d.categoriaVendaDia).toHaveLength(31);
    expect(d.categoriaVendaDia[0]).toBe(WINDOW.de);
    const dias = new Map(truth.dias.map((r) => [r.dia, Number(r.bruto)]));
    expect(d.seriesVendaDia).toEqual(d.categoriaVendaDia.map((x: string) => dias.get(x) ?? 0));

    expect(d.categoriaVendaHora).toHaveLength(24);
    const horas = new Map(truth.horas.map((r) => [Number(r.hora), Number(r.bruto)]));
    expect(d.seriesVendaHora).toEqual(d.categoriaVendaHora.map((h: string) => horas.get(Number(h)) ?? 0));

    expect(d.categoriaTaxaMedia).toEqual(truth.operadoras.map((r) => r.nome));
    expect(d.seriesTaxaMedia).toEqual([{ name: 'Taxa média', data: truth.operadoras.map((r) => pct(Number(r.taxa), Number(r.bruto))) }]);
    expect(d.seriesTicketMedio.map((p: Row) => [p.name, p.y])).toEqual(truth.operadoras.map((r) => [r.nome, Math.round(Number(r.bruto) / Number(r.n))]));

    const tot = truth.tot;
    expect(d.indicadores).toMatchObject({
      quantidade: tot.n, bruto: Number(tot.bruto), liquido: Number(tot.liquido), taxa: Number(tot.taxa),
      taxaPercentual: pct(Number(tot.taxa), Number(tot.bruto)), conciliadoPercentual: pct(Number(tot.conciliadas), Number(tot.n)),
      cobradoAMais: Number(tot.amais),
    });
    // the customer file of Centro paired most of its sales; Savassi sent none
    expect(d.indicadores.conciliadoPercentual).toBeGreaterThan(20);
    expect(d.indicadores.conciliadoPercentual).toBeLessThan(100);
  });

  it('a reseller sees its clients together, or one client picked as Conciliador', async () => {
    const all = await salesTruth(UNITS.map((u) => u.nome));
    const d = dataOf(await ask('REVENDA', { registro: 'VENDA', ...WINDOW, empresa: -999 })).getDashBoard;
    expect(byName(d.seriesVendaOperadora)).toEqual(Object.fromEntries(all.operadoras.map((r) => [r.nome, Number(r.bruto)])));
    expect(Object.keys(byName(d.seriesVendaOperadora)).sort()).toEqual(['Cielo', 'Getnet', 'Rede']);
    expect(d.indicadores.bruto).toBe(Number(all.tot.bruto));

    const one = dataOf(await ask('REVENDA', { registro: 'VENDA', ...WINDOW, empresa: padaria })).getDashBoard;
    expect(Object.keys(byName(one.seriesVendaOperadora)).sort()).toEqual(['Cielo', 'Rede']);
  });

  it('payments: expected amounts by operator, type and expected date, overdue ones in the key figures, no hour chart', async () => {
    const ids = idsOf(UNITS.map((u) => u.nome));
    const where = `p.codpessoa IN (${ids}) AND p.dataprevista BETWEEN '${WINDOW.de}' AND '${WINDOW.ate}'`;
    const operadoras = await t.exec(`SELECT op.nome, count(*)::int AS n, sum(p.valorprevisto)::text AS previsto,
        sum(p.valorbrutoprevisto)::text AS bruto, sum(p.valorbrutoprevisto - p.valorprevisto)::text AS taxa
      FROM pagamentos_previstos p JOIN operadoras op ON op.codoperadora = p.codoperadora WHERE ${where} GROUP BY op.nome ORDER BY op.nome`);
    const dias = await t.exec(`SELECT p.dataprevista::text AS dia, sum(p.valorprevisto)::text AS v FROM pagamentos_previstos p WHERE ${where} GROUP BY 1`);
    const [atraso] = await t.exec(`SELECT coalesce(sum(p.valorprevisto), 0)::text AS v, count(*)::int AS n FROM pagamentos_previstos p WHERE ${where} AND p.situacao = 'em_aberto'`);
    expect(operadoras.length).toBeGreaterThan(0);

    const d = dataOf(await ask('REVENDA', { registro: 'PAGAMENTO', ...WINDOW })).getDashBoard;
    expect(byName(d.seriesVendaOperadora)).toEqual(Object.fromEntries(operadoras.map((r) => [r.nome, Number(r.previsto)])));
    expect(d.seriesVendaTipo.reduce((s: number, p: Row) => s + Number(p.y), 0)).toBe(operadoras.reduce((s, r) => s + Number(r.previsto), 0));
    // every card installment's kind is known: Cielo and Getnet by their product codes, Rede by its sale's product name
    expect(Object.keys(byName(d.seriesVendaTipo))).toContain('Débito');
    expect(Object.keys(byName(d.seriesVendaTipo))).not.toContain('Outros');
    const m = new Map(dias.map((r) => [r.dia, Number(r.v)]));
    expect(d.seriesVendaDia).toEqual(d.categoriaVendaDia.map((x: string) => m.get(x) ?? 0));
    expect(d.categoriaVendaHora).toEqual([]);
    expect(d.seriesTicketMedio.map((p: Row) => [p.name, p.y])).toEqual(operadoras.map((r) => [r.nome, Math.round(Number(r.previsto) / Number(r.n))]));
    expect(d.seriesTaxaMedia[0].data).toEqual(operadoras.map((r) => pct(Number(r.taxa), Number(r.bruto))));
    expect([d.indicadores.emAtraso, d.indicadores.parcelasEmAtraso]).toEqual([Number(atraso!.v), atraso!.n]);
  });

  it('an empty period answers empty series, not zeros', async () => {
    const d = dataOf(await ask('CLIENTE', { registro: 'VENDA', de: '2025-01-01', ate: '2025-01-31' })).getDashBoard;
    expect(d).toMatchObject({ seriesVendaOperadora: [], seriesVendaTipo: [], categoriaVendaDia: [], seriesVendaDia: [], categoriaVendaHora: [], seriesTaxaMedia: [] });
    expect(d.indicadores.quantidade).toBe(0);
  });

  it('refuses a window over one month and a client outside the caller\'s part of the hierarchy', async () => {
    expect(errorOf(await ask('CLIENTE', { registro: 'VENDA', de: '2026-05-01', ate: '2026-06-02' }))).toEqual({ message: MSG.periodoMaximo, code: 'BAD_USER_INPUT' });
    expect(errorOf(await ask('CLIENTE', { registro: 'VENDA', de: '2026-05-31', ate: '2026-05-01' }))).toEqual({ message: MSG.periodoMaximo, code: 'BAD_USER_INPUT' });
    // 31/01 + one month is 28/02: the end of February is the limit, not 03/03
    expect(dataOf(await ask('CLIENTE', { registro: 'VENDA', de: '2026-01-31', ate: '2026-02-28' })).getDashBoard.categoriaVendaDia).toEqual([]);
    expect(errorOf(await ask('CLIENTE', { registro: 'VENDA', de: '2026-01-31', ate: '2026-03-01' })).message).toBe(MSG.periodoMaximo);

    // CLIENTE2 (Mercado Bom Preço) cannot ask for the bakery, nor does it see the bakery's sales unasked
    expect(errorOf(await ask('CLIENTE2', { registro: 'VENDA', ...WINDOW, empresa: padaria }))).toEqual({ message: MSG.semPermissao, code: 'FORBIDDEN' });
    const own = dataOf(await ask('CLIENTE2', { registro: 'VENDA', ...WINDOW })).getDashBoard;
    expect(Object.keys(byName(own.seriesVendaOperadora))).toEqual(['Getnet']);
  });

  it("'Não creditado': the window's settlements the bank check found missing, in the caller's scope", async () => {
    const none = dataOf(await ask('CLIENTE', { registro: 'VENDA', ...WINDOW })).getDashBoard;
    expect(none.indicadores.naoCreditado).toBe(0);
    // a settlement of Centro not credited in the window, one credited, one not credited after the window, one of Bom Preço
    const plant = async (unidade: string, data: string, valor: number, resultado: string) => {
      const codpessoa = units.get(unidade)!;
      const [l] = await t.exec(`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente, estabelecimento, data, valorliquido)
        SELECT codarquivo, 900000 + ${valor}, md5('dash-banco-${valor}')::uuid, 1, 'settlement', 'X', 1, ${codpessoa}, cliente_raiz(${codpessoa}), 'DASH', '${data}', ${valor}
        FROM arquivos WHERE codpessoa = ${codpessoa} ORDER BY codarquivo LIMIT 1 RETURNING codlinha`);
      await t.exec(`INSERT INTO conciliacoes_bancarias (grupo, codpessoa, codcliente, codlinha, resultado) VALUES (${valor}, ${codpessoa}, cliente_raiz(${codpessoa}), ${Number(l!.codlinha)}, '${resultado}')`);
    };
    await plant('Pão Quente - Centro', '2026-05-20', 123456, 'NAO_CREDITADO');
    await plant('Pão Quente - Centro', '2026-05-21', 5000, 'CREDITADO');
    await plant('Pão Quente - Savassi', '2026-06-02', 7000, 'NAO_CREDITADO');
    await plant('Bom Preço - Matriz', '2026-05-22', 9900, 'NAO_CREDITADO');
    const d = dataOf(await ask('CLIENTE', { registro: 'VENDA', ...WINDOW })).getDashBoard;
    expect(d.indicadores.naoCreditado).toBe(123456);
    expect(dataOf(await ask('CLIENTE', { registro: 'PAGAMENTO', ...WINDOW })).getDashBoard.indicadores.naoCreditado).toBe(123456);
    expect(dataOf(await ask('CLIENTE2', { registro: 'VENDA', ...WINDOW })).getDashBoard.indicadores.naoCreditado).toBe(9900);
    expect(dataOf(await ask('REVENDA', { registro: 'VENDA', ...WINDOW, empresa: padaria })).getDashBoard.indicadores.naoCreditado).toBe(123456);
    expect(dataOf(await ask('REVENDA', { registro: 'VENDA', ...WINDOW })).getDashBoard.indicadores.naoCreditado).toBe(123456 + 9900);
  });
});
