import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withRawTransaction } from '@concilia/db';
import { formatDecimal, MSG, movimentosAbertosScreen, movimentosFechadosScreen } from '@concilia/domain';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFiles } from '../../apps/server/src/ingest/demo-files.seed';
import { createIngestion, type Ingestion } from '../../apps/server/src/ingest/ingestion';
import { openFromMenu, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * Billing as the reseller's back office uses it (issue 18): the demo's Cielo sales of the bakery were made on
 * its POS 'Pão Quente Caixa 1' (logical number 678901), under the reseller's POS plan; Movimentos Abertos prices
 * them, Fechar Movimento freezes the period, and Movimentos Fechados gives its report.
 */
describe('billing screens', () => {
  let server: TestServer;
  let b: Browser;
  let ing: Ingestion;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-billing-'));
  const one = async (q: string) => (await withRawTransaction(server.db, (tx) => tx.query<Record<string, unknown>>(q, [])))[0];

  beforeAll(async () => {
    server = await startServer('pglite');
    ing = createIngestion({ open: server.db, log: pino({ level: 'silent' }), filesDir: dir, workers: 1, pollMs: 50 });
    await seedDemoFiles(server.db, ing, 120);
    await ing.drain();
    b = await openBrowser();
    await signIn(b.page, server.url, 'REVENDA');
    await b.page.waitForLoadState('networkidle');
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await ing?.stop();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("prices the bakery's open period, closes it, and finds it closed with the same amounts", async () => {
    const { page } = b;
    const abertos = registerPage(page, movimentosAbertosScreen);
    await openFromMenu(page, 'Faturamento', 'Movimentos Abertos', /\/app\/fechamovimento$/);
    const row = abertos.row('Padaria Pão Quente Ltda');
    await row.waitFor();
    // the bakery's terminal sales are there; the market's terminal is inactive and its sales are on no POS of the plan
    expect(await abertos.row('Mercado Bom Preço').count()).toBe(0);
    await screenshot(page, 'movimentos-abertos');

    await abertos.selectRow('Padaria Pão Quente Ltda');
    await abertos.fabAction(MSG.movimentoFechar);
    const confirm = page.getByRole('dialog').filter({ hasText: MSG.movimentoFecharConfirma });
    await confirm.getByRole('button', { name: MSG.listaOk }).click();
    await page.getByText(MSG.movimentoFechado).waitFor();
    await row.waitFor({ state: 'detached' });

    const mov = (await one(`SELECT m.valorservico, m.valorbruto, m.quantidade FROM movimentos m JOIN pessoas p ON p.codpessoa = m.codpessoa
      WHERE p.nome = 'Padaria Pão Quente Ltda'`))!;
    expect(Number(mov.quantidade)).toBeGreaterThan(0);

    const fechados = registerPage(page, movimentosFechadosScreen);
    await openFromMenu(page, 'Faturamento', 'Movimentos Fechados', /\/app\/fechamovimentoreimpressao$/);
    const fechado = fechados.row('Padaria Pão Quente Ltda');
    await fechado.waitFor();
    // the table's money columns show the amount without the currency sign
    const texto = await fechado.innerText();
    expect(texto).toContain(formatDecimal(Number(mov.valorbruto)));
    expect(texto).toContain(formatDecimal(Number(mov.valorservico)));
    await screenshot(page, 'movimentos-fechados');
  });

  it('downloads the synthetic report of the closed movement as a PDF', async () => {
    const { page } = b;
    const fechados = registerPage(page, movimentosFechadosScreen);
    await fechados.selectRow('Padaria Pão Quente Ltda');
    await fechados.fabAction(MSG.movimentoRelatorio);
    const dialog = page.getByRole('dialog', { name: MSG.movimentoRelatorio });
    await dialog.getByRole('radio', { name: 'Sintético' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      dialog.getByRole('button', { name: MSG.movimentoRelatorio }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^movimento-padaria-pao-quente-ltda-.*-sintetico\.pdf$/);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.getByText(MSG.movimentoRelatorioGerado).waitFor();
  });
});
