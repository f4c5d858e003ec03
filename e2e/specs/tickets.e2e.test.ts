import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withRawTransaction } from '@concilia/db';
import { addDays, formatBusinessDate, MSG, SALE_RESULTS, TICKET_TIPOS, todayBusiness } from '@concilia/domain';
import type { Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DAYS, seedDemoFiles } from '../../apps/server/src/ingest/demo-files.seed';
import { createIngestion, type Ingestion } from '../../apps/server/src/ingest/ingestion';
import { writeScenarioFiles } from '../../apps/server/src/ingest/synthetic-files';
import { closeWithFechar, expectText, field, openFromMenu, settleAfterSignIn, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { startServer, type TestServer } from '../support/test-server';
import { ticketImportPage, ticketSearchPage } from '../support/ticket-pages';

/**
 * The ticket screens as the bakery's user (CLIENTE) uses them. Data through the real ingestion: a generated
 * Cielo statement of the unit 'Pão Quente - Centro' (early October 2026, no customer file: all operator-only
 * until the user enters one by hand) and the demo's generated files (operator statements and the customer's
 * own sales file of every demo unit, the 40 days before today).
 */
const EC = '1023456789';
const SCENARIO = { sales: 40, seed: 17, merchants: [EC], startDate: '2026-10-05', days: 5 } as const;
const SCENARIO_FILE_ORIGIN = 'CLI';
/** A window inside the demo's sales (from today − DEMO_DAYS on) and within the one-month limit. */
const TODAY = todayBusiness();
const DE = addDays(TODAY, -DEMO_DAYS + 5);
const ATE = addDays(DE, 25);
const br = formatBusinessDate;

const pick = async (page: Page, label: string, option: RegExp | string) => {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
};

describe('ticket screens', () => {
  let server: TestServer;
  let b: Browser;
  let ing: Ingestion;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-tickets-'));
  const one = async (q: string, p: unknown[] = []) => (await withRawTransaction(server.db, (tx) => tx.query<Record<string, unknown>>(q, p)))[0];

  beforeAll(async () => {
    server = await startServer('pglite');
    ing = createIngestion({ open: server.db, log: pino({ level: 'silent' }), filesDir: dir, workers: 1, pollMs: 50 });
    const unit = Number((await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`))!.codpessoa);
    const [cielo] = await writeScenarioFiles({ dir, layouts: ['cielo-v15'], scenario: SCENARIO });
    await ing.receive({ source: fs.readFileSync(cielo!.path), name: path.basename(cielo!.path), origem: SCENARIO_FILE_ORIGIN, codpessoa: unit });
    await seedDemoFiles(server.db, ing, 200);
    await ing.drain();
    b = await openBrowser();
    await signIn(b.page, server.url, 'CLIENTE');
    // the home page first finishes loading (menu, news): the menu settles before the first click
    await settleAfterSignIn(b.page);
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await ing?.stop();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('enters a manual ticket for an operator-only sale and sees it reconciled', async () => {
    const { page } = b;
    const sale = (await one(`SELECT l.nsu, l.autorizacao, l.data::text AS data, l.valorbruto::int AS valor FROM linhas_operadora l
      JOIN arquivos a ON a.codarquivo = l.codarquivo AND a.origem = $1
      WHERE l.tipo = 'sale' AND coalesce(l.totparcelas, 1) <= 1 ORDER BY l.codlinha LIMIT 1`, [SCENARIO_FILE_ORIGIN]))!;
    await openFromMenu(page, 'Tickets', 'Incluir Ticket', /\/app\/inclusaoticket$/);
    await expectText(page, MSG.ticketSelecioneCliente);

    await pick(page, 'Unidade Conciliadora', 'Pão Quente - Centro');
    await pick(page, 'Operadora', 'Cielo');
    await pick(page, 'Código de Cliente', new RegExp(`^${EC}`));
    const add = page.getByRole('button', { name: 'Adicionar Ticket' });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);

    const [y, m, d] = String(sale.data).split('-');
    const fillTicket = async (autorizacao: string) => {
      await pick(page, 'Bandeira', /.+/);
      await field(page, 'NSU').fill(String(sale.nsu));
      await field(page, 'Autorização').fill(autorizacao);
      await field(page, 'Data Venda').fill(`${d}/${m}/${y}`);
      const valor = Number(sale.valor);
      await field(page, 'Valor').fill(`${Math.trunc(valor / 100).toLocaleString('pt-BR')},${String(valor % 100).padStart(2, '0')}`);
    };
    // a sale date in the future keeps 'Adicionar Ticket' disabled
    await fillTicket('X1');
    await field(page, 'Data Venda').fill('01/01/2099');
    await expectText(page, MSG.ticketDataFutura);
    expect(await add.isDisabled()).toBe(true);
    await field(page, 'Data Venda').fill(`${d}/${m}/${y}`);
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();

    // a second ticket, then removed from the side list
    await fillTicket(String(sale.autorizacao));
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    const list = page.getByRole('list', { name: 'Tickets adicionados' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('button', { name: `${MSG.listaDeletar} X1` }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: MSG.listaSalvar }).click();
    await expectText(page, MSG.ticketSalvo);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(0);

    // the manual ticket is a customer line the reconciliation pairs with the operator's sale
    await expect.poll(async () => (await one(`SELECT r.resultado FROM resultado_venda_cliente r JOIN arquivos a ON a.codarquivo = r.codarquivo
      WHERE a.origem = 'MANUAL' AND r.nsu = $1`, [sale.nsu]))?.resultado, { timeout: 20_000 }).toMatch(/^conciliado/);
  });
  /** CLIENTE's sales of one side in the window, per result: what the result cards must show. */
  const countsInWindow = async (side: 'operadora' | 'cliente') => {
    const date = side === 'operadora' ? 'l.data' : 'l.datavenda';
    const rows = await withRawTransaction(server.db, (tx) => tx.query<{ resultado: string; n: number }>(`
      SELECT r.resultado, count(*)::int AS n FROM ${side === 'operadora' ? 'linhas_operadora l JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha AND l.tipo = \'sale\''
        : 'linhas_cliente l JOIN resultado_venda_cliente r ON r.codlinhasarqcli = l.codlinhasarqcli'}
      JOIN pessoas u ON u.codpessoa = l.codpessoa JOIN pessoas c ON c.codpessoa = u.codpessoapai
      WHERE c.nome = 'Padaria Pão Quente Ltda' AND ${date} BETWEEN $1::date AND $2::date GROUP BY r.resultado`, [DE, ATE]));
    return Object.fromEntries(rows.map((r) => [r.resultado, Number(r.n)]));
  };
  /** The counts the result cards show, result → quantity. */
  const cardCounts = async (page: Page) => {
    const cards = page.locator('[data-testid^="bucket-"]');
    await cards.first().waitFor();
    const out: Record<string, number> = {};
    for (const card of await cards.all()) {
      const key = (await card.getAttribute('data-testid'))!.replace(/^bucket-/, '');
      // label, quantity, R$ total
      out[key] = Number((await card.getByRole('paragraph').nth(1).innerText()).replace(/\D/g, ''));
    }
    return out;
  };

  /** A reconciled customer line of the demo's file for 'Pão Quente - Centro', inside the window. */
  const customerTicket = async () => (await one(`SELECT l.nsu, l.autorizacao, l.datavenda::text AS data FROM linhas_cliente l
    JOIN resultado_venda_cliente r ON r.codlinhasarqcli = l.codlinhasarqcli AND r.resultado = 'conciliado'
    JOIN pessoas u ON u.codpessoa = l.codpessoa AND u.nome = 'Pão Quente - Centro'
    WHERE l.datavenda BETWEEN $1::date AND $2::date AND l.nsu IS NOT NULL
      AND (SELECT count(*) FROM linhas_cliente o WHERE o.nsu = l.nsu AND o.autorizacao = l.autorizacao) = 1
    ORDER BY l.codlinhasarqcli LIMIT 1`, [DE, ATE]))!;

  it('searches the demo\'s sales in Pesquisar Ticket: result cards and rows of the bakery only, then its customer lines', async () => {
    const { page } = b;
    const screen = ticketSearchPage(page);
    await openFromMenu(page, 'Tickets', 'Pesquisar Ticket', /\/app\/pesquisaticket$/);
    await page.getByRole('heading', { level: 1, name: 'Pesquisar Ticket' }).waitFor();
    // the default window (yesterday → today) meets the demo's sales: the list opens with rows
    await screen.row('Pão Quente').first().waitFor();
    // the type is a radio group (spec) that starts at ADMINISTRADORA (the operator's side)
    await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
    const drawer = page.getByRole('dialog', { name: MSG.listaAbrirFiltro });
    const tipo = drawer.getByRole('radiogroup', { name: 'Tipo' });
    expect(await tipo.getByRole('radio').count()).toBe(Object.keys(TICKET_TIPOS).length);
    expect(await tipo.getByRole('radio', { name: TICKET_TIPOS.A, exact: true }).isChecked()).toBe(true);
    await closeWithFechar(drawer);

    await screen.filterBy({ datavenda: br(DE), datavendaate: br(ATE) });
    // type A (the operator's side) by default: the cards count exactly the bakery's sales, never Bom Preço's
    await expect.poll(() => cardCounts(page)).toEqual(await countsInWindow('operadora'));
    await screen.row('Pão Quente - Centro').first().waitFor();
    await screenshot(page, 'pesquisa-ticket');
    // the table's own search box over all the rows: the bakery's other unit is there, the other client's is not
    await screen.search('Pão Quente - Savassi');
    await screen.row('Pão Quente - Savassi').first().waitFor();
    await screen.search('Bom Preço');
    await screen.row('Pão Quente').first().waitFor({ state: 'detached' });
    expect(await screen.row('Bom Preço').count()).toBe(0);
    await screen.search('');
    await expectText(page, /R\$\s?\d/);

    // type C: the customer's own lines
    await screen.filterBy({ tipo: { option: TICKET_TIPOS.C } });
    await expect.poll(() => cardCounts(page)).toEqual(await countsInWindow('cliente'));
    await screen.row(SALE_RESULTS.conciliado).first().waitFor();
    // a card narrows the list to its result
    await screen.bucket('conciliado').click();
    await expect.poll(() => screen.row(SALE_RESULTS.somente_cliente).count()).toBe(0);
    await screen.bucket('conciliado').click();
  });

  it('opens a customer ticket\'s trace: its line and the operator\'s sale it was paired with', async () => {
    const screen = ticketSearchPage(b.page);
    const t = await customerTicket();
    const [nsu, aut] = [String(t.nsu), String(t.autorizacao)];
    await screen.filterBy({ nsu, autorizacao: aut });
    await screen.rowOf(nsu, aut, SALE_RESULTS.conciliado).waitFor();
    expect(await screen.rowOf(nsu, aut).count()).toBe(1);

    await screen.openTrace(nsu, aut);
    const [y, m, d] = String(t.data).split('-');
    for (const title of ['Cliente', 'Administradora - Venda']) {
      const line = screen.traceTable(title).getByRole('row').filter({ hasText: nsu }).filter({ hasText: aut });
      await line.filter({ hasText: `${d}/${m}/${y}` }).waitFor();
      expect(await line.count()).toBe(1);
      expect(await line.getByRole('button', { name: 'Reprocessar' }).isVisible()).toBe(true);
    }
    await screenshot(b.page, 'rastreabilidade-ticket');
    // the operator's side of a paired sale has its expected payment
    await screen.traceTable('Administradora - Previsão').getByRole('row').filter({ hasText: nsu }).first().waitFor();
    // nothing of this ticket was disregarded yet
    await screen.traceTable('Cliente - Desconsiderados').getByText(MSG.tabelaSemResultados).waitFor();
    await screen.closeTrace();
  });

  it('disregards the customer ticket and reconsiders it back', async () => {
    const screen = ticketSearchPage(b.page);
    const t = await customerTicket();
    const [nsu, aut] = [String(t.nsu), String(t.autorizacao)];

    await screen.selectRowOf(nsu, aut);
    expect(await screen.act('Desconsiderar')).toBe(MSG.ticketConfirmaDesconsiderar);
    await screen.expectNotification(MSG.ticketProcessado);
    await screen.rowOf(nsu, aut, SALE_RESULTS.desconsiderado).waitFor();

    // the trace now lists it among the disregarded lines
    await screen.openTrace(nsu, aut);
    await screen.traceTable('Cliente - Desconsiderados').getByRole('row').filter({ hasText: nsu }).filter({ hasText: aut }).waitFor();
    await screen.closeTrace();

    // the default type (ADMINISTRADORA) still lists the disregarded line with its state, to reconsider it from there
    await screen.filterBy({ tipo: { option: TICKET_TIPOS.A } });
    await screen.rowOf(nsu, aut, SALE_RESULTS.desconsiderado).waitFor();
    await screen.rowOf(nsu, aut, SALE_RESULTS.somente_operadora).waitFor();
    await screen.selectRowOf(nsu, aut, SALE_RESULTS.desconsiderado);
    expect(await screen.act('Reconsiderar')).toBe(MSG.ticketConfirmaReconsiderar);
    await screen.expectNotification(MSG.ticketProcessado);
    await screen.rowOf(nsu, aut, SALE_RESULTS.conciliado).waitFor();
  });

  it('imports an operator-only sale on Importar Ticket and finds it reconciled as a customer ticket', async () => {
    const { page } = b;
    const sale = (await one(`SELECT l.nsu, l.autorizacao, l.data::text AS data FROM linhas_operadora l
      JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha AND r.resultado = 'somente_operadora'
      JOIN pessoas u ON u.codpessoa = l.codpessoa AND u.nome = 'Pão Quente - Centro'
      WHERE l.tipo = 'sale' AND l.data BETWEEN $1::date AND $2::date AND l.nsu IS NOT NULL
        AND (SELECT count(*) FROM linhas_operadora o WHERE o.nsu = l.nsu AND o.autorizacao = l.autorizacao) = 1
      ORDER BY l.codlinha LIMIT 1`, [DE, ATE]))!;
    const [nsu, aut] = [String(sale.nsu), String(sale.autorizacao)];
    const importScreen = ticketImportPage(page);
    await openFromMenu(page, 'Tickets', 'Importar Ticket', /\/app\/pesquisaimportacaoticket$/);
    await importScreen.filterBy({ concioperadora: { option: 'Pão Quente - Centro' }, de: br(DE), ate: br(ATE) });
    await importScreen.search(aut);
    await importScreen.rowOf(nsu, aut).waitFor();
    await screenshot(page, 'importacao-ticket');
    await importScreen.selectRowOf(nsu, aut);
    await importScreen.act('Importar');
    await importScreen.expectNotification(MSG.ticketImportado);

    // the import is a customer file: the reconciliation pairs it with the sale it came from
    await expect.poll(async () => (await one(`SELECT r.resultado FROM resultado_venda_cliente r JOIN arquivos a ON a.codarquivo = r.codarquivo
      WHERE a.origem = 'IMPORTACAO' AND r.nsu = $1`, [nsu]))?.resultado, { timeout: 30_000 }).toBe('conciliado');
    // and the sale leaves the list by itself once reconciled, without a new search
    await importScreen.rowOf(nsu, aut).waitFor({ state: 'detached', timeout: 30_000 });

    const search = ticketSearchPage(page);
    await openFromMenu(page, 'Tickets', 'Pesquisar Ticket', /\/app\/pesquisaticket$/);
    await search.filterBy({ datavenda: br(DE), datavendaate: br(ATE), tipo: { option: TICKET_TIPOS.C }, nsu, autorizacao: aut });
    await search.rowOf(nsu, aut, SALE_RESULTS.conciliado).waitFor();
    await search.rowOf(nsu, aut, 'Pão Quente - Centro').waitFor();
  });

  it('refuses a search window over one month', async () => {
    const screen = ticketSearchPage(b.page);
    expect(await screen.refusedWindow(br(addDays(TODAY, -40)), br(TODAY))).toBe(MSG.periodoMaximo);
    const importScreen = ticketImportPage(b.page);
    await openFromMenu(b.page, 'Tickets', 'Importar Ticket', /\/app\/pesquisaimportacaoticket$/);
    expect(await importScreen.refusedWindow(br(addDays(TODAY, -40)), br(TODAY))).toBe(MSG.periodoMaximo);
    expect(b.consoleErrors).toEqual([]);
  });
});
