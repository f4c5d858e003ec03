import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manutencaoArquivosScreen, MSG } from '@concilia/domain';
import { sql } from 'drizzle-orm';
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
    // the statement's header says 2020; the default window (on the receipt day) still lists it: no new search
    await screen.row('R97470EEVD17.cmp').filter({ hasText: 'Processado' }).waitFor();
    await screen.row('foto.bin').filter({ hasText: MSG.arquivoNaoReconhecido }).waitFor();
  });

  it('at 1366 px shows Status, Arquivo and Mensagem without a horizontal scroll', async () => {
    const { page } = b;
    expect(page.viewportSize()?.width).toBe(1366);
    const table = page.locator('table').first();
    const box = (await table.locator('xpath=..').boundingBox())!;
    for (const label of ['ID', 'Status', 'Arquivo', 'Mensagem']) {
      const h = (await page.locator('thead').getByText(label, { exact: true }).boundingBox())!;
      expect(h.x + h.width, label).toBeLessThanOrEqual(box.x + box.width + 1);
    }
    await page.screenshot({ path: path.join(os.tmpdir(), 'concilia-manutencao-1366.png') });
  });

  it('the upload dialog speaks to the merchant: no operator text, no stale labels, the batch limit in Portuguese', async () => {
    const { page } = b;
    await page.getByRole('button', { name: MSG.uploadEnviar }).click();
    const dialog = page.getByRole('dialog', { name: MSG.uploadTitulo });
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).not.toMatch(/INBOX_DIR|npm run|concilia -- import|SFTP/);
    expect(text).toContain('Até 3 arquivos de até 3 MB cada.');
    const input = dialog.getByTestId('upload-input');
    // four files: the batch is refused with the pt-BR message, and nothing can be sent
    const four = [1, 2, 3, 4].map((i) => ({ name: `v${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') }));
    await input.setInputFiles(four);
    await dialog.getByText('Não é possível enviar mais de 3 arquivos.', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: MSG.uploadEnviar }).isDisabled()).toBe(true);
    // a file over 3 MB is refused saying only that it is too large
    await input.setInputFiles([{ name: 'grande.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3_000_001, 65) }]);
    await dialog.getByText('grande.txt: Arquivo muito grande: o limite é 3 MB.', { exact: true }).waitFor();
    // once a file is sent and loaded, no label still says it is being sent or processed
    await input.setInputFiles([unreadable]);
    await dialog.getByRole('button', { name: MSG.uploadEnviar }).click();
    await dialog.getByTestId('upload-status').filter({ hasText: /^(Processado|Erro)$/ }).waitFor({ timeout: 60_000 });
    const after = await dialog.getByTestId('upload-item').innerText();
    expect(after).not.toMatch(/Enviando|Processando/);
    expect(after).toContain(MSG.uploadEnviado);
    expect(after).toContain(MSG.uploadConcluido);
    await dialog.getByRole('button', { name: MSG.uploadFechar }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a result card chosen shows in the filter drawer', async () => {
    const { page } = b;
    const card = page.locator('[data-testid^="bucket-"]').first();
    await card.waitFor();
    const label = (await card.innerText()).split('\n')[0]!.trim();
    await card.click();
    await page.locator('[data-testid^="bucket-"][aria-pressed="true"]').waitFor();
    await page.getByRole('button', { name: MSG.listaAbrirFiltro }).click();
    const resultado = page.getByRole('combobox', { name: 'Resultado' });
    await resultado.waitFor();
    expect((await resultado.innerText()).trim()).toBe(label);
    await page.keyboard.press('Escape');
    await resultado.waitFor({ state: 'hidden' });
    await card.click(); // widen again
    await page.locator('[data-testid^="bucket-"][aria-pressed="true"]').waitFor({ state: 'detached' });
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
    // the row follows the reload in the background to its end, without a new search
    await screen.row('R97470EEVD17.cmp').filter({ hasText: 'Processado' }).waitFor({ timeout: 30_000 });
    await screen.deleteRows('foto.bin');
    await screen.expectNotification(MSG.listaExcluidos);
    await screen.row('foto.bin').waitFor({ state: 'detached' });
  });

  it("'Download CSV' of a search longer than one answer writes every file of it, not the page on screen", async () => {
    const { page } = b;
    const screen = registerPage(page, manutencaoArquivosScreen);
    // a busy month: 1,200 more files of the bakery's Centro received today, beyond what one answer holds
    await server.db.db.execute(sql`INSERT INTO arquivos (codpessoa, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      SELECT (SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'), 'PROCESSADO', 'UPLOAD', 'lote-' || lpad(g::text, 4, '0') || '.txt',
        current_date, md5('e2e-lote-' || g), 10
      FROM generate_series(1, 1200) g`);
    await page.goto(`${server.url}/app/manutencaoarquivos`);
    // the count of the table's pager: the first answer's thousand for a moment, then the whole search's
    const counter = page.getByText(new RegExp(`^1-10 ${MSG.tabelaDe} [\\d.]+$`));
    const shownTotal = async () => Number(((await counter.innerText().catch(() => '')).split(` ${MSG.tabelaDe} `)[1] ?? '0').replaceAll('.', ''));
    await expect.poll(shownTotal, { timeout: 30_000 }).toBeGreaterThan(1200);
    const total = await shownTotal();
    // the page on screen: ten rows from the moment the count says so (not the first answer's thousand)
    expect(await screen.row('lote-').count()).toBe(10);

    const csv = await screen.downloadCsv();
    const lines = csv.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + total);
    expect(lines.filter((l) => l.includes('lote-'))).toHaveLength(1200);
  });
});
