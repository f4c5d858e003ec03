import fs from 'node:fs';
import { DOCUMENTO_UPLOAD, estabelecimentosRegister, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromMenu, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { sendDocument, TINY_PDF } from '../support/documents';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * An establishment's registration documents (issue 19; spec part 2 §7): on Cadastros → Estabelecimentos the
 * bakery's Cielo establishment opens 'Documentos', a right drawer; a file the rule refuses is refused on the spot,
 * the authorisation letter is sent, listed as awaiting the back office's check, and downloads byte for byte.
 */
const EC = '1023456789';

describe("an establishment's documents", () => {
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

  it('sends the authorisation letter from the Documentos drawer, sees it awaiting the check and downloads it', async () => {
    const { page } = b;
    await openFromMenu(page, 'Cadastros', /^Estabelecimentos$/, /\/app\/estabelecimentos$/);
    const screen = registerPage(page, estabelecimentosRegister);
    await screen.row(EC).waitFor();
    await screen.selectRow(EC);
    await screen.fabAction(MSG.documentos);
    const drawer = page.getByRole('dialog', { name: MSG.documentos });
    await drawer.getByText(MSG.documentoNenhum).waitFor();

    // refused before anything is sent: a type the rule does not take, and more files than allowed at once
    const input = drawer.getByTestId('documento-input');
    await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('texto') });
    await drawer.getByText(`notas.txt: ${MSG.uploadInvalido}`).waitFor();
    await input.setInputFiles(Array.from({ length: DOCUMENTO_UPLOAD.maxFiles + 1 }, (_, i) => ({ name: `doc${i}.pdf`, mimeType: 'application/pdf', buffer: TINY_PDF })));
    await drawer.getByText(MSG.uploadLimite.replace('{n}', String(DOCUMENTO_UPLOAD.maxFiles))).waitFor();
    expect(await drawer.getByRole('button', { name: MSG.documentoEnviar }).isDisabled()).toBe(true);

    await sendDocument(page, drawer, 'Carta de autorização', { name: 'carta-autorizacao.pdf', buffer: TINY_PDF });

    const item = drawer.getByTestId('documento').filter({ hasText: 'carta-autorizacao.pdf' });
    await item.waitFor();
    expect(await item.innerText()).toContain('Carta de autorização');
    expect(await item.getByTestId('documento-status').innerText()).toBe(MSG.documentoStatusPendente);
    await screenshot(page, 'establishment-documents-drawer');

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), item.getByRole('button', { name: MSG.documentoBaixar }).click()]);
    expect(download.suggestedFilename()).toBe('carta-autorizacao.pdf');
    expect(fs.readFileSync(await download.path())).toEqual(TINY_PDF);
    expect(b.consoleErrors).toEqual([]);
  });
});
