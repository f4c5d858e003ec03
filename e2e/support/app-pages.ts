import { MSG } from '@concilia/domain';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Page objects: what a person does on the screens, named as they would say it. Specs read as steps and
 * survive layout changes, because every locator is a label or a role with the catalogue's text.
 */
/** A form field by its visible label; MUI appends ' *' to required ones. */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}[\\s\u2009\u00a0]*\\*?$`));
}

export const loginPage = (page: Page) => ({
  username: field(page, MSG.campoUsuario),
  password: field(page, MSG.campoSenha),
  submit: page.getByRole('button', { name: MSG.loginContinuar }),

  async solveBotCheck() {
    // The page's scripts start at the person's first key or tap, and ALTCHA's code at the first one after the page
    // has started: a person reaching the box has pressed several.
    // (a loop, not expect.poll: specs sign in from beforeAll too)
    for (const started = Date.now(); !(await page.evaluate(() => !!customElements.get('altcha-widget')));) {
      if (Date.now() - started > 15_000) throw new Error('ALTCHA did not start after 15 s of key presses');
      await page.keyboard.press('Shift');
      await page.waitForTimeout(250);
    }
    // After an attempt the page starts the check over by itself; like a person, tick the box only when it is
    // not already ticked or being checked — a click then would untick it.
    const state = await page.evaluate(() => document.querySelector<HTMLElement & { getState?(): string }>('altcha-widget')?.getState?.());
    // Playwright cannot click ALTCHA's checkbox (its svg intercepts the pointer): the label works.
    if (state !== 'verified' && state !== 'verifying') await page.locator('altcha-widget label').first().click();
    // Solved when the widget has written its payload into the hidden form input.
    await page.waitForFunction(() => !!document.querySelector<HTMLInputElement>('altcha-widget input[name="altcha"]')?.value, undefined, { timeout: 20_000 });
  },

  async signIn(username: string, password = 'demo123') {
    await this.solveBotCheck();
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  },
});

/** Signs in from the given login route and waits for the app to open. */
export async function signIn(page: Page, baseUrl: string, username: string, opts: { route?: string; password?: string } = {}) {
  await page.goto(`${baseUrl}${opts.route ?? '/'}`);
  await loginPage(page).signIn(username, opts.password);
  await page.waitForURL(/\/app\//, { timeout: 20_000 });
}

export async function expectText(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ timeout: 15_000 });
  expect(await page.getByText(text).first().isVisible()).toBe(true);
}

/**
 * After a sign-in, the home page's data and the chunks it loads after its first paint. On CI's two cores, shared with
 * the other specs' servers and browsers, that took over the page's 15 s once (billing.e2e, tickets.e2e) and over 60 s
 * once (previsao.e2e, passing alone in 19 s): past 30 s the page is taken as ready once the shell is drawn, and each
 * spec still waits for what it looks at.
 */
export async function settleAfterSignIn(page: Page) {
  const settled = await page.waitForLoadState('networkidle', { timeout: 30_000 }).then(() => true, () => false);
  if (!settled) await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
}

/** Signs out from the user menu and waits until the login page of the variant has loaded. */
export async function signOut(page: Page, loginUrl: string) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: MSG.sair }).click();
  await page.waitForURL(loginUrl, { waitUntil: 'load' });
  await loginPage(page).submit.waitFor();
}

/**
 * Opens a page from the side menu as a user does: opens its section when the link is not showing, clicks the
 * link and waits for the address. On a loaded machine the route's code is fetched before the address changes,
 * and a click that lands while the menu is still settling after sign-in is lost: like a person, it clicks
 * again when nothing happened (three tries, 30 s in all).
 */
export async function openFromMenu(page: Page, section: string, link: string | RegExp, url: RegExp) {
  const menu = page.getByTestId('menu-drawer');
  const item = menu.getByRole('link', { name: link });
  for (let attempt = 1; ; attempt++) {
    if (!(await item.isVisible())) await menu.getByRole('button', { name: section }).click();
    await item.waitFor({ state: 'visible' });
    await item.click();
    try {
      await page.waitForURL(url, { timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Closes a drawer or dialog with its 'Fechar' button and waits until it is gone. A click that lands while the
 * drawer is still sliding in on a loaded machine can be lost (once in ~1 700 CI tests the filter drawer stayed
 * open): like a person, it clicks again when nothing happened (three tries).
 */
export async function closeWithFechar(container: Locator) {
  for (let attempt = 1; ; attempt++) {
    await container.getByRole('button', { name: MSG.listaFechar }).click();
    try {
      await container.waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}
