import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { spreadsheetText } from './spreadsheet-text';
import { pdfText } from './support/pdf-text';
import { billingScenario, type SaleInput } from './support/billing-scenario';


/**
 * Billing movements (issue 18) against hand-computed cases, on the client of support/billing-scenario.ts
 * (terminal T-BILL: débito 2 %, parcelado 2–6x 3 %, no rate for crédito à vista; 50,00 a month, cut-off day 31 —
 * the month's last day in February —, fees from 15 Feb).
 *
 * Up to 31 Mar the open period bills (centavos):
 *   débito 10 050, fee round(201.0) = 201, operator fee 100;
 *   parcelado 4x 1 234, tarifação P: parts 310 + 3 × 308, fee round(9.30) + 3 × round(9.24) = 9 + 27 = 36
 *     (tarifação V would be round(37.02) = 37), operator fee 40;
 *   crédito à vista 20 000, no rate: fee 0, operator fee 400;
 *   fees February (cut-off 28 Feb) and March (31 Mar): 2 × 5 000.
 *   valorbruto 31 284, valorliquidoadm 30 744, valorliquidoterminal 9 849 + 1 198 + 20 000 = 31 047,
 *   débitos 10 000, valor do serviço 31 284 − 31 047 + 10 000 = 10 237; period from 28 Feb (the first fee).
 * Not billed: a sale on another terminal, a refused sale, a sale before the contract, and a sale with the same
 * terminal code in another client's establishment.
 */
const ABERTOS = `query($v: MovimentoAbertoFilter) { listarMovimentosAbertos(values: $v) {
  id codpessoa nome filtrode filtroate quantidade atrasadas mensalidades valorbruto valorliquidoadm valorliquidoterminal creditos debitos valorservico } }`;
const FECHAR = 'mutation($v: MovimentoAbertoKeyValues!) { fecharMovimento(values: $v) }';
const FECHADOS = `query($v: MovimentoFechadoFilter) { listarMovimentosFechados(values: $v) {
  chave nome filtrode filtroate valorbruto valorliquidoadm valorliquidoterminal creditos debitos valorservico dataprocessado } }`;
const RELATORIO = 'mutation($v: RelatorioMovimentoFechadoInput!) { gerarRelatorioMovimentosFechados(values: $v) }';

