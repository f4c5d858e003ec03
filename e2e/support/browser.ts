import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google on this closed network.
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export type Browser = { context: BrowserContext; page: Page; consoleErrors: string[]; close(): Promise<void> };

/** A fresh profile each time: no cookie or stored state leaks from one test file to the next. */
export async function openBrowser(opts: { viewport?: { width: number; height: number } } = {}): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}; run npm test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: opts.viewport ?? { width: 1366, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  const consoleErrors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  return {
    context, page, consoleErrors,
    close: async () => {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve(import.meta.dirname, '../../test-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // transitions under way (an app bar coming back after a scroll, a dialog fading in) finished, not caught halfway
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
