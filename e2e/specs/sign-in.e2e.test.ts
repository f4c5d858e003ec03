import { MSG } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../support/browser';
import { expectText, loginPage, signIn, signOut } from '../support/app-pages';
import { engines, startServer, type TestServer } from '../support/test-server';

describe.each(engines())('signing in and out on %s', (engine) => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    // Delays after failed sign-ins are real here, but short.
    server = await startServer(engine, { LOGIN_DELAY_MAX_MS: '500' });
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

  it('after repeated failures for a login, the right password signs in once the harder check is solved', async () => {
    const { page } = b;
    // Five wrong passwords for MESTRE, as someone trying to lock its owner out would send them.
    await server.db.db.execute(sql`INSERT INTO tentativas_login (chave, janelainicio, tentativas) VALUES ('login:user:MESTRE', now(), 5)`);
    await page.goto(`${server.url}/`);
    const login = loginPage(page);
    await login.signIn('MESTRE');
    await expectText(page, MSG.botCheckReforcado);
    expect(page.url()).toBe(`${server.url}/`);

    // The widget starts over by itself on the challenge the server issued for that login: more work.
    const cost = await page.waitForFunction(() => {
      const value = document.querySelector<HTMLInputElement>('altcha-widget input[name="altcha"]')?.value;
      const solved = value ? (JSON.parse(atob(value)) as { challenge: { parameters: { cost: number } } }).challenge.parameters.cost : 0;
      // The everyday solution (cost 1000) may still be there for a moment after the refused attempt.
      return solved > 1000 ? solved : 0;
    }, undefined, { timeout: 30_000 });
    expect(await cost.jsonValue()).toBe(2000);
    await login.submit.click();
    await page.waitForURL(/\/app\//, { timeout: 20_000 });
    await expectText(page, /Olá, Otávio/);
  });
});
