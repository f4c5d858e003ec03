import {
  MSG, planosConciliadoresContratoRegister, planosConciliadoresRegister, planosConciliadoresTaxasRegister, planosPosRegister, planosPosTaxasRegister,
} from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * Planos & Taxas as the reseller uses it: its plan in the list, the plan's rates opened from the row (the
 * register kit's sublist, in a full-screen drawer) with the products named, a rate that meets one already there
 * refused with the reason beside the field, the same rate for one card BIN saved.
 */
describe('Planos & Taxas', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
    await signIn(b.page, server.url, 'REVENDA');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it("opens a plan's rates from its row; the wizard takes a new BIN rate step by step, range by range, and edits it at its ranges", async () => {
    const { page } = b;
    const planos = registerPage(page, planosConciliadoresRegister);
    await planos.open(server.url);
    const demo = 'Plano Revenda Sul 2026-2027';
    await planos.row(demo).waitFor();
    await planos.selectRow(demo);
    await planos.fabAction('Planos Taxas');

    const sublist = page.getByRole('dialog', { name: `Planos Taxas — ${demo}` });
    await sublist.waitFor();
    // the demo's rates (3 operators × 4), each described in words in the Taxas column
    await sublist.getByRole('row').filter({ hasText: '2,39% · 1 parcela' }).first().waitFor();
    expect(await sublist.getByRole('row').filter({ hasText: '3,29% · 2 a 12 parcelas' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'planos-taxas-sublist');

    const taxas = registerPage(page, planosConciliadoresTaxasRegister);
    await taxas.fabAction(MSG.listaAdicionar);
    const form = page.getByRole('dialog', { name: planosConciliadoresTaxasRegister.title, exact: true });
    await form.waitFor();
    const step = (label: string) => form.getByRole('list', { name: planosConciliadoresTaxasRegister.title }).getByText(label, { exact: true });
    await step('Operadora').waitFor();
    // the plan is the one the sublist was opened from: the wizard does not ask for it
    expect(await form.getByRole('combobox', { name: /^Plano/ }).count()).toBe(0);
    const next = () => form.getByRole('button', { name: MSG.assistenteProximo }).click();
    await next();
    await form.getByText('Operadora é obrigatório.').waitFor();
    const pick = async (label: string, option: string) => {
      await form.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    };
    await pick('Operadora', 'Cielo');
    await screenshot(page, 'planos-taxas-assistente-operadora');
    await next();
    await pick('Produto', 'Crédito parcelado loja');
    await form.getByLabel(/^Bin de cartão/).fill('409600');
    await next();
    // confirmation: the choices so far, locked
    await form.getByText(MSG.assistenteConfirme).waitFor();
    expect(await form.getByRole('combobox', { name: /^Operadora/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await form.getByLabel(/^Bin de cartão/).inputValue()).toBe('409600');
    await next();

    // the ranges: none yet for this BIN
    const ranges = form.getByRole('table', { name: 'Taxas' });
    await ranges.getByText(MSG.listaNenhumaLinha).waitFor();
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await form.getByText(MSG.taxasAoMenosUma).waitFor();
    const entry = form.getByRole('group', { name: 'Taxas: nova linha' });
    const add = () => entry.getByRole('button', { name: MSG.listaAdicionar }).click();
    await entry.getByLabel(/^Parcela de/).fill('2');
    await entry.getByLabel(/^Parcela até/).fill('6');
    await entry.getByLabel(/^Taxa \(%\)/).fill('3,1');
    await add();
    // accepted, with what it leaves without a rate
    await taxas.expectNotification(MSG.taxaFaixasSemTaxa.replace('{faixas}', '1 parcela'));
    await ranges.getByRole('row').filter({ hasText: '3,10% · 2 a 6 parcelas' }).waitFor();
    expect(await entry.getByLabel(/^Parcela de/).inputValue()).toBe('');
    // 6 to 12 meets 2 to 6: refused, the entry kept as typed
    await entry.getByLabel(/^Parcela de/).fill('6');
    await entry.getByLabel(/^Parcela até/).fill('12');
    await entry.getByLabel(/^Taxa \(%\)/).fill('3,5');
    await add();
    await taxas.expectNotification(MSG.taxaLinhaSobreposta.replace('{faixa}', '2 a 6 parcelas'));
    expect(await entry.getByLabel(/^Parcela de/).inputValue()).toBe('6');
    await entry.getByLabel(/^Parcela de/).fill('7');
    await add();
    await ranges.getByRole('row').filter({ hasText: '3,50% · 7 a 12 parcelas' }).waitFor();
    // a fixed amount asks for R$, not %
    await entry.getByRole('radio', { name: 'Valor' }).check();
    expect(await entry.getByLabel(/^Taxa \(%\)/).count()).toBe(0);
    await entry.getByLabel(/^Taxa \(R\$\)/).waitFor();
    await entry.getByRole('radio', { name: 'Percentual' }).check();
    // the first range loaded back, changed, updated in place; the second removed
    await form.getByRole('button', { name: `${MSG.listaEditarLinha} 1` }).click();
    expect(await entry.getByLabel(/^Parcela até/).inputValue()).toBe('6');
    await entry.getByLabel(/^Taxa \(%\)/).fill('3,2');
    await entry.getByRole('button', { name: MSG.listaAtualizarLinha }).click();
    await ranges.getByRole('row').filter({ hasText: '3,20% · 2 a 6 parcelas' }).waitFor();
    await screenshot(page, 'planos-taxas-assistente-faixas');
    await form.getByRole('button', { name: `${MSG.listaRemoverLinha} 2` }).click();
    await ranges.getByRole('row').filter({ hasText: '7 a 12 parcelas' }).waitFor({ state: 'detached' });
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await taxas.expectNotification(MSG.planosTaxasSalvo);
    await form.waitFor({ state: 'hidden' });
    // the list asks again: the demo's twelve rates and this one, ten a page
    await sublist.getByText(/de 13$/).waitFor();

    // editing opens at the ranges, operator and product locked, no way back to change them
    await sublist.getByRole('button', { name: 'Próxima página' }).click().catch(() => undefined);
    await taxas.selectRow('409600');
    await taxas.fabAction(MSG.listaEditar);
    await form.waitFor();
    await ranges.getByRole('row').filter({ hasText: '3,20% · 2 a 6 parcelas' }).waitFor();
    expect(await form.getByRole('combobox', { name: /^Produto/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await form.getByRole('button', { name: MSG.assistenteAnterior }).count()).toBe(0);
    await form.getByRole('button', { name: MSG.listaFechar }).click();
    await form.waitFor({ state: 'hidden' });
    await sublist.getByRole('button', { name: MSG.listaFechar }).first().click();
    await sublist.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: planosConciliadoresRegister.title }).waitFor();
    expect(b.consoleErrors).toEqual([]);
  });

  it("adds a contract to the plan: its vigência and the units and operators it covers, one line each", async () => {
    const { page } = b;
    const planos = registerPage(page, planosConciliadoresRegister);
    await planos.open(server.url);
    const demo = 'Plano Revenda Sul 2026-2027';
    await planos.selectRow(demo);
    await planos.fabAction('Planos Conciliadores');
    const sublist = page.getByRole('dialog', { name: `Planos Conciliadores — ${demo}` });
    await sublist.waitFor();
    // the demo's contract, in force over 2026 and 2027
    await sublist.getByRole('row').filter({ hasText: '31/12/2027' }).waitFor();

    const contratos = registerPage(page, planosConciliadoresContratoRegister);
    await contratos.fabAction(MSG.listaAdicionar);
    const form = page.getByRole('dialog', { name: planosConciliadoresContratoRegister.title, exact: true });
    await form.waitFor();
    await field(form, 'Vigência "de"').fill('01/01/2028');
    await field(form, 'Vigência "até"').fill('31/12/2028');
    // no line yet: the contract would apply to nobody
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await form.getByText(MSG.contratoUnidadeObrigatoria).waitFor();

    await form.getByRole('button', { name: MSG.listaAdicionarLinha }).click();
    const line = form.getByRole('group', { name: 'Operadoras e Unidades 1' });
    const pick = async (label: string, option: string) => {
      await line.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    };
    await pick('Operadora', 'Rede');
    await pick('Unidade', 'Pão Quente - Savassi');
    await screenshot(page, 'planos-contrato-form');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await contratos.expectNotification(MSG.planoContratoInserido);
    await form.waitFor({ state: 'hidden' });
    await sublist.getByRole('row').filter({ hasText: '31/12/2028' }).waitFor();

    // opened again, the contract keeps its line
    await contratos.selectRow('31/12/2028');
    await contratos.fabAction(MSG.listaEditar);
    await form.waitFor();
    await form.getByRole('progressbar').waitFor({ state: 'detached' });
    const again = form.getByRole('group', { name: 'Operadoras e Unidades 1' });
    expect(await again.getByRole('combobox', { name: /^Unidade/ }).innerText()).toContain('Pão Quente - Savassi');
    expect(await form.getByRole('group', { name: 'Operadoras e Unidades 2' }).count()).toBe(0);
    expect(b.consoleErrors).toEqual([]);
  });

  it('Inserir Rápido: with nothing selected, a plan with its rates in one drawer; required fields say so', async () => {
    const { page } = b;
    const planos = registerPage(page, planosConciliadoresRegister);
    await planos.open(server.url);
    await planos.fabAction('Inserir Rápido');
    const drawer = page.getByRole('dialog', { name: 'Inserir Rápido', exact: true });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: MSG.listaSalvar }).click();
    for (const message of ['Operadora é obrigatório.', 'Vigência "de" é obrigatório.', 'Vigência "até" é obrigatório.']) {
      await drawer.getByText(message, { exact: true }).waitFor();
    }
    await screenshot(page, 'planos-inserir-rapido-obrigatorios');

    await drawer.getByRole('combobox', { name: /^Operadora/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Cielo', exact: true }).click();
    await field(drawer, 'Nome do Plano').fill('Plano Rápido Cielo');
    await field(drawer, 'Crédito').fill('2,49');
    await field(drawer, 'Débito').fill('0,99');
    await field(drawer, 'Vigência "de"').fill('01/01/2027');
    await field(drawer, 'Vigência "até"').fill('31/12/2027');
    await drawer.getByRole('button', { name: MSG.listaSalvar }).click();
    await planos.expectNotification(MSG.inserirRapidoSalvo);
    await drawer.waitFor({ state: 'hidden' });
    await planos.row('Plano Rápido Cielo').waitFor();

    // its rates, as the quick insert made them
    await planos.selectRow('Plano Rápido Cielo');
    await planos.fabAction('Planos Taxas');
    const sublist = page.getByRole('dialog', { name: 'Planos Taxas — Plano Rápido Cielo' });
    await sublist.getByRole('row').filter({ hasText: '2,49% · 1 parcela' }).waitFor();
    await sublist.getByRole('row').filter({ hasText: '0,99% · 1 parcela' }).waitFor();
    expect(b.consoleErrors).toEqual([]);
  });

  it("Planos POS: a plan's rates by product refuse a product without a range, and its terminal contract lists the terminal", async () => {
    const { page } = b;
    const planos = registerPage(page, planosPosRegister);
    await planos.open(server.url);
    const demo = 'POS Revenda Sul';
    await planos.row(demo).waitFor();
    expect(await planos.row(demo).innerText()).toContain('89,90');
    await planos.selectRow(demo);
    await planos.fabAction('Planos Taxas');
    const sublist = page.getByRole('dialog', { name: `Planos Taxas — ${demo}` });
    await sublist.getByRole('row').filter({ hasText: '3,49% · 2 a 6 parcelas; 3,99% · 7 a 12 parcelas' }).waitFor();

    const taxas = registerPage(page, planosPosTaxasRegister);
    await taxas.fabAction(MSG.listaAdicionar);
    const form = page.getByRole('dialog', { name: planosPosTaxasRegister.title, exact: true });
    await form.waitFor();
    await form.getByRole('combobox', { name: /^Produto/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Voucher alimentação', exact: true }).click();
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await form.getByText(MSG.taxasAoMenosUma).waitFor();
    // each range is checked by the server as it joins the list (resultadoAddTaxasPos)
    const entry = form.getByRole('group', { name: 'Faixas: nova linha' });
    await entry.getByLabel(/^Parcela de/).fill('1');
    await entry.getByLabel(/^Parcela até/).fill('1');
    await entry.getByLabel(/^Taxa \(%\)/).fill('4,5');
    await entry.getByRole('button', { name: MSG.listaAdicionar }).click();
    await form.getByRole('table', { name: 'Faixas' }).getByRole('row').filter({ hasText: '4,50% · 1 parcela' }).waitFor();
    await screenshot(page, 'planos-pos-taxas-form');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await taxas.expectNotification(MSG.planosTaxasSalvo);
    await form.waitFor({ state: 'hidden' });
    await sublist.getByRole('row').filter({ hasText: 'Voucher alimentação' }).filter({ hasText: '4,50% · 1 parcela' }).waitFor();
    await sublist.getByRole('button', { name: MSG.listaFechar }).first().click();
    await sublist.waitFor({ state: 'hidden' });

    await planos.selectRow(demo);
    await planos.fabAction('Planos Terminal');
    const contratos = page.getByRole('dialog', { name: `Planos Terminal — ${demo}` });
    await contratos.getByRole('row').filter({ hasText: 'Pão Quente Caixa 1' }).filter({ hasText: '31/12/2027' }).waitFor();
    expect(b.consoleErrors).toEqual([]);
  });
});
