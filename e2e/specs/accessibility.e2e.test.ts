import fs from 'node:fs';
import { createRequire } from 'node:module';
import { LIST_SCREENS, MASTER_SCREENS, REGISTERS, ROUTES } from '@concilia/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signOut } from '../support/app-pages';
import { type Browser, openBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/test-server';

/**
 * An axe-core scan of every screen the demo users can open (the route table and the register and list
 * screens): no serious or critical violation of WCAG 2.1 A/AA. axe's own source is injected into the page, so
 * the scan sees what a screen reader would: the rendered DOM in the user's theme. The app's Content Security
 * Policy (script-src 'self') refuses a script tag with inline code (addScriptTag), so the source is evaluated
 * through the browser's debugging protocol, which the policy does not govern.
 */
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Found = { id: string; impact: string; help: string; targets: string[]; why: string };

async function scan(page: Page): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- axe is a global of the injected script
    const axe = (window as any).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return (r.violations as { id: string; impact: string; help: string; nodes: { target: string[]; html: string; failureSummary: string }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        // what a reader of the failure needs to find and fix the first one
        why: `${v.nodes[0]?.html.slice(0, 160)} — ${v.nodes[0]?.failureSummary}`,
      }));
  });
}

/** Opens an address and waits until the screen has drawn its title and finished its first calls. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // every screen has a title or, on the sign-in pages, a form (Atendimento also holds a hidden one: attached is enough)
  await page.locator('h1, form').first().waitFor({ state: 'attached' });
  // MUI's transitions (drawers, fades) settle before axe reads the colours
  await page.waitForTimeout(300);
}

const APP_ROUTES = [ROUTES.home, ROUTES.dashboard, ROUTES.ajuda, ROUTES.alteraSenha, ROUTES.parametros, ROUTES.inclusaoTicket, ROUTES.fechaMovimentoPrevisao, ROUTES.atendimento, ROUTES.treinamento, ROUTES.integracao, ROUTES.notFound]
  .map((r) => r.path);
const SCREEN_ROUTES = [...REGISTERS, ...LIST_SCREENS].map((r) => `/app/${r.page}`);

describe('accessibility (axe-core)', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('the sign-in pages, the sign-up wizard and the code page have no serious or critical violation', async () => {
    const found: Record<string, Found[]> = {};
    for (const path of [ROUTES.login.path, ROUTES.loginSpc.path, ROUTES.resetarSenha.path, ROUTES.signUp.path, ROUTES.identificadorCode.path, ROUTES.painelPublico.path]) {
      await open(b.page, `${server.url}${path}`);
      const v = await scan(b.page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
  }, 60_000);

  it('every screen of the application has no serious or critical violation', async () => {
    await signIn(b.page, server.url, 'ADMIN');
    const found: Record<string, Found[]> = {};
    for (const path of [...APP_ROUTES, ...SCREEN_ROUTES]) {
      await open(b.page, `${server.url}${path}`);
      const v = await scan(b.page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
  }, 120_000);

  it("the master-user lists (a master's own screens) have no serious or critical violation", async () => {
    await signOut(b.page, `${server.url}/`);
    await signIn(b.page, server.url, 'MESTRE');
    const found: Record<string, Found[]> = {};
    for (const path of MASTER_SCREENS.filter((d) => d.page !== 'buscamestresrevenda').map((d) => `/app/${d.page}`)) {
      await open(b.page, `${server.url}${path}`);
      const v = await scan(b.page);
      if (v.length) found[path] = v;
    }
    expect(found).toEqual({});
  }, 60_000);
});
