import { noticias, pessoas } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../support/browser';
import { expectText, signIn } from '../support/app-pages';
import { startServer, type TestServer } from '../support/test-server';

describe('moving around the application shell', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    // A news item carrying script: the bell must show its text and run none of it.
    const [platform] = await server.db.db.select().from(pessoas).where(eq(pessoas.tipo, 'PLATAFORMA'));
    await server.db.db.insert(noticias).values({
      titulo: 'Aviso com conteúdo perigoso', data: '2026-11-20', codpessoa: platform!.codpessoa,
      texto: '<p>Texto seguro</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>',
    });
    b = await openBrowser();
    await signIn(b.page, server.url, 'CLIENTE');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('navigates through the menu and shows where the user is', async () => {
    const { page } = b;
    const menu = page.getByTestId('menu-drawer');
    // Only the section of the current page starts open; the user opens 'Ajuda' to reach the manual.
    await menu.getByRole('button', { name: 'Ajuda' }).click();
    await menu.getByRole('link', { name: 'Manual' }).click();
    await page.waitForURL(/\/app\/ajuda$/);
    const crumb = page.getByTestId('breadcrumb');
    await expectText(page, MSG.voceEstaAqui);
    await expect.poll(() => crumb.innerText()).toMatch(/Ajuda[\s\S]*Manual/);

    await menu.getByRole('button', { name: 'Minha Conta' }).click();
    await menu.getByRole('link', { name: 'Altera Senha' }).click();
    await page.waitForURL(/\/app\/alterasenha$/);
    await expect.poll(() => crumb.innerText()).toMatch(/Minha Conta[\s\S]*Altera Senha/);

    // The help icon leads to the manual from anywhere.
    await page.getByTestId('help-button').click();
    await page.waitForURL(/\/app\/ajuda$/);
  });

  it('collapses a menu section and expands it again', async () => {
    const { page } = b;
    const menu = page.getByTestId('menu-drawer');
    const manual = menu.getByRole('link', { name: 'Manual' });
    const section = menu.getByRole('button', { name: 'Ajuda' });
    await manual.waitFor({ state: 'visible' });
    await section.click();
    await manual.waitFor({ state: 'hidden' });
    expect(await section.getAttribute('aria-expanded')).toBe('false');
    await section.click();
    await manual.waitFor({ state: 'visible' });
  });

  it('shows the news with their HTML sanitised', async () => {
    const { page } = b;
    await page.getByTestId('news-bell').click();
    const list = page.getByTestId('news-list');
    await list.getByText('Bem-vindo ao Concilia').waitFor();
    await list.getByText('Texto seguro').waitFor();
    await list.getByText('Atendimento Revenda Sul').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await list.locator('script, [onerror]').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('changes the colour theme and keeps it after a reload', async () => {
    const { page } = b;
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await background();
    await page.getByTestId('theme-picker').click();
    await page.getByRole('menuitemradio', { name: 'Roxo Escuro' }).first().click();
    await page.waitForFunction((prev) => getComputedStyle(document.body).backgroundColor !== prev, before);
    const dark = await background();
    await page.reload();
    await page.getByTestId('menu-drawer').waitFor();
    expect(await background()).toBe(dark);
    await screenshot(page, 'shell-dark-theme');
  });

  it('shows the unknown-page screen for a path that does not exist', async () => {
    const { page } = b;
    await page.goto(`${server.url}/app/tela-que-nao-existe`);
    await expectText(page, MSG.paginaDesconhecida);
    await expectText(page, '404');
    await page.goto(`${server.url}/qualquer/coisa`);
    await expectText(page, MSG.paginaDesconhecida);
  });

  it('reveals the page title in the top bar after scrolling', async () => {
    const { page } = b;
    await page.goto(`${server.url}/app/ajuda`);
    const title = page.getByTestId('page-title');
    await page.getByTestId('menu-drawer').waitFor();
    expect(await title.isVisible()).toBe(false);
    await page.mouse.wheel(0, 600);
    await title.waitFor({ state: 'visible' });
    expect(await title.innerText()).toBe('Manual');
    // The 404 navigations above log their own 'not found' lines; nothing else may reach the console.
    // Allowed: the 404 navigations above, and Chromium's CSP report for the planted onerror attribute —
    // Chromium reports it while merely parsing the HTML in DOMPurify's inert document; nothing ran.
    const unexpected = b.consoleErrors.filter((e) => !/404/.test(e) && !/inline event handler violates the following Content Security Policy/.test(e));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  });

  it("paints an /app page's frame and title from the HTML, before any script runs, and draws the page over it", async () => {
    const { page } = b;
    const scripts = /\/assets\/.+\.js$/;
    const frame = page.getByTestId('shell-frame');
    const heading = page.getByRole('heading', { level: 1 });
    await page.route(scripts, (route) => route.abort());
    try {
      await page.goto(`${server.url}/app/ajuda`);
      expect(await frame.isVisible()).toBe(true);
      expect(await heading.innerText()).toBe('Manual');
      await screenshot(page, 'shell-frame-before-scripts');
      // a register screen's title is its declaration's; a page outside the shell has no frame
      await page.goto(`${server.url}/app/cliente`);
      expect(await heading.innerText()).toBe('Cliente');
      await page.goto(`${server.url}/signUp`);
      expect(await frame.count()).toBe(0);
    } finally {
      await page.unroute(scripts);
    }
    await page.goto(`${server.url}/app/ajuda`);
    await page.getByTestId('breadcrumb').waitFor();
    expect(await frame.count()).toBe(0);
    expect(await heading.allInnerTexts()).toEqual(['Manual']);
  });

  it('on a phone the menu is drawn when the menu button opens it, and closes after a choice', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.url}/app/home`);
      await page.getByTestId('breadcrumb').waitFor();
      const menu = page.getByTestId('menu-drawer');
      expect(await menu.count()).toBe(0);
      await page.getByTestId('menu-button').click();
      await menu.getByRole('button', { name: 'Ajuda' }).click();
      await menu.getByRole('link', { name: 'Manual' }).click();
      await page.waitForURL(/\/app\/ajuda$/);
      await menu.waitFor({ state: 'hidden' });
      await page.getByTestId('menu-button').click();
      await menu.getByRole('link', { name: 'Manual' }).waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });
});
