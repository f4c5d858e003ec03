import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditoriaTaxasScreen, formatBusinessDate, MSG, todayBusiness } from '@concilia/domain';
import type { Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFiles } from '../../apps/server/src/ingest/demo-files.seed';
import { createIngestion } from '../../apps/server/src/ingest/ingestion';
import { expectText, field, openFromMenu, settleAfterSignIn, signIn } from '../support/app-pages';
import { openBrowser, screenshot, type Browser } from '../support/browser';
import { expectChartsDrawn } from '../support/charts';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

const VENDA_CHARTS = ['Venda por Operadora', 'Venda por Tipo', 'Venda por Dia', 'Venda por Hora', MSG.dashboardTaxaMedia, MSG.dashboardTicketMedio];

/**
 * The key figures' values that do not sit on one line inside their card: a value wrapped mid-number
 * ('R$ 2.443.684,8' over '2') is taller than one line; one cut by its card is wider than the card lets it be.
 */
async function brokenFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid="indicador-valor"]')]
    .filter((el) => el.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(el).lineHeight) || el.scrollWidth > el.clientWidth)
    .map((el) => el.innerText));
}

describe('Dashboard', () => {
  let server: TestServer;
  let b: Browser;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-dash-'));

  beforeAll(async () => {
    // the demo's generated files (the 40 days before today) through the real pipeline, as `npm start` loads them
    server = await startServer('pglite', { INGEST_WORKERS: '0' });
    const ingestion = createIngestion({ open: server.db, log: pino({ level: 'silent' }), filesDir, workers: 1, pollMs: 50 });
    await seedDemoFiles(server.db, ingestion, 200);
    await ingestion.drain();
    await ingestion.stop();
    b = await openBrowser();
    await signIn(b.page, server.url, 'REVENDA');
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await server?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('opens from the menu on the last month of sales: key figures and every chart drawn', async () => {
    const { page } = b;
    // on a loaded machine the home page and its menu take a while after sign-in: click once the link has settled
    const link = page.getByTestId('menu-drawer').getByRole('link', { name: 'Dashboard' });
    await link.waitFor({ timeout: 30_000 });
    await settleAfterSignIn(page);
    await openFromMenu(page, 'Início', 'Dashboard', /\/app\/dashboard$/);
    await expectText(page, MSG.dashboardTodosRegistros);
    const figures = page.getByRole('list', { name: 'Indicadores' });
    for (const label of [MSG.dashboardBruto, MSG.dashboardLiquido, MSG.dashboardTaxas, MSG.dashboardConciliado, MSG.dashboardCobradoAMais, MSG.dashboardEmAtraso, MSG.dashboardNaoCreditado]) {
      await figures.getByText(label, { exact: true }).waitFor();
    }
    expect(await figures.getByText(/^R\$\s?\d/).count()).toBeGreaterThanOrEqual(4);
    // at 1366 px every value stays on one line inside its card
    expect(await page.getByTestId('indicador-valor').count()).toBe(7);
    expect(await brokenFigures(page)).toEqual([]);
    await figures.getByText(new RegExp(`^[\\d.]+ ${MSG.dashboardVendas}$`)).waitFor();
    // and on a phone
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => brokenFigures(page)).toEqual([]);
    // a chart far below the screen is not drawn until the reader scrolls to it (its place is held, labelled)
    const lastChart = page.locator(`[data-chart="${MSG.dashboardTicketMedio}"]`);
    expect(await lastChart.getAttribute('aria-busy')).toBe('true');
    expect(await lastChart.locator('canvas').count()).toBe(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectChartsDrawn(page, VENDA_CHARTS);
    expect(b.consoleErrors).toEqual([]);
    await screenshot(page, 'dashboard-vendas');
  });

  it('opened by its address, shows its figures without making an Intl object: the page brings the business day', async () => {
    // the first Intl object loads Chromium's ICU data (~110 ms of one task on a phone-speed CPU): none on the way in
    const page = await b.context.newPage();
    try {
      await page.addInitScript(() => {
        const made: string[] = [];
        (window as unknown as { intlMade: string[] }).intlMade = made;
        for (const kind of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat'] as const) {
          const Original = Intl[kind] as unknown as new (...a: unknown[]) => object;
          (Intl as unknown as Record<string, unknown>)[kind] = new Proxy(Original, {
            construct: (target, args) => (made.push(`${kind} ${String(args[0])}`), Reflect.construct(target, args)),
            apply: (target, self, args) => (made.push(`${kind} ${String(args[0])}`), Reflect.apply(target as unknown as () => object, self, args)),
          });
        }
        for (const [proto, name] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleDateString'], [String.prototype, 'localeCompare']] as const) {
          const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!;
          (proto as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
            made.push(name);
            return original.apply(this, args);
          };
        }
      });
      await page.goto(`${server.url}/app/dashboard`);
      const figures = page.getByRole('list', { name: 'Indicadores' });
      await figures.getByText(new RegExp(`^[\\d.]+ ${MSG.dashboardVendas}$`)).waitFor({ timeout: 30_000 });
      expect(await figures.getByText(/^R\$\s?\d/).count()).toBeGreaterThanOrEqual(4);
      expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([]);
      // the last month up to today in São Paulo, as the page's HTML said it is
      await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
      const drawer = page.getByRole('dialog', { name: MSG.listaAbrirFiltro });
      await expect.poll(() => field(drawer, MSG.dashboardAte).inputValue()).toBe(formatBusinessDate(todayBusiness()));
    } finally {
      await page.close();
    }
  });

  it('filters one client\'s payments: titles switch to Pagamento and the hour chart says why it is absent', async () => {
    const { page } = b;
    await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
    const drawer = page.getByRole('dialog', { name: MSG.listaAbrirFiltro });
    await field(drawer, MSG.dashboardConciliador).click();
    await page.getByRole('option', { name: 'Padaria Pão Quente Ltda' }).click();
    await drawer.getByRole('radio', { name: 'PAGAMENTO' }).check();
    await drawer.getByRole('button', { name: MSG.listaFiltrar }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expectText(page, /Registros de: PAGAMENTO · Conciliador: Padaria Pão Quente Ltda · De \d\d\/\d\d\/\d{4} até/);
    await expectChartsDrawn(page, ['Pagamento por Operadora', 'Pagamento por Tipo', 'Pagamento por Dia', MSG.dashboardTaxaMedia, MSG.dashboardTicketMedio]);
    await expectText(page, MSG.dashboardPagamentoSemHora);
    // the key figures count payments, not sales
    const figures = page.getByRole('list', { name: 'Indicadores' });
    await figures.getByText(new RegExp(`^[\\d.]+ ${MSG.dashboardPagamentos}$`)).waitFor();
    await figures.getByText(MSG.dashboardDosPagamentos, { exact: true }).waitFor();
    expect(await figures.getByText(/vendas/).count()).toBe(0);
    expect(await brokenFigures(page)).toEqual([]);
    await screenshot(page, 'dashboard-pagamentos');

    // back to sales of that client
    await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
    await drawer.getByRole('radio', { name: 'VENDA' }).check();
    await drawer.getByRole('button', { name: MSG.listaFiltrar }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expectChartsDrawn(page, VENDA_CHARTS);
  });

  it('keeps the window within one month and shows an empty period as such', async () => {
    const { page } = b;
    await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
    const drawer = page.getByRole('dialog', { name: MSG.listaAbrirFiltro });
    await field(drawer, MSG.dashboardDe).fill('01/01/2025');
    await field(drawer, MSG.dashboardAte).fill('15/02/2025');
    await drawer.getByRole('button', { name: MSG.listaFiltrar }).click();
    await drawer.getByText(MSG.periodoMaximo).first().waitFor();
    // still the old charts: nothing was searched
    expect(await page.locator('[data-chart]').count()).toBe(6);

    await field(drawer, MSG.dashboardAte).fill('31/01/2025');
    await drawer.getByRole('button', { name: MSG.listaFiltrar }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expectText(page, MSG.dashboardVazio);
    expect(await page.locator('[data-chart]').count()).toBe(0);
  });

  it("'Cobrado a mais' opens Auditoria de Taxas on the over-charged sales, which export as a spreadsheet", async () => {
    const { page } = b;
    // a dashboard opened again starts on its default window (the last month of sales)
    await page.goto(`${server.url}/app/dashboard`);
    const figures = page.getByRole('list', { name: 'Indicadores' });
    await figures.getByRole('link', { name: new RegExp(MSG.dashboardCobradoAMais) }).click();
    await page.waitForURL(/\/app\/auditoriataxas\?/);
    await page.getByRole('heading', { level: 1, name: auditoriaTaxasScreen.title }).waitFor();
    // the demo's operators keep 2,49% on crédito à vista where the reseller's plan says 2,39%
    await page.getByRole('row').filter({ hasText: 'Divergente' }).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Conforme o contrato' }).count()).toBe(0);
    await page.getByRole('row').filter({ hasText: '2,39% · 1 parcela' }).first().waitFor();
    await screenshot(page, 'auditoria-taxas');

    const screen = registerPage(page, auditoriaTaxasScreen);
    const [download] = await Promise.all([page.waitForEvent('download'), screen.fabAction('Exportar Planilha')]);
    expect(download.suggestedFilename()).toMatch(/^auditoria-taxas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await screen.expectNotification(MSG.planilhaGerada);
    expect(b.consoleErrors).toEqual([]);
  });
});
