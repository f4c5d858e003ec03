import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@concilia/domain';
import type { Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFiles } from '../../apps/server/src/ingest/demo-files.seed';
import { createIngestion } from '../../apps/server/src/ingest/ingestion';
import { signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { expectChartsDrawn } from '../support/charts';
import { startServer, type TestServer } from '../support/test-server';

const WALL = { width: 1366, height: 768 };
const FIGURES = [MSG.dashboardBruto, MSG.dashboardLiquido, MSG.dashboardTaxas, MSG.dashboardConciliado, MSG.dashboardCobradoAMais, MSG.dashboardEmAtraso];
const CHARTS = ['Venda por Operadora', 'Venda por Tipo', 'Venda por Dia', 'Venda por Hora', MSG.dashboardTaxaMedia, MSG.dashboardTicketMedio];

/** The key figures and the six charts, each chart painted (more than its title's pixels), every value on one line. */
async function expectPanel(page: Page) {
  const figures = page.getByRole('list', { name: 'Indicadores' });
  for (const label of FIGURES) await figures.getByText(label, { exact: true }).waitFor({ timeout: 20_000 });
  expect(await figures.getByText(/^R\$\s?\d/).count()).toBeGreaterThanOrEqual(4);
  // read only: the figures lead nowhere
  expect(await figures.getByRole('link').count()).toBe(0);
  await expectChartsDrawn(page, CHARTS);
  // each value on one line inside its card
  expect(await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid="indicador-valor"]')]
    .filter((el) => el.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(el).lineHeight) || el.scrollWidth > el.clientWidth)
    .map((el) => el.innerText))).toEqual([]);
}

/**
 * The Painel (spec part 1 'vis' mode and /app/painel; part 2 §7 getUrlPainel, getAutenticacaoPainel): the bakery's
 * user signs in in 'vis' mode and lands on the panel; makes a link; a browser that never signed in opens it and
 * sees the bakery's panel, read only; a tampered link and an ended one say why.
 */
describe('Painel', () => {
  let server: TestServer;
  let b: Browser;
  let wall: Browser | undefined;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-painel-'));

  beforeAll(async () => {
    // the demo's generated files (the 40 days before today) through the real pipeline, as `npm start` loads them
    server = await startServer('pglite', { INGEST_WORKERS: '0' });
    const ingestion = createIngestion({ open: server.db, log: pino({ level: 'silent' }), filesDir, workers: 1, pollMs: 50 });
    await seedDemoFiles(server.db, ingestion, 120);
    await ingestion.drain();
    await ingestion.stop();
    b = await openBrowser({ viewport: WALL });
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  }, 180_000);
  afterAll(async () => {
    await wall?.close();
    await b?.close();
    await server?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  let link = '';
  it("a 'vis' sign-in lands on the panel: the client's key figures and charts, read only, on a 1366×768 screen", async () => {
    const { page } = b;
    await signIn(page, server.url, 'CLIENTE', { route: '/?isVis=true' });
    await page.waitForURL(/\/app\/painel$/);
    await page.getByRole('heading', { level: 1, name: 'Painel' }).waitFor();
    await expectPanel(page);
    await page.getByTestId('painel-periodo').filter({ hasText: /^Venda de \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4} · Atualizado às \d\d:\d\d/ }).waitFor();
    await screenshot(page, 'painel-app');
    expect(b.consoleErrors).toEqual([]);
  });

  it('Gerar link do painel shows the link with Copiar', async () => {
    const { page } = b;
    await page.getByRole('button', { name: MSG.painelGerarLink }).click();
    const dialog = page.getByRole('dialog', { name: MSG.painelLinkTitulo });
    const input = dialog.getByTestId('painel-link');
    await expect.poll(() => input.inputValue()).toMatch(/\/painel\?token=/);
    link = await input.inputValue();
    expect(link.startsWith(`${server.url}/painel?token=`)).toBe(true);
    await dialog.getByText(/somente para leitura e sem usuário e senha, até \d\d\/\d\d\/\d{4} \d\d:\d\d/).waitFor();
    await screenshot(page, 'painel-link');
    await dialog.getByRole('button', { name: MSG.painelCopiar }).click();
    await page.getByText(MSG.painelLinkCopiado).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: MSG.listaFechar }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("a browser that never signed in opens the link and sees the bakery's panel, and nothing else", async () => {
    wall = await openBrowser({ viewport: WALL });
    const { page } = wall;
    await page.goto(link);
    await page.getByTestId('painel-nome').filter({ hasText: 'Painel · Padaria Pão Quente Ltda' }).waitFor({ timeout: 20_000 });
    await page.getByText(MSG.painelSomenteLeitura).waitFor();
    await expectPanel(page);
    // a wall view: no menu, no account
    expect(await page.getByTestId('menu-drawer').count()).toBe(0);
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    // the whole panel fits the screen without scrolling
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(WALL.height);
    await screenshot(page, 'painel-link-aberto');
    expect(wall.consoleErrors).toEqual([]);

    // the link opened no session: the app still asks for a sign-in
    await page.goto(`${server.url}/app/home`);
    await page.waitForURL(`${server.url}/`);
  });

  it('a tampered link says so; an ended one too', async () => {
    const { page } = wall!;
    await page.goto(`${link.slice(0, -2)}xy`);
    await page.getByTestId('painel-erro').filter({ hasText: MSG.painelLinkInvalido }).waitFor();
    await page.getByRole('link', { name: MSG.painelEntrar }).waitFor();

    await b.page.getByRole('button', { name: MSG.painelGerarLink }).click();
    const dialog = b.page.getByRole('dialog', { name: MSG.painelLinkTitulo });
    await dialog.getByRole('button', { name: MSG.painelEncerrarLinks }).click();
    await b.page.getByRole('dialog', { name: MSG.listaAtencao }).getByRole('button', { name: MSG.listaOk }).click();
    await b.page.getByText(MSG.painelLinksEncerrados.replace('{n}', '2')).waitFor();

    await page.goto(link);
    await page.getByTestId('painel-erro').filter({ hasText: MSG.painelLinkEncerrado }).waitFor();
    await screenshot(page, 'painel-link-encerrado');
  });
});
