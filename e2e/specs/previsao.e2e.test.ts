import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { addDays, formatBusinessDate, MSG, ROUTES, todayBusiness } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, openFromMenu } from '../support/app-pages';
import { type Browser, screenshot } from '../support/browser';
import { type DemoSession, startDemoSession } from '../support/demo-session';

/**
 * Fechamento de Movimento Previsão as the reseller uses it (spec part 2 §2.2, §5): the demo's Cielo sales of the
 * bakery, made on its POS under the reseller's POS plan, are what a closing would bill; the screen refuses a
 * search without a day and downloads the forecast of the chosen weekdays as a PDF.
 */
describe('Fechamento de Movimento Previsão', () => {
  let session: DemoSession;
  let b: Browser;

  beforeAll(async () => {
    session = await startDemoSession('REVENDA');
    b = session.b;
  }, 180_000);
  afterAll(() => session?.close());

  it("says 'Dias é obrigatório' without a day, then downloads the forecast of the chosen weekdays as a PDF", async () => {
    const { page } = b;
    await openFromMenu(page, 'Faturamento', ROUTES.fechaMovimentoPrevisao.title, /\/app\/fechamovimentoprevisao$/);
    await page.getByRole('heading', { level: 1, name: ROUTES.fechaMovimentoPrevisao.title }).waitFor();
    // every day starts ticked; 'Todos os dias' unticks them all
    for (const dia of ['Domingo', 'Segunda-feira', 'Sábado']) expect(await page.getByRole('checkbox', { name: dia, exact: true }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: MSG.previsaoTodosDias }).uncheck();
    await page.getByRole('button', { name: MSG.previsaoPesquisar }).click();
    await page.getByText(MSG.previsaoDiasObrigatorio, { exact: true }).waitFor();
    await screenshot(page, 'previsao-sem-dias');

    // the last 30 days (the demo's sales reach 40 days back), Mondays, Wednesdays and Fridays
    const hoje = todayBusiness();
    await field(page, MSG.previsaoVendaDe).fill(formatBusinessDate(addDays(hoje, -30)));
    await field(page, MSG.previsaoVendaAte).fill(formatBusinessDate(hoje));
    for (const dia of ['Segunda-feira', 'Quarta-feira', 'Sexta-feira']) await page.getByRole('checkbox', { name: dia, exact: true }).check();
    await page.getByText(MSG.previsaoDiasObrigatorio, { exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByRole('radio', { name: 'PDF' }).isChecked()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      page.getByRole('button', { name: MSG.previsaoPesquisar }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`previsao-fechamento-${addDays(hoje, -30)}-a-${hoje}.pdf`);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\u00a0/g, ' ');
    expect(text).toContain('Segunda-feira, Quarta-feira e Sexta-feira');
    expect(text).toContain(`${formatBusinessDate(addDays(hoje, -30))} a ${formatBusinessDate(hoje)}`);
    expect(text).toContain('Padaria Pão Quente Ltda');
    await page.getByText(MSG.movimentoRelatorioGerado).waitFor();
    await screenshot(page, 'previsao-gerada');
    expect(b.consoleErrors).toEqual([]);
  });
});
