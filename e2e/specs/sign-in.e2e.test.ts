import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../support/browser';
import { expectText, loginPage, signIn, signOut } from '../support/app-pages';
import { engines, startServer, type TestServer } from '../support/test-server';

describe.each(engines())('signing in and out on %s', (engine) => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer(engine);
    b = await openBrowser();
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('refuses a sign-in without the bot check and with a wrong password', async () => {
    const { page } = b;
    await page.goto(`${server.url}/`);
    const login = loginPage(page);
    await login.username.fill('cliente');
    expect(await login.username.inputValue()).toBe('CLIENTE');
    await login.password.fill('demo123');
    await login.submit.click();
    await expectText(page, MSG.botCheckAusente);

    await login.signIn('CLIENTE', 'errada');
    await expectText(page, MSG.loginInvalido);
    expect(page.url()).toBe(`${server.url}/`);
  });

  it('signs in, survives a reload, and signs out to the login page', async () => {
    const { page } = b;
    await signIn(page, server.url, 'CLIENTE');
    expect(new URL(page.url()).pathname).toBe('/app/home');
    await expectText(page, /Olá, Carlos/);

    await page.reload();
    await page.getByTestId('home-greeting').waitFor();

    await signOut(page, `${server.url}/`);

    // The session is gone on the server too: the app sends a signed-out visitor back to login.
    await page.goto(`${server.url}/app/home`);
    await page.waitForURL(`${server.url}/`);
    expect(b.consoleErrors).toEqual([]);
  });
});
