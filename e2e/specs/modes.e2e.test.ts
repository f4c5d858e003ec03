import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../support/browser';
import { expectText, loginPage, signOut } from '../support/app-pages';
import { startServer, type TestServer } from '../support/test-server';
import { MSG } from '@concilia/domain';

describe("the 'vis' and 'spc' variants and the pending-registration gate", () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterEach(async () => {
    await b?.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("'vis' mode lands on the panel with no menu, menu button or user name", async () => {
    b = await openBrowser();
    const { page } = b;
    await page.goto(`${server.url}/?isVis=true`);
    await loginPage(page).signIn('CLIENTE');
    await page.waitForURL(/\/app\/painel$/);
    await page.getByTestId('home-greeting').waitFor();
    expect(await page.getByTestId('menu-button').count()).toBe(0);
    expect(await page.getByTestId('menu-drawer').count()).toBe(0);
    expect(await page.getByTestId('user-name').count()).toBe(0);
  });

  it("'spc' keeps the inputs locked until the bot check passes, then shows its extra logo", async () => {
    b = await openBrowser();
    const { page } = b;
    await page.goto(`${server.url}/spc`);
    const login = loginPage(page);
    await page.getByTestId('spc-logo').first().waitFor();
    expect(await login.username.isDisabled()).toBe(true);
    expect(await login.password.isDisabled()).toBe(true);
    await login.signIn('REVENDA');
    await page.waitForURL(/\/app\/home$/);
    await page.getByTestId('spc-logo').first().waitFor();

    // Signing out returns to the variant's own login route.
    await signOut(page, `${server.url}/spc`);
  });

  it("a user with an incomplete registration lands on 'Cadastro Pendente'", async () => {
    b = await openBrowser();
    const { page } = b;
    await page.goto(`${server.url}/`);
    await loginPage(page).signIn('PENDENTE');
    await page.waitForURL(/\/app\/notAllowed$/);
    await expectText(page, MSG.cadastroPendente);
    await page.goto(`${server.url}/app/home`);
    await page.waitForURL(/\/app\/notAllowed$/);
  });
});