describe.each(engines())('billing movements (%s)', (engine) => {
  let t: TestApp;
  let revenda: string;
  let cliente: string;
  let codcliente: number;
  let one: (q: string) => Promise<number>;
  let sale: (v: SaleInput) => Promise<void>;
  const abertos = async (ate: string, cookie = revenda) =>
    dataOf(await t.call(ABERTOS, { v: { ate, codpessoa: codcliente } }, { cookie })).listarMovimentosAbertos as Record<string, unknown>[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ one, sale, codcliente } = await billingScenario(t, engine));
    const outroCliente = await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Bom Preço - Matriz'`);

    await sale({ data: '2026-03-05', produto: '041', bruto: 10050, taxa: 100 });
    await sale({ data: '2026-03-06', produto: '043', bruto: 1234, taxa: 40, parcelas: 4 });
    await sale({ data: '2026-03-07', produto: '040', bruto: 20000, taxa: 400 });
    await sale({ data: '2026-03-08', produto: '041', bruto: 77700, taxa: 700, terminal: 'OUTRO' });
    await sale({ data: '2026-03-09', produto: '041', bruto: 88800, taxa: 800, aceita: false });
    await sale({ data: '2026-01-20', produto: '041', bruto: 99900, taxa: 900 });
    await sale({ data: '2026-03-10', produto: '041', bruto: 66600, taxa: 600, codpessoa: outroCliente });
    revenda = await t.login('REVENDA');
    cliente = await t.login('CLIENTE');
  });
  afterAll(() => t?.close());

  it('prices the open period as hand-computed: rates per installment, no rate at 0 %, monthly fees by cut-off day', async () => {
    expect(await abertos('2026-03-31')).toEqual([{
      id: `${codcliente}|2026-03-31`, codpessoa: codcliente, nome: 'Cliente Faturamento', filtrode: '2026-02-28', filtroate: '2026-03-31',
      quantidade: 3, atrasadas: 0, mensalidades: 2, valorbruto: 31284, valorliquidoadm: 30744, valorliquidoterminal: 31047,
      creditos: 31047, debitos: 10000, valorservico: 10237,
    }]);
    // up to 27 Feb: nothing yet (the first fee's cut-off is the 28th, no sale before March)
    expect(await abertos('2026-02-27')).toEqual([]);
  });

  it('tarifação V rounds once on the sale: the 4x sale pays 37 instead of 36', async () => {
    await t.exec(`UPDATE planos_pos SET tarifacao = 'V' WHERE nome = 'POS Faturamento'`);
    const [row] = await abertos('2026-03-31');
    expect(row!.valorliquidoterminal).toBe(31047 - 1);
    await t.exec(`UPDATE planos_pos SET tarifacao = 'P' WHERE nome = 'POS Faturamento'`);
  });

  it('billing is the back office\'s: a client has no billing screens, and cannot close another client', async () => {
    expect(errorOf(await t.call(ABERTOS, { v: { ate: '2026-03-31' } }, { cookie: cliente })).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(FECHAR, { v: { editValues: { id: `${codcliente}|2026-03-31` } } }, { cookie: cliente })).code).toBe('FORBIDDEN');
    expect(await one(`SELECT count(*) FROM movimentos`)).toBe(0);
  });

  let chave: string;
  it('closing freezes the period once: closing again changes nothing, and the period leaves the open list', async () => {
    const close = () => t.call(FECHAR, { v: { editValues: { id: `${codcliente}|2026-03-31` } } }, { cookie: revenda });
    // two closings at once (two tabs): the client's lock puts one after the other, and the second finds it closed
    const both = await Promise.all([close(), close()]);
    expect(both.map((r) => dataOf(r).fecharMovimento)).toEqual([true, true]);
    expect(dataOf(await close()).fecharMovimento).toBe(true);
    const fechados = dataOf(await t.call(FECHADOS, { v: { processado: 'A' } }, { cookie: revenda })).listarMovimentosFechados;
    expect(fechados).toHaveLength(1);
    expect(fechados[0]).toMatchObject({ nome: 'Cliente Faturamento', filtrode: '2026-02-28', filtroate: '2026-03-31', valorbruto: 31284,
      valorliquidoadm: 30744, valorliquidoterminal: 31047, creditos: 31047, debitos: 10000, valorservico: 10237, dataprocessado: null });
    chave = fechados[0].chave;
    expect(await one(`SELECT count(*) FROM movimento_linhas`)).toBe(3);
    expect(await one(`SELECT count(*) FROM movimento_mensalidades`)).toBe(2);
    expect(await abertos('2026-03-31')).toEqual([]);
    // nothing to bill is said, not closed
    const r = await t.call(FECHAR, { v: { editValues: { id: `${codcliente}|2026-04-05` } } }, { cookie: revenda });
    expect(errorOf(r).message).toBe(MSG.movimentoNadaAFechar.replace('{nome}', 'Cliente Faturamento').replace('{data}', '05/04/2026'));
  });

  it('a late sale of a closed day goes to the next open period, counted as late; the closed movement never changes', async () => {
    await sale({ data: '2026-03-20', produto: '041', bruto: 5000, taxa: 50 });
    const [row] = await abertos('2026-04-30');
    // 5 000 at 2 % = 100; April's fee (cut-off 30 Apr)
    expect(row).toMatchObject({ filtrode: '2026-04-01', filtroate: '2026-04-30', quantidade: 1, atrasadas: 1, mensalidades: 1, valorbruto: 5000,
      valorliquidoterminal: 4900, debitos: 5000, valorservico: 5100 });
    const fechados = dataOf(await t.call(FECHADOS, { v: { processado: 'A' } }, { cookie: revenda })).listarMovimentosFechados;
    expect(fechados[0]).toMatchObject({ valorbruto: 31284, valorservico: 10237 });
  });

  it('filters closed movements by processed state, and refuses them to a client', async () => {
    expect(dataOf(await t.call(FECHADOS, { v: { processado: 'P' } }, { cookie: revenda })).listarMovimentosFechados).toEqual([]);
    expect(dataOf(await t.call(FECHADOS, { v: { processado: 'N' } }, { cookie: revenda })).listarMovimentosFechados).toHaveLength(1);
    expect(errorOf(await t.call(FECHADOS, { v: {} }, { cookie: cliente })).code).toBe('FORBIDDEN');
  });

  it('gerarRelatorioMovimentosFechados offers the PDF and the spreadsheet of the frozen movement, with the biller\'s Parâmetros text; never to a client', async () => {
    await t.exec(`INSERT INTO parametros (codpessoa, texto) SELECT codpessoa, 'GRUPO SUL - FATURAMENTO MENSAL' FROM pessoas WHERE tipo = 'REVENDA' AND nome LIKE 'Revenda Sul%'`);
    for (const [tipo, formato, magic] of [['A', 'pdf', '%PDF'], ['S', 'xlsx', 'PK']] as const) {
      const path = dataOf(await t.call(RELATORIO, { v: { chave, tipo, formato } }, { cookie: revenda })).gerarRelatorioMovimentosFechados as string;
      expect(path).toMatch(/^\/download\//);
      const res = await t.app.fetch(`${BASE_URL}${path}`, { method: 'GET', headers: { cookie: revenda } }, { ip: '127.0.0.1' });
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.subarray(0, magic.length).toString('latin1')).toBe(magic);
      expect(res.headers.get('content-disposition')).toContain(tipo === 'A' ? 'analitico' : 'sintetico');
      const text = formato === 'pdf' ? pdfText(body) : await spreadsheetText(new Uint8Array(body));
      expect(text).toContain('GRUPO SUL - FATURAMENTO MENSAL');
      expect(text).toContain('Cliente Faturamento');
    }
    expect(errorOf(await t.call(RELATORIO, { v: { chave, tipo: 'A' } }, { cookie: cliente })).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(RELATORIO, { v: { chave, tipo: 'X' } }, { cookie: revenda })).message).toBe(MSG.movimentoRelatorioTipo);
  });
});
