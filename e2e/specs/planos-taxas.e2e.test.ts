import { MSG, planosConciliadoresRegister, planosConciliadoresTaxasRegister } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/app-pages';
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

  it("opens a plan's rates from its row, refuses an overlapping range and saves a BIN rate", async () => {
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
    // the plan is the one the sublist was opened from: the form does not ask for it
    expect(await form.getByRole('combobox', { name: /^Plano/ }).count()).toBe(0);
    const pick = async (label: string, option: string) => {
      await form.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
    };
    await pick('Operadora', 'Cielo');
    await pick('Produto', 'Crédito à vista');
    await form.getByLabel(/^Parcela de/).fill('1');
    await form.getByLabel(/^Parcela até/).fill('1');
    await form.getByLabel(/^Taxa \(%\)/).fill('1,99');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    // crédito à vista in one installment is already contracted at 2,39%
    await form.getByText(/se sobrepõe à taxa 1 parcela/).waitFor();
    await screenshot(page, 'planos-taxas-sobreposta');

    await form.getByLabel(/^Bin de cartão/).fill('409600');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await taxas.expectNotification(MSG.planosTaxasSalvo);
    await form.waitFor({ state: 'hidden' });
    await sublist.getByRole('button', { name: MSG.listaFechar }).first().click();
    await sublist.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: planosConciliadoresRegister.title }).waitFor();
    expect(b.consoleErrors).toEqual([]);
  });
});
