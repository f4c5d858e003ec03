import { MSG, usuariosMestresRevendaScreen, usuariosMestresScreen } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, openFromMenu, signIn, signOut } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * A master user's day (spec part 2 §2.1, §4): its own menu section, the list of users below it, Logar into the
 * bakery's user — the home page as that user, saying so — and back to its own user; Trocar senha shows the new
 * password once.
 */
describe('Usuários Mestres', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
    await signIn(b.page, server.url, 'MESTRE');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('opens the list from its menu, signs in as a listed user after the question, and comes back', async () => {
    const { page } = b;
    await openFromMenu(page, 'Usuários Mestres', /^Listar Usuários Mestres$/, /\/app\/buscamestres$/);
    const screen = registerPage(page, usuariosMestresScreen);
    await page.getByRole('heading', { level: 1, name: 'Listar Usuários Mestres' }).waitFor();
    await screen.row('Carlos Pereira').waitFor();
    expect(await screen.row('Administrador da Plataforma').count()).toBe(0);
    await screenshot(page, 'usuarios-mestres');

    await screen.selectRow('Carlos Pereira');
    await screen.fabAction('Logar');
    const dialog = page.getByRole('dialog', { name: MSG.listaAtencao });
    await dialog.getByText(MSG.mestreConfirmaLogar).waitFor();
    await dialog.getByRole('button', { name: MSG.listaOk }).click();
    await page.getByText(MSG.mestreLogado.replace('{login}', 'CLIENTE')).waitFor();
    // the home page of the bakery's user, saying whose session it is
    await page.getByTestId('home-greeting').filter({ hasText: 'Carlos' }).waitFor({ timeout: 20_000 });
    const bar = page.getByRole('status').filter({ hasText: MSG.mestreVoceEstaComo.replace('{login}', 'CLIENTE') });
    await bar.waitFor();
    await screenshot(page, 'usuarios-mestres-como-cliente');
    // the client's menu: no master section
    expect(await page.getByTestId('menu-drawer').getByRole('button', { name: 'Usuários Mestres' }).count()).toBe(0);

    await bar.getByRole('button', { name: MSG.mestreVoltar }).click();
    await page.getByTestId('home-greeting').filter({ hasText: 'Otávio' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText(MSG.mestreVoceEstaComo.replace('{login}', 'CLIENTE')).count()).toBe(0);
    expect(b.consoleErrors).toEqual([]);
  });

  it("Plano R$: what the bakery pays in reais for its POS, in the narrow side drawer", async () => {
    const { page } = b;
    await openFromMenu(page, 'Usuários Mestres', /^Listar Usuários Mestres$/, /\/app\/buscamestres$/);
    const screen = registerPage(page, usuariosMestresScreen);
    await screen.row('Carlos Pereira').waitFor();
    await screen.selectRow('Carlos Pereira');
    expect(await screen.fabLabels()).toEqual(['Logar', 'Plano R$', 'Tefs', 'Trocar senha']);
    await screen.fabAction('Plano R$');
    const drawer = page.getByRole('dialog', { name: MSG.mestrePlanoReaisTitulo });
    await drawer.getByText('POS Revenda Sul').waitFor();
    await drawer.getByText(/Mensalidade R\$\s89,90, corte no dia 10/).waitFor();
    await drawer.getByText(/Vigência de 01\/01\/2026 a 31\/12\/2027 · Terminais: Pão Quente Caixa 1/).waitFor();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(260);
    await screenshot(page, 'usuarios-mestres-plano-reais');
    await drawer.getByRole('button', { name: MSG.listaFechar }).click();
    await drawer.waitFor({ state: 'hidden' });
    await screen.row('Carlos Pereira').getByRole('checkbox', { name: 'Alternar seleção da linha' }).uncheck();
    // the market's users: no POS plan in force on its terminals
    await screen.selectRow('Marina Lima');
    await screen.fabAction('Plano R$');
    await drawer.getByText(MSG.mestrePlanoReaisNenhum).waitFor();
    await drawer.getByRole('button', { name: MSG.listaFechar }).click();
    await screen.row('Marina Lima').getByRole('checkbox', { name: 'Alternar seleção da linha' }).uncheck();
    expect(b.consoleErrors).toEqual([]);
  });

  it("Tefs: the bakery's TEF solutions in a narrow side drawer, one ticked and one typed, kept", async () => {
    const { page } = b;
    await openFromMenu(page, 'Usuários Mestres', /^Listar Usuários Mestres$/, /\/app\/buscamestres$/);
    const screen = registerPage(page, usuariosMestresScreen);
    await screen.row('Carlos Pereira').waitFor();
    await screen.selectRow('Carlos Pereira');
    await screen.fabAction('Tefs');
    const drawer = page.getByRole('dialog', { name: MSG.tefsTitulo });
    await drawer.getByRole('checkbox', { name: 'PayGo' }).check();
    await drawer.getByLabel(MSG.tefsNovo).fill('TEF Caixa Própria');
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(260);
    await screenshot(page, 'usuarios-mestres-tefs');
    await drawer.getByRole('button', { name: MSG.listaSalvar }).click();
    await page.getByText(MSG.tefsSalvos).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await screen.selectRow('Carlos Pereira');
    await screen.fabAction('Tefs');
    await drawer.getByRole('checkbox', { name: 'TEF Caixa Própria' }).waitFor();
    expect(await drawer.getByRole('checkbox', { name: 'PayGo' }).isChecked()).toBe(true);
    expect(await drawer.getByRole('checkbox', { name: 'TEF Caixa Própria' }).isChecked()).toBe(true);
    expect(await drawer.getByRole('checkbox', { name: 'Linx TEF' }).isChecked()).toBe(false);
    await drawer.getByRole('button', { name: MSG.listaFechar }).click();
    expect(b.consoleErrors).toEqual([]);
  });

  it('Trocar senha shows the new password once, with a way to copy it', async () => {
    const { page } = b;
    // by address: a fresh list, nothing selected
    await page.goto(`${server.url}/app/buscamestres`);
    const screen = registerPage(page, usuariosMestresScreen);
    await screen.row('Marina Lima').waitFor();
    await screen.selectRow('Marina Lima');
    await screen.fabAction('Trocar senha');
    await page.getByRole('dialog', { name: MSG.listaAtencao }).getByRole('button', { name: MSG.listaOk }).click();
    const shown = page.getByRole('dialog', { name: MSG.mestreNovaSenha.replace('{login}', 'CLIENTE2') });
    await shown.waitFor();
    const senha = (await shown.locator('output').innerText()).trim();
    expect(senha).toMatch(/^[A-Za-z0-9]{12}$/);
    await shown.getByText(MSG.mestreNovaSenhaUmaVez).waitFor();
    await shown.getByRole('button', { name: MSG.listaFechar }).click();
    await shown.waitFor({ state: 'hidden' });
    expect(b.consoleErrors).toEqual([]);
  });

  it("the reseller master's list: its clients' users, Logar and Editar (no Tefs, no Trocar senha)", async () => {
    const { page } = b;
    await signOut(page, `${server.url}/`);
    await signIn(page, server.url, 'MESTREREVENDA');
    await openFromMenu(page, 'Usuários Mestres', /^Listar Usuários Mestres Revenda$/, /\/app\/buscamestresrevenda$/);
    await page.getByRole('heading', { level: 1, name: 'Listar Usuários Mestres Revenda' }).waitFor();
    const screen = registerPage(page, usuariosMestresRevendaScreen);
    await screen.row('Marina Lima').waitFor();
    expect(await screen.row('Renata Souza').count()).toBe(0);
    await screen.selectRow('Marina Lima');
    expect(await screen.fabLabels()).toEqual(['Logar', 'Editar']);

    // Editar: the user's responsável and e-mail in the narrow drawer, the e-mail checked before it is sent
    await screen.fabAction('Editar');
    const drawer = page.getByRole('dialog', { name: 'Editar' });
    await field(drawer, 'Email').waitFor();
    expect(await field(drawer, 'Email').inputValue()).toBe('cliente2@demo.concilia.local');
    expect((await drawer.boundingBox())?.width).toBe(260);
    await field(drawer, 'Responsável').fill('Marina Lima');
    await field(drawer, 'Email').fill('marina@bompreco');
    await drawer.getByRole('button', { name: MSG.listaSalvar }).click();
    await drawer.getByText(MSG.emailInvalido).waitFor();
    await screenshot(page, 'mestre-revenda-editar');
    await field(drawer, 'Email').fill('marina@bompreco.com.br');
    await drawer.getByRole('button', { name: MSG.listaSalvar }).click();
    await page.getByText(MSG.mestreDadosSalvos).waitFor();
    await screen.row('Marina Lima').filter({ hasText: 'marina@bompreco.com.br' }).filter({ hasText: 'MARINA LIMA' }).waitFor();
    expect(b.consoleErrors).toEqual([]);
  });
});
