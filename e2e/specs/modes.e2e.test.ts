import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../support/browser';
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
    // the bakery's user holds the Dashboard: the panel, read only (features/painel)
    await page.getByRole('button', { name: MSG.painelGerarLink }).waitFor();
    expect(await page.getByTestId('menu-button').count()).toBe(0);
    expect(await page.getByTestId('menu-drawer').count()).toBe(0);
    expect(await page.getByTestId('user-name').count()).toBe(0);
  });

  it.each([
    ['1366', { width: 1366, height: 768 }],
    ['phone', { width: 390, height: 844 }],
  ])("'spc' has its own legacy look, not the modern card (%s)", async (name, viewport) => {
    b = await openBrowser({ viewport });
    const { page } = b;
    await page.goto(`${server.url}/spc`);
    const legacy = page.getByTestId('legacy-login');
    await legacy.waitFor();
    expect(await page.getByTestId('auth-card').count()).toBe(0);
    // header band with the partner's mark, the welcome on its own panel, the title bar, the version in the footer
    await legacy.locator('header').getByTestId('spc-logo').waitFor();
    await legacy.getByTestId('legacy-login-welcome').getByText(MSG.loginBemVindo).waitFor();
    await legacy.getByRole('heading', { name: MSG.loginTitulo }).waitFor();
    expect(await legacy.locator('footer').innerText()).toMatch(/Concilia \d+\.\d+\.\d+/);
    // flat and square where the modern look is a gradient and a rounded card
    const look = await legacy.evaluate((el) => ({
      background: getComputedStyle(el).backgroundImage,
      boxRadius: getComputedStyle(el.querySelector('main > div')!).borderRadius,
    }));
    expect(look).toEqual({ background: 'none', boxRadius: '0px' });
    // nothing wider than the screen; on a wide screen the welcome sits beside the form, on a phone above it
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const welcome = (await legacy.getByTestId('legacy-login-welcome').boundingBox())!;
    const form = (await page.getByRole('form', { name: MSG.loginTitulo }).boundingBox())!;
    if (viewport.width >= 900) expect(welcome.x + welcome.width).toBeLessThanOrEqual(form.x);
    else expect(welcome.y + welcome.height).toBeLessThanOrEqual(form.y);
    await screenshot(page, `login-spc-legacy-${name}`);

    await page.goto(`${server.url}/`);
    await page.getByTestId('auth-card').waitFor();
    expect(await page.getByTestId('legacy-login').count()).toBe(0);
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
