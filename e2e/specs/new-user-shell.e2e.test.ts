import { MSG } from '@concilia/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../support/browser';
import { expectText, field, loginPage, signIn, signOut } from '../support/app-pages';
import { startServer, type TestServer } from '../support/test-server';

/** What a new user tripped over in the shell (issue 14): notices that outlive their page or hide the top bar. */
async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A notice raised in the shell: 'Senha alterada' after a change of password (a new one each time). */
let password = 'demo123';
let changes = 0;
async function raiseNoticeInShell(page: Page, baseUrl: string) {
  const next = `Nova_Senha${++changes}`;
  await page.goto(`${baseUrl}/app/alterasenha`);
  await field(page, MSG.campoSenhaAtual).fill(password);
  await field(page, MSG.campoNovaSenha).fill(next);
  await field(page, MSG.campoConfirmacaoSenha).fill(next);
  await page.getByRole('button', { name: MSG.alteraSenhaSalvar }).click();
  const notice = page.getByTestId('notification');
  await notice.waitFor();
  expect(await notice.innerText()).toContain(MSG.senhaAlterada);
  password = next;
  return notice;
}

describe('notifications for a new user', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it("the login page's warning is gone once the user has signed in", async () => {
    const { page } = b;
    await page.goto(`${server.url}/`);
    const login = loginPage(page);
    await login.username.fill('CLIENTE2');
    await login.password.fill('demo123');
    await login.submit.click();
    await expectText(page, MSG.botCheckAusente);
    // the user completes the check and signs in while the warning is still up
    await login.signIn('CLIENTE2');
    await page.waitForURL(/\/app\//);
    await page.getByTestId('home-greeting').waitFor();
    expect(await page.getByTestId('notification').count()).toBe(0);
    expect(await page.getByText(MSG.botCheckAusente).count()).toBe(0);
  });

  it.each([
    ['a 1366 px screen', { width: 1366, height: 768 }],
    ['a phone', { width: 390, height: 844 }],
  ])('on %s a notice in the shell leaves the top-bar buttons visible and clickable', async (_name, viewport) => {
    const { page } = b;
    await page.setViewportSize(viewport);
    const notice = await raiseNoticeInShell(page, server.url);
    const noticeBox = await box(notice);
    for (const id of ['news-bell', 'help-button', 'user-menu']) {
      const button = page.getByTestId(id).first();
      if (!(await button.isVisible())) continue;
      expect(overlaps(noticeBox, await box(button)), `${id} is covered at ${viewport.width} px`).toBe(false);
    }
    // the user menu answers a click while the notice is still showing
    await page.getByTestId('user-menu').first().click();
    await page.getByRole('menuitem', { name: MSG.sair }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('a notice raised while signed in does not follow the user back to the login page', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1366, height: 768 });
    await raiseNoticeInShell(page, server.url);
    await signOut(page, `${server.url}/`);
    expect(await page.getByTestId('notification').count()).toBe(0);
    expect(await page.getByText(MSG.senhaAlterada).count()).toBe(0);
  });

  it('a screen the profile does not hold, opened by its address, shows the not-allowed state and nothing to try', async () => {
    const { page } = b;
    await signIn(page, server.url, 'CLIENTE');
    for (const address of ['/app/cliente', '/app/parametros']) {
      await page.goto(`${server.url}${address}`);
      await expectText(page, MSG.telaNaoPermitidaTitulo);
      await expectText(page, MSG.telaNaoPermitida);
      expect(await page.getByRole('button', { name: MSG.listaAdicionar }).count()).toBe(0);
      expect(await page.getByTestId('notification').count()).toBe(0);
    }
    // the way out is home; a screen the profile holds still opens by its address
    await page.getByTestId('status-back').click();
    await page.waitForURL(/\/app\/home$/);
    await page.goto(`${server.url}/app/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByText(MSG.telaNaoPermitidaTitulo).count()).toBe(0);
  });
});

/** What the user's menus offer: the side menu's Ajuda section and the user menu. */
async function offered(page: Page) {
  const menu = page.getByTestId('menu-drawer');
  const manual = menu.getByRole('link', { name: 'Manual' });
  if (!(await manual.isVisible())) await menu.getByRole('button', { name: 'Ajuda' }).click();
  await manual.waitFor();
  const ajuda = (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter((t) => ['Manual', 'Atendimento', 'Treinamento'].includes(t));
  await page.getByTestId('user-menu').first().click();
  await page.getByRole('menuitem', { name: MSG.sair }).waitFor();
  const userMenu = (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return { ajuda, versaoAntiga: userMenu.includes(MSG.versaoAntiga) };
}

describe.each([
  ['a default install', {}, { ajuda: ['Manual'], versaoAntiga: false }],
  [
    'an install that configures them',
    { LEGACY_URL: 'https://antigo.example', ATENDIMENTO_URL: 'https://atendimento.example/login', ATENDIMENTO_LOGIN: 'suporte', ATENDIMENTO_SENHA: 'x', TREINAMENTO_URL: 'https://videos.example/lista' },
    { ajuda: ['Manual', 'Atendimento', 'Treinamento'], versaoAntiga: true },
  ],
])('on %s, Versão Antiga, Atendimento and Treinamento', (_name, env, expected) => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite', env);
    b = await openBrowser();
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('are offered only when each one leads somewhere', async () => {
    await signIn(b.page, server.url, 'ADMIN');
    expect(await offered(b.page)).toEqual(expected);
  });
});
