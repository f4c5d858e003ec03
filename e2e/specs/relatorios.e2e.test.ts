import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { addDays, BUSINESS_TZ, MSG, reportByKey, ROUTES, todayBusiness } from '@concilia/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadsheetRows } from '../../apps/server/test/spreadsheet-text';
import { field, openFromMenu } from '../support/app-pages';
import { type Browser, screenshot } from '../support/browser';
import { type DemoSession, startDemoSession } from '../support/demo-session';

const VENDAS = reportByKey('vendas-operadora')!;
/** what a laptop shows: the screen must fit it without a horizontal scroll */
const LAPTOP = { width: 1366, height: 768 };

/** São Paulo's weekday (1 = Domingo … 7 = Sábado) and 'HH:MM' now. */
function saoPauloNow(now = new Date()) {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TZ, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(now).map((x) => [x.type, x.value]));
  return { dia: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(p.weekday!) + 1, hora: `${p.hour}:${p.minute}` };
}

/** 'DD/MM/YYYY HH:MM' of a weekly schedule's next slot after now, as the list shows it. */
function nextWeekly(dias: number[], hora: string): string {
  const agora = saoPauloNow();
  const hoje = todayBusiness();
  for (let n = 0; n <= 7; n++) {
    const dia = ((agora.dia - 1 + n) % 7) + 1;
    if (!dias.includes(dia) || (n === 0 && agora.hora >= hora)) continue;
    const [y, m, d] = addDays(hoje, n).split('-');
    return `${d}/${m}/${y} ${hora}`;
  }
  throw new Error('no slot in a week');
}

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.1 A/AA findings on the page as it is (as accessibility.e2e.test.ts scans). */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  // MUI's transitions settle before axe reads the colours
  await page.waitForTimeout(300);
  return page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- axe is a global of the injected script
    const axe = (window as any).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return (r.violations as { id: string; impact: string; nodes: { html: string }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 160)}`);
  });
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/**
 * Relatórios (issue 20) as the platform's administrator uses it: the demo's operator files (loaded through the real
 * ingestion over the last weeks) come out of 'Vendas informadas pelas operadoras' as a spreadsheet whose header is the
 * declaration's columns, then as a PDF; a weekly schedule is created, listed with its next run, edited, its empty
 * history opened, and deleted.
 */
describe('Relatórios', () => {
  let session: DemoSession;
  let b: Browser;

  beforeAll(async () => {
    session = await startDemoSession('ADMIN');
    b = session.b;
    await b.page.setViewportSize(LAPTOP);
  }, 180_000);
  afterAll(() => session?.close());

  it('generates the operators’ sales as XLSX (the declared header) and as PDF, on the default period', async () => {
    const { page } = b;
    // the menu arrives after the home page: Relatórios is a link of its own at the top level, never a section to open
    await page.getByTestId('menu-drawer').getByRole('link', { name: ROUTES.relatorios.title }).first().waitFor();
    await openFromMenu(page, 'Relatórios', ROUTES.relatorios.title, /\/app\/relatorios(\?.*)?$/);
    await page.getByRole('heading', { level: 1, name: ROUTES.relatorios.title }).waitFor();
    await page.getByRole('list', { name: MSG.relatoriosCatalogo }).getByRole('button', { name: VENDAS.title }).click();
    const form = page.getByRole('form', { name: VENDAS.title });
    await form.getByRole('heading', { level: 2, name: VENDAS.title }).waitFor();
    // the default period — a month back to today — holds the demo's files, loaded up to today
    expect(await field(form, 'Venda até').inputValue()).toBe(todayBusiness().split('-').reverse().join('/'));
    expect(await form.getByRole('combobox', { name: /^Operadora/ }).textContent()).toBe(MSG.campoTodos);
    expect(await form.getByRole('radio', { name: 'Planilha (XLSX)' }).isChecked()).toBe(true);

    const [xlsx] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      form.getByRole('button', { name: MSG.relatoriosGerar }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^vendas-operadora_\d{8}_\d{4}\.xlsx$/);
    const sheets = await spreadsheetRows(new Uint8Array(fs.readFileSync(await xlsx.path())));
    const [rows] = Object.values(sheets);
    expect(rows![0]!.values).toEqual(VENDAS.columns.map((c) => c.label));
    // the demo's sales, and the totals row
    expect(rows!.length).toBeGreaterThan(2);
    const gerado = page.getByTestId('notification');
    await expect.poll(() => gerado.textContent()).toMatch(/^Relatório gerado com [\d.]+ linha\(s\)\.$/);
    await screenshot(page, 'relatorios-gerar');
    await noHorizontalScroll(page);
    expect(await axeFindings(page)).toEqual([]);
    await gerado.getByRole('button').click();

    await form.getByRole('radio', { name: 'PDF' }).check();
    const [pdf] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      form.getByRole('button', { name: MSG.relatoriosGerar }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^vendas-operadora_\d{8}_\d{4}\.pdf$/);
    const file = await pdf.path();
    expect(fs.readFileSync(file).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(VENDAS.title);
    expect(text).toContain('Valor bruto');
    await page.getByTestId('notification').filter({ hasText: 'Relatório gerado com' }).waitFor();
    await page.getByTestId('notification').getByRole('button').click();
    expect(b.consoleErrors).toEqual([]);
  });

  it('creates a weekly schedule, lists it with its next run, edits it, opens its empty history and deletes it', async () => {
    const { page } = b;
    await page.getByRole('tab', { name: MSG.relatoriosAbaAgendamentos }).click();
    await page.getByText(MSG.relatoriosSemAgendamentos).waitFor();
    await page.getByRole('button', { name: MSG.relatoriosNovo }).click();

    const novo = page.getByRole('dialog', { name: MSG.relatoriosNovoAgendamento });
    expect(await novo.getByRole('combobox', { name: /^Relatório/ }).textContent()).toBe(VENDAS.title);
    await novo.getByRole('radio', { name: 'Semanal' }).check();
    await novo.getByRole('checkbox', { name: 'Segunda-feira', exact: true }).check();
    await novo.getByRole('checkbox', { name: 'Quarta-feira', exact: true }).check();
    await field(novo, MSG.relatoriosHora).fill('07:00');
    const emails = field(novo, MSG.relatoriosEmails);
    await emails.fill('financeiro@padaria.com.br');
    await emails.press('Enter');
    await emails.fill('contabilidade@padaria.com.br');
    await emails.press('Enter');
    await novo.getByRole('button', { name: 'financeiro@padaria.com.br' }).waitFor();
    await screenshot(page, 'relatorios-agendamento-novo');
    await novo.getByRole('button', { name: MSG.listaSalvar }).scrollIntoViewIfNeeded();
    await screenshot(page, 'relatorios-agendamento-novo-fim');
    expect(await axeFindings(page)).toEqual([]);
    await novo.getByRole('button', { name: MSG.listaSalvar }).click();
    await page.getByTestId('notification').filter({ hasText: MSG.agendamentoSalvo }).waitFor();
    await novo.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: MSG.relatoriosAbaAgendamentos });
    const row = table.getByRole('row').filter({ hasText: VENDAS.title });
    await row.waitFor();
    const cells = async () => (await row.getByRole('cell').allTextContents()).slice(0, 5);
    expect(await cells()).toEqual([
      VENDAS.title, 'Semanal (Seg, Qua) às 07:00', 'XLSX', 'financeiro@padaria.com.br,contabilidade@padaria.com.br', nextWeekly([2, 4], '07:00'),
    ]);
    expect(await row.getByRole('cell').nth(5).textContent()).toBe(MSG.relatoriosNuncaExecutado);
    const stored = await session.one(`SELECT dias, emails, parametros FROM agendamentos_relatorio`);
    expect(stored).toMatchObject({ dias: [2, 4], emails: ['financeiro@padaria.com.br', 'contabilidade@padaria.com.br'] });
    await screenshot(page, 'relatorios-agendamentos');
    await noHorizontalScroll(page);
    expect(await axeFindings(page)).toEqual([]);

    // Editar: Mondays only, half past eight
    await row.getByRole('button', { name: `${MSG.listaEditar} ${VENDAS.title}` }).click();
    const editar = page.getByRole('dialog', { name: MSG.relatoriosEditarAgendamento });
    expect(await editar.getByRole('checkbox', { name: 'Quarta-feira', exact: true }).isChecked()).toBe(true);
    await editar.getByRole('checkbox', { name: 'Quarta-feira', exact: true }).uncheck();
    await field(editar, MSG.relatoriosHora).fill('08:30');
    await editar.getByRole('button', { name: MSG.listaSalvar }).click();
    await editar.waitFor({ state: 'detached' });
    await expect.poll(cells).toEqual([
      VENDAS.title, 'Semanal (Seg) às 08:30', 'XLSX', 'financeiro@padaria.com.br,contabilidade@padaria.com.br', nextWeekly([2], '08:30'),
    ]);

    // Histórico: nothing ran yet
    await row.getByRole('button', { name: `${MSG.relatoriosHistorico} ${VENDAS.title}` }).click();
    const historico = page.getByRole('dialog', { name: MSG.relatoriosHistoricoDe.replace('{titulo}', VENDAS.title) });
    await historico.getByText(MSG.relatoriosHistoricoVazio).waitFor();
    await screenshot(page, 'relatorios-historico');
    await historico.getByRole('button', { name: MSG.listaFechar }).click();
    await historico.waitFor({ state: 'detached' });

    // Excluir, after the confirmation
    await row.getByRole('button', { name: `${MSG.relatoriosExcluir} ${VENDAS.title}` }).click();
    const confirma = page.getByRole('dialog', { name: MSG.listaAtencao });
    await confirma.getByText(MSG.listaConfirmaExcluirUm).waitFor();
    await confirma.getByRole('button', { name: MSG.listaOk }).click();
    await page.getByTestId('notification').filter({ hasText: MSG.relatoriosAgendamentoExcluido }).waitFor();
    await page.getByText(MSG.relatoriosSemAgendamentos).waitFor();
    expect(await session.one(`SELECT count(*)::int AS n FROM agendamentos_relatorio`)).toEqual({ n: 0 });
    expect(b.consoleErrors).toEqual([]);
  });
});
