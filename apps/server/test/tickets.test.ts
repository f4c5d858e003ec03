import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScenarioFiles } from '../src/ingest/synthetic-files';
import { BASE_URL, createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

/**
 * Ticket calls over the real ingestion and reconciliation: a generated Cielo statement and the matching
 * customer file of the demo unit 'Pão Quente - Centro' (client CLIENTE), loaded through the app's own
 * ingestion; CLIENTE2 (another client) must see none of it.
 */
const EC = '1023456789';
const SCENARIO = { sales: 800, seed: 61, merchants: [EC], startDate: '2026-10-05', days: 10 } as const;
const WINDOW = { datavenda: '2026-10-01', datavendaate: '2026-10-31' } as const;

const TICKET = 'id tipo codlinha codlinhasarqcli codarquivo nsu autorizacao datavenda valor resultado unidade origem desconsiderado codpessoa codoperadora';
const LINE = 'id codarquivo tipo nomearquivo valorbruto nsu resultado codlinhasarqcli desconsiderado status parcela';
const Q = {
  pesquisar: `query($v: TicketFiltroInput!) { pesquisarTickets(values: $v) { ${TICKET} } }`,
  listar: `query($v: TicketPesquisaFilter) { listarTickets(values: $v) { id tipo resultado valor } }`,
  cards: `query($v: TicketPesquisaFilter) { resultadosTickets(values: $v) { valor quantidade total } }`,
  desconsiderar: `mutation($v: TicketPesquisaKeyValues!) { desconsiderarTicket(values: $v) }`,
  reconsiderar: `mutation($v: TicketPesquisaKeyValues!) { reconsiderarTicket(values: $v) }`,
  resumo: `query($v: TicketFiltroInput!) { resumoTickets(values: $v) { valor label quantidade total } }`,
  detalhar: `query($id: String, $nsu: String, $datavenda: String, $tipo: String, $codpessoa: Int, $codoperadora: Int) {
    detalharTicket(id: $id, nsu: $nsu, datavenda: $datavenda, tipo: $tipo, codpessoa: $codpessoa, codoperadora: $codoperadora) {
      pagamento { ${LINE} } liquidacao { ${LINE} } venda { ${LINE} } previsao { ${LINE} } antecipado { ${LINE} } cliente { ${LINE} }
      clienteIntegrador { ${LINE} } desconsiderado { ${LINE} } cancelado { ${LINE} } marketplace { ${LINE} } } }`,
  acao: `mutation($c: Int!, $tipo: String!, $acao: String!) { reconsiderarDesconsiderarTicket(codlinhasarqcli: $c, tipo: $tipo, acao: $acao) }`,
  analise: `mutation($v: TicketPesquisaKeyValues!) { baixarAnaliseTicket(values: $v) }`,
  importaveis: `query($v: TicketImportacaoFiltroInput!) { pesquisarImportacaoTickets(values: $v) { id codlinha datavenda valor nsu autorizacao terminal codexterno } }`,
  importar: `mutation($v: TicketImportacaoKeyValues!) { importarTicket(values: $v) }`,
  importarTodos: `mutation($v: TicketImportacaoFilter) { importarTodosTickets(values: $v) }`,
  listarImportacao: `query($v: TicketImportacaoFilter) { listarImportacaoTickets(values: $v) { id datavenda valor } }`,
  incluir: `mutation($values: TicketCabecalhoInput!, $tickets: [TicketLinhaInput!]!) { incluirTicket(values: $values, tickets: $tickets) }`,
  reprocessar: `mutation($c: Int!, $tipo: String) { reprocessarTicket(codarquivo: $c, tipo: $tipo) }`,
  deletar: `mutation($c: Int!, $tipo: String) { deletarTicket(codarquivo: $c, tipo: $tipo) }`,
  codExterno: `query($p: Int, $o: Int) { listarItensConciliadoresCodExterno(codpessoa: $p, codOperadora: $o) { valor label } }`,
};

type Ticket = { id: string; tipo: string; codlinha: number | null; codlinhasarqcli: number | null; codarquivo: number; nsu: string;
  autorizacao: string; datavenda: string; valor: number; resultado: string; unidade: string; origem: string; desconsiderado: boolean;
  codpessoa: number; codoperadora: number };

describe.each(engines())('ticket calls on %s', (engine) => {
  let t: TestApp;
  let cliente: string;
  let cliente2: string;
  let unit: number;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-tickets-'));

  const call = async (cookie: string, q: string, v: Record<string, unknown> = {}) => dataOf(await t.call(q, v, { cookie }));
  const search = async (v: Record<string, unknown>, cookie = cliente): Promise<Ticket[]> =>
    (await call(cookie, Q.pesquisar, { v: { ...WINDOW, ...v } })).pesquisarTickets;
  const drain = () => t.app.services.ingestion.drain();
  const byNsu = async (tipo: string, nsu: string) => (await search({ tipo, nsu })).filter((x) => x.nsu === nsu);

  beforeAll(async () => {
    t = await createTestApp(engine, { INGEST_WORKERS: '1' });
    unit = Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`))[0]!.codpessoa);
    const files = await writeScenarioFiles({ dir, layouts: ['cielo-v15', 'cliente-csv'], scenario: SCENARIO, fileDate: '2026-10-15' });
    for (const f of files) await t.app.services.ingestion.receive({ source: fs.readFileSync(f.path), name: path.basename(f.path), origem: 'CLI', codpessoa: unit });
    await drain();
    cliente = await t.login('CLIENTE');
    cliente2 = await t.login('CLIENTE2');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds the operator and the customer tickets of the window, each with its result, and counts them per result', async () => {
    const a = await search({});
    const c = await search({ tipo: 'C' });
    expect(a.length).toBeGreaterThan(250);
    expect(c.length).toBeGreaterThan(250);
    expect(new Set(a.map((x) => x.tipo))).toEqual(new Set(['A']));
    expect(new Set(c.map((x) => x.unidade))).toEqual(new Set(['Pão Quente - Centro']));
    expect(a.some((x) => x.resultado === 'conciliado') && a.some((x) => x.resultado === 'somente_operadora')).toBe(true);
    expect(c.some((x) => x.resultado === 'somente_cliente')).toBe(true);
    // the same search on the kit's list screen, and its cards
    expect((await call(cliente, Q.listar, { v: WINDOW })).listarTickets.map((x: { id: string }) => x.id)).toEqual(a.map((x) => x.id));
    expect((await call(cliente, Q.cards, { v: WINDOW })).resultadosTickets.reduce((n: number, x: { quantidade: number }) => n + x.quantidade, 0)).toBe(a.length);
    // cards: one per result present, counts and totals adding up to the table; a card's value filters the table
    const cards: { valor: string; label: string; quantidade: number; total: number }[] = (await call(cliente, Q.resumo, { v: WINDOW })).resumoTickets;
    expect(cards.reduce((s, x) => s + x.quantidade, 0)).toBe(a.length);
    expect(cards.reduce((s, x) => s + x.total, 0)).toBe(a.reduce((s, x) => s + x.valor, 0));
    expect(cards.find((x) => x.valor === 'conciliado')?.label).toBe('Conciliado');
    const only = await search({ resultado: 'somente_operadora' });
    expect(only.length).toBe(cards.find((x) => x.valor === 'somente_operadora')!.quantidade);
    // key filters: one NSU
    const one = a[10]!;
    expect((await search({ nsu: one.nsu })).map((x) => x.id)).toContain(one.id);
    // CU: nothing came from an integration
    expect(await search({ tipo: 'CU' })).toEqual([]);
  });

  it('refuses a window over one month and invalid dates, on search and import', async () => {
    const long = await t.call(Q.pesquisar, { v: { datavenda: '2026-09-01', datavendaate: '2026-10-31' } }, { cookie: cliente });
    expect(errorOf(long)).toEqual({ message: MSG.periodoMaximo, code: 'BAD_USER_INPUT' });
    const bad = await t.call(Q.pesquisar, { v: { datavenda: '2026-02-30', datavendaate: '2026-03-01' } }, { cookie: cliente });
    expect(errorOf(bad).message).toBe(MSG.dataInvalida);
    const imp = await t.call(Q.importaveis, { v: { de: '2026-08-01', ate: '2026-10-31' } }, { cookie: cliente });
    expect(errorOf(imp).message).toBe(MSG.periodoMaximo);
    // the kit's screens apply the same limit
    expect(errorOf(await t.call(Q.listar, { v: { datavenda: '2026-09-01', datavendaate: '2026-10-31' } }, { cookie: cliente })).message).toBe(MSG.periodoMaximo);
    expect(errorOf(await t.call(Q.listarImportacao, { v: { de: '2026-08-01', ate: '2026-10-31' } }, { cookie: cliente })).message).toBe(MSG.periodoMaximo);
  });

  it('traces a ticket on both sides: the sale, its customer line, its expected payments', async () => {
    const [c] = (await search({ tipo: 'C', resultado: 'conciliado' }));
    const trace = (await call(cliente, Q.detalhar, { id: c!.id })).detalharTicket;
    expect(trace.cliente.map((l: { id: string }) => l.id)).toEqual([c!.id]);
    expect(trace.venda).toHaveLength(1);
    expect(trace.venda[0]).toMatchObject({ nsu: c!.nsu, valorbruto: c!.valor, resultado: 'Conciliado', tipo: 'CIELO03' });
    expect(trace.pagamento.length).toBeGreaterThan(0);
    expect(trace.marketplace).toEqual([]);
    // the same ticket found by its keys, from the operator side
    const byKeys = (await call(cliente, Q.detalhar, { nsu: c!.nsu, datavenda: c!.datavenda, tipo: 'A', codpessoa: unit, codoperadora: c!.codoperadora })).detalharTicket;
    expect(byKeys.venda.map((l: { id: string }) => l.id)).toEqual(trace.venda.map((l: { id: string }) => l.id));
    expect(byKeys.cliente.map((l: { id: string }) => l.id)).toEqual([c!.id]);
  });

  it('disregards a customer line and reconsiders it back to the same results; only customer lines, only in the right state', async () => {
    const before = { a: await search({}), c: await search({ tipo: 'C' }) };
    const [c] = before.c.filter((x) => x.resultado === 'conciliado');
    const args = { c: c!.codlinhasarqcli, tipo: 'C' };
    expect((await call(cliente, Q.acao, { ...args, acao: 'reconsiderar' })).reconsiderarDesconsiderarTicket).toBe(false);
    expect((await call(cliente, Q.acao, { ...args, tipo: 'A', acao: 'desconsiderar' })).reconsiderarDesconsiderarTicket).toBe(false);
    expect((await call(cliente, Q.acao, { ...args, acao: 'desconsiderar' })).reconsiderarDesconsiderarTicket).toBe(true);
    const [now] = await byNsu('C', c!.nsu);
    expect(now).toMatchObject({ resultado: 'desconsiderado', desconsiderado: true });
    // the default type (A) lists the operator's sale, now alone, and the disregarded line with its state, to reconsider it
    expect((await byNsu('A', c!.nsu)).map((x) => [x.tipo, x.resultado])).toEqual([['A', 'somente_operadora'], ['C', 'desconsiderado']]);
    const trace = (await call(cliente, Q.detalhar, { id: c!.id })).detalharTicket;
    expect(trace.desconsiderado.map((l: { id: string }) => l.id)).toEqual([c!.id]);
    expect(trace.cliente).toEqual([]);
    expect((await call(cliente, Q.acao, { ...args, acao: 'desconsiderar' })).reconsiderarDesconsiderarTicket).toBe(false);
    expect((await call(cliente, Q.acao, { ...args, acao: 'reconsiderar' })).reconsiderarDesconsiderarTicket).toBe(true);
    expect({ a: await search({}), c: await search({ tipo: 'C' }) }).toEqual(before);
    // the same through the screen's row actions; the wrong state is refused with the spec's message
    const key = { v: { editValues: { id: c!.id } } };
    expect(errorOf(await t.call(Q.reconsiderar, key, { cookie: cliente })).message).toBe(MSG.ticketNaoReconsiderado);
    expect((await call(cliente, Q.desconsiderar, key)).desconsiderarTicket).toBe(true);
    expect((await byNsu('C', c!.nsu))[0]!.resultado).toBe('desconsiderado');
    expect((await call(cliente, Q.reconsiderar, key)).reconsiderarTicket).toBe(true);
    expect({ a: await search({}), c: await search({ tipo: 'C' }) }).toEqual(before);
    const [op] = before.a;
    expect(errorOf(await t.call(Q.desconsiderar, { v: { editValues: { id: op!.id } } }, { cookie: cliente })).message).toBe(MSG.ticketNaoReconsiderado);
  });

  it('downloads the analysis of an unpaired customer ticket with the nearest operator sales', async () => {
    const [c] = await search({ tipo: 'C', resultado: 'somente_cliente' });
    const where = (await call(cliente, Q.analise, { v: { editValues: { id: c!.id } } })).baixarAnaliseTicket;
    const got = await t.fetch({ url: `${BASE_URL}${where}`, method: 'GET', headers: { cookie: cliente } });
    expect(got.status).toBe(200);
    const conteudo = String(got.body);
    expect(conteudo).toContain('Resultado;Somente no arquivo do cliente');
    expect(conteudo).toContain('Vendas da operadora mais próximas');
  });

  it('imports chosen operator-only sales as customer lines that get reconciled, then everything left in a filter', async () => {
    const de = '2026-10-05';
    const ate = '2026-10-14';
    const list = async (v: Record<string, unknown> = {}) => (await call(cliente, Q.importaveis, { v: { de, ate, concioperadora: unit, ...v } })).pesquisarImportacaoTickets;
    const before: { codlinha: number; nsu: string; datavenda: string }[] = await list();
    const onlyOperator = (await search({ resultado: 'somente_operadora' }));
    expect(before.length).toBe(onlyOperator.length);
    const chosen = before[0]!;
    expect((await call(cliente, Q.importar, { v: { editValues: { id: `A-${chosen.codlinha}` } } })).importarTicket).toBe(true);
    await drain();
    expect((await byNsu('A', chosen.nsu))[0]!.resultado).toMatch(/^conciliado/);
    const imported = (await byNsu('C', chosen.nsu)).find((x) => x.origem === 'IMPORTACAO');
    expect(imported?.resultado).toMatch(/^conciliado/);
    expect((await list()).map((x: { codlinha: number }) => x.codlinha)).not.toContain(chosen.codlinha);
    // all of one day's filter
    const day = before.find((x) => x.datavenda !== chosen.datavenda)!.datavenda;
    const ofDay = await list({ }).then((l: { datavenda: string }[]) => l.filter((x) => x.datavenda === day));
    expect(ofDay.length).toBeGreaterThan(0);
    expect((await call(cliente, Q.importarTodos, { v: { de: day, ate: day, concioperadora: unit } })).importarTodosTickets).toBe(true);
    await drain();
    expect(await list({}).then((l: { datavenda: string }[]) => l.filter((x) => x.datavenda === day))).toEqual([]);
    const nothing = await t.call(Q.importarTodos, { v: { de: day, ate: day, concioperadora: unit } }, { cookie: cliente });
    expect(errorOf(nothing).message).toBe(MSG.ticketNadaAImportar);
  });

  it('saves manual tickets as customer lines that get reconciled; its file can be reprocessed and deleted from the trace', async () => {
    const [sale] = (await search({ resultado: 'somente_operadora' }));
    const header = { codpessoa: unit, codoperadora: sale!.codoperadora, codexterno: EC };
    const line = { codBandeira: 1, nsu: sale!.nsu, autorizacao: sale!.autorizacao, quantidadeParcelas: 1, datavenda: sale!.datavenda, valor: sale!.valor };
    // the rules of the form hold on the API too
    const future = await t.call(Q.incluir, { values: header, tickets: [{ ...line, datavenda: '2099-01-01' }] }, { cookie: cliente });
    expect(errorOf(future).message).toBe(MSG.ticketDataFutura);
    const noAuth = await t.call(Q.incluir, { values: header, tickets: [{ ...line, autorizacao: '' }] }, { cookie: cliente });
    expect(errorOf(noAuth).message).toBe(MSG.ticketAutorizacaoObrigatoria);
    const noDate = await t.call(Q.incluir, { values: header, tickets: [{ ...line, datavenda: null }] }, { cookie: cliente });
    expect(errorOf(noDate).message).toBe('Total de Parcelas é obrigatório');
    const wrongCode = await t.call(Q.incluir, { values: { ...header, codexterno: '999' }, tickets: [line] }, { cookie: cliente });
    expect(errorOf(wrongCode).message).toBe(MSG.ticketClienteInvalido);

    expect((await call(cliente, Q.incluir, { values: header, tickets: [line] })).incluirTicket).toBe(true);
    await drain();
    const manual = (await byNsu('C', sale!.nsu)).find((x) => x.origem === 'MANUAL');
    expect(manual?.resultado).toMatch(/^conciliado/);
    expect((await byNsu('A', sale!.nsu))[0]!.resultado).toMatch(/^conciliado/);

    // Reprocessar and Deletar of the trace row act on its file
    const trace = (await call(cliente, Q.detalhar, { id: manual!.id })).detalharTicket;
    const row = trace.cliente.find((l: { id: string }) => l.id === manual!.id);
    expect((await call(cliente, Q.reprocessar, { c: row.codarquivo, tipo: row.tipo })).reprocessarTicket).toBe(true);
    await drain();
    expect((await byNsu('C', sale!.nsu)).find((x) => x.origem === 'MANUAL')?.resultado).toMatch(/^conciliado/);
    expect((await call(cliente, Q.deletar, { c: row.codarquivo, tipo: 'CIELO03' })).deletarTicket).toBe(false);
    expect((await call(cliente, Q.deletar, { c: row.codarquivo, tipo: row.tipo })).deletarTicket).toBe(true);
    expect((await byNsu('C', sale!.nsu)).find((x) => x.origem === 'MANUAL')).toBeUndefined();
    expect((await byNsu('A', sale!.nsu))[0]!.resultado).toBe('somente_operadora');
  });

  it('offers the unit\'s client codes to its own client only', async () => {
    expect((await call(cliente, Q.codExterno, { p: unit, o: 1 })).listarItensConciliadoresCodExterno.map((o: { valor: string }) => o.valor)).toEqual([EC]);
    expect((await call(cliente2, Q.codExterno, { p: unit, o: 1 })).listarItensConciliadoresCodExterno).toEqual([]);
  });

  it("never shows CLIENTE2 Pão Quente's tickets, nor lets it act on them", async () => {
    expect(await search({}, cliente2)).toEqual([]);
    expect(await search({ tipo: 'C' }, cliente2)).toEqual([]);
    expect((await call(cliente2, Q.resumo, { v: WINDOW })).resumoTickets).toEqual([]);
    const [c] = await search({ tipo: 'C', resultado: 'conciliado' });
    const trace = (await call(cliente2, Q.detalhar, { id: c!.id })).detalharTicket;
    expect(Object.values(trace).every((g) => Array.isArray(g) && g.length === 0)).toBe(true);
    const byKeys = (await call(cliente2, Q.detalhar, { nsu: c!.nsu, datavenda: c!.datavenda, tipo: 'C' })).detalharTicket;
    expect(Object.values(byKeys).every((g) => Array.isArray(g) && g.length === 0)).toBe(true);
    expect((await call(cliente2, Q.acao, { c: c!.codlinhasarqcli, tipo: 'C', acao: 'desconsiderar' })).reconsiderarDesconsiderarTicket).toBe(false);
    expect((await call(cliente2, Q.reprocessar, { c: c!.codarquivo })).reprocessarTicket).toBe(false);
    expect((await call(cliente2, Q.deletar, { c: c!.codarquivo })).deletarTicket).toBe(false);
    expect(errorOf(await t.call(Q.analise, { v: { editValues: { id: c!.id } } }, { cookie: cliente2 })).message).toBe(MSG.registroNaoEncontrado);
    expect(errorOf(await t.call(Q.desconsiderar, { v: { editValues: { id: c!.id } } }, { cookie: cliente2 })).message).toBe(MSG.registroNaoEncontrado);
    expect((await call(cliente2, Q.listar, { v: WINDOW })).listarTickets).toEqual([]);
    const [op] = await search({ resultado: 'somente_operadora' });
    expect(errorOf(await t.call(Q.importar, { v: { editValues: { id: `A-${op!.codlinha}` } } }, { cookie: cliente2 })).message).toBe(MSG.registroNaoEncontrado);
    const entry = await t.call(Q.incluir, {
      values: { codpessoa: unit, codoperadora: 1, codexterno: EC },
      tickets: [{ codBandeira: 1, autorizacao: '1', quantidadeParcelas: 1, datavenda: '2026-10-06', valor: 100 }],
    }, { cookie: cliente2 });
    expect(errorOf(entry).message).toBe(MSG.ticketClienteInvalido);
    // the customer line is still as it was
    expect((await byNsu('C', c!.nsu))[0]!.resultado).toBe('conciliado');
  });
});
