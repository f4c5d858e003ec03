import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from '../support/browser';
import { expectText, field, openFromMenu, signIn } from '../support/app-pages';
import { startServer, type TestServer } from '../support/test-server';

describe('Parâmetros', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
    await signIn(b.page, server.url, 'REVENDA');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it('saves the Fecha Movimento text with its counter and keeps it after a reload', async () => {
    const { page } = b;
    await openFromMenu(page, 'Cadastros', 'Parâmetros', /\/app\/parametros$/);
    const text = field(page, MSG.parametrosFechaMovimento);
    await text.fill('Grupo Sul - fechamento semanal');
    await expectText(page, '30/500');
    await page.getByRole('button', { name: MSG.listaSalvar }).click();
    await expectText(page, MSG.parametrosSalvos);
    await page.reload();
    await expect.poll(() => text.inputValue()).toBe('Grupo Sul - fechamento semanal');
    // The field stops at the limit instead of letting the user type what the server would refuse.
    await text.fill('x'.repeat(600));
    expect((await text.inputValue()).length).toBe(500);
    await expectText(page, '500/500');
  });
});
