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
    // the capitals are the page's scripts', which start at that first text
    await expect.poll(() => login.username.inputValue()).toBe('CLIENTE');
    await login.password.fill('demo123');
    await login.submit.click();
    await expectText(page, MSG.botCheckAusente);

    await login.signIn('CLIENTE', 'errada');
    await expectText(page, MSG.loginInvalido);
    expect(page.url()).toBe(`${server.url}/`);
  });

  it('fetches ALTCHA only once the person starts on the page, and a tap on its box before then ticks it', async () => {
    const fresh = await openBrowser();
    try {
      const { page, consoleErrors } = fresh;
      const fetched: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname.includes('altcha')) fetched.push(pathname);
      });
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      expect(fetched).toEqual([]);
      // nor has React run: the page is the HTML the build drew until the person starts (nothing rendered the widget)
      expect(await page.locator('altcha-widget').count()).toBe(0);
      // the box the page drew in ALTCHA's place: one tap, and the check runs once its code has arrived
      await page.getByTestId('bot-check-placeholder').click();
      await page.waitForFunction(() => !!document.querySelector<HTMLInputElement>('altcha-widget input[name="altcha"]')?.value, undefined, { timeout: 20_000 });
      expect(fetched.some((p) => p.startsWith('/altcha/challenge'))).toBe(true);
      const login = loginPage(page);
      await login.username.fill('cliente');
      await login.password.fill('demo123');
      await login.submit.click();
      await page.waitForURL(/\/app\//, { timeout: 20_000 });
      expect(consoleErrors).toEqual([]);
    } finally {
      await fresh.close();
    }
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

  it('arrives drawn before its scripts run, and keeps what was typed before they did', async () => {
    // a first visit on a slow phone: the page's own script held back until the visitor has typed
    const fresh = await openBrowser();
    try {
      const { page, consoleErrors } = fresh;
      let release!: () => void;
      const scriptsMayRun = new Promise<void>((resolve) => { release = resolve; });
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await scriptsMayRun;
        await route.continue();
      });
      // 'commit': the document's load waits for its module script, which is held back
      await page.goto(`${server.url}/`, { waitUntil: 'commit' });
      const login = loginPage(page);
      await page.getByRole('heading', { name: MSG.produtoNome }).waitFor();
      expect(await page.getByText(MSG.loginTitulo).first().isVisible()).toBe(true);
      expect(await login.submit.isDisabled()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
      // the check's box is drawn too, where ALTCHA will draw it, and the logo with its size (nothing moves later)
      const placeholder = page.getByTestId('bot-check-placeholder');
      expect((await placeholder.innerText()).split('\n')).toEqual([MSG.botCheckRotulo, MSG.botCheckRodape]);
      const boxBefore = await placeholder.boundingBox();
      const submitBefore = await login.submit.boundingBox();
      expect((await page.getByTestId('app-logo').boundingBox())?.height).toBe(56);

      await page.keyboard.type('cliente');
      await login.password.click();
      await page.keyboard.type('demo123');
      await page.keyboard.press('Enter');
      // no submission before the scripts: nothing of the form in the address
      expect(page.url()).toBe(`${server.url}/`);
      await page.evaluate(() => { (window as unknown as { drawn: Element | null }).drawn = document.querySelector('[data-testid="auth-card"]'); });

      release();
      await page.locator('altcha-widget label').waitFor();
      // ALTCHA's box is where the placeholder was, which is hidden now; the button has not moved
      expect(await placeholder.isVisible()).toBe(false);
      const box = await page.locator('altcha-widget .altcha-main').boundingBox();
      expect([box?.x, box?.y, box?.width, box?.height]).toEqual([boxBefore?.x, boxBefore?.y, boxBefore?.width, boxBefore?.height]);
      expect(await login.submit.boundingBox()).toEqual(submitBefore);
      // hydrated: the card drawn by the HTML is the one on screen, not a copy drawn over it
      expect(await page.evaluate(() => document.querySelector('[data-testid="auth-card"]') === (window as unknown as { drawn: Element | null }).drawn)).toBe(true);
      expect(await login.username.inputValue()).toBe('CLIENTE');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');

      await login.solveBotCheck();
      await login.submit.click();
      await page.waitForURL(/\/app\//, { timeout: 20_000 });
      await expectText(page, /Olá, Carlos/);
      expect(consoleErrors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('draws the page in the colours a returning visitor chose, over the HTML rendered in the default ones', async () => {
    const fresh = await openBrowser();
    try {
      const { page, context, consoleErrors } = fresh;
      await context.addInitScript(() => localStorage.setItem('concilia:state', JSON.stringify({ theme: 'roxo-claro' })));
      await page.goto(`${server.url}/`);
      // the page has its configuration (ALTCHA's element is there, drawn once the person starts)
      await page.locator('altcha-widget').waitFor({ state: 'attached' });
      // the card's backdrop is the theme's primary colour (#6a1b9a), not the default's (#0273b7)
      expect(await page.getByRole('main').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('rgb(106, 27, 154)');
      expect(await loginPage(page).submit.isEnabled()).toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
