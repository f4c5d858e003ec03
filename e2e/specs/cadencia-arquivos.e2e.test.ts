import { cadenciaArquivosScreen, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, openFromMenu, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * Cadência de Arquivos (issue 19): the platform's administrator opens the screen from Cadastros, sees Cielo on the
 * product's default hour, and gives it its own hour and every day; a wrong hour is refused beside the field.
 */
describe('late-file cadence', () => {
  let server: TestServer;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
    await signIn(b.page, server.url, 'ADMIN');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  it("edits Cielo's limit hour and days", async () => {
    const { page } = b;
    await openFromMenu(page, 'Cadastros', new RegExp(`^${cadenciaArquivosScreen.title}$`), /\/app\/cadenciaarquivos$/);
    const screen = registerPage(page, cadenciaArquivosScreen);
    await screen.row('Cielo').filter({ hasText: '(padrão)' }).filter({ hasText: MSG.cadenciaDiasUteis }).waitFor();
    await screen.selectRow('Cielo');
    await screen.fabAction(MSG.listaEditar);
    const form = page.getByRole('dialog', { name: MSG.listaEditar });
    await field(form, MSG.cadenciaHoraLimite).fill('9h');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await form.getByText(MSG.cadenciaHoraInvalida).waitFor();
    await field(form, MSG.cadenciaHoraLimite).fill('09:30');
    await form.getByRole('radio', { name: MSG.cadenciaTodosDias, exact: true }).check();
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await page.getByTestId('notification').filter({ hasText: MSG.cadenciaSalva }).first().waitFor();
    await screen.row('Cielo').filter({ hasText: '09:30' }).filter({ hasText: MSG.cadenciaTodosDias }).waitFor();
    await screenshot(page, 'cadencia-arquivos');
    expect(b.consoleErrors).toEqual([]);
  });
});
