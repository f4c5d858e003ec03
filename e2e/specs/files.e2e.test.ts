import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manutencaoArquivosScreen, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromMenu, signIn } from '../support/app-pages';
import { type Browser, openBrowser } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * Manutenção de Arquivos as the bakery's user (CLIENTE) uses it: a genuine Rede statement and an unreadable
 * file sent through the upload dialog reach their final status live; the statement downloads byte for byte,
 * reprocesses, and the unreadable file is deleted.
 */
const SAMPLE = fileURLToPath(new URL('../../packages/engine/test/samples/rede/R97470EEVD17.cmp', import.meta.url));

describe('file maintenance screen', () => {
  let server: TestServer;
  let b: Browser;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-files-'));
  const unreadable = path.join(dir, 'foto.bin');

  beforeAll(async () => {
    fs.writeFileSync(unreadable, Buffer.from([0, 159, 146, 150, 255, 1, 2, 3]));
    server = await startServer('pglite');
    b = await openBrowser();
    await signIn(b.page, server.url, 'CLIENTE');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a real statement and an unreadable file, and watches both reach their final status', async () => {
    const { page } = b;
    const screen = registerPage(page, manutencaoArquivosScreen);
    await openFromMenu(page, 'Arquivos', manutencaoArquivosScreen.title, /\/app\/manutencaoarquivos$/);
    const results = await screen.upload([SAMPLE, unreadable], { unidade: 'Pão Quente - Savassi' });
    expect(results).toEqual([
      { status: 'Processado', message: null },
      { status: 'Erro', message: MSG.arquivoNaoReconhecido },
    ]);
    // the statement is of 2020: widen the send-date window to see it
    await screen.filterBy({ de: '01/01/2000' });
    await screen.row('R97470EEVD17.cmp').waitFor();
    await screen.row('foto.bin').filter({ hasText: MSG.arquivoNaoReconhecido }).waitFor();
  });

  it('downloads the statement byte for byte', async () => {
    const screen = registerPage(b.page, manutencaoArquivosScreen);
    await screen.selectRow('R97470EEVD17.cmp');
    const [file] = await screen.downloadAction(MSG.arquivoBaixar);
    expect(file!.name).toBe('R97470EEVD17.cmp');
    expect(file!.bytes.equals(fs.readFileSync(SAMPLE))).toBe(true);
    await screen.expectNotification(MSG.arquivoRegistroBaixado);
  });

  it('reprocesses the statement and deletes the unreadable file', async () => {
    const screen = registerPage(b.page, manutencaoArquivosScreen);
    await screen.fabAction(MSG.arquivoReprocessar);
    await screen.expectNotification(MSG.arquivoRegistroReprocessado);
    await screen.row('R97470EEVD17.cmp').filter({ hasText: 'Processado' }).waitFor({ timeout: 30_000 }).catch(async () => {
      await screen.filterBy({ de: '01/01/2000' });
      await screen.row('R97470EEVD17.cmp').filter({ hasText: 'Processado' }).waitFor();
    });
    await screen.deleteRows('foto.bin');
    await screen.expectNotification(MSG.listaExcluidos);
    await screen.row('foto.bin').waitFor({ state: 'detached' });
  });
});
