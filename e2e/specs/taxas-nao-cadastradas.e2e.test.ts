import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, MSG, taxasNaoCadastradasScreen, todayBusiness, unidadesNaoEncontradasScreen } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion } from '../../apps/server/src/ingest/ingestion';
import { MATCH_QUEUE } from '../../apps/server/src/reconcile/match-queue';
import { signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * Taxas não cadastradas as the reseller uses it: a voucher sale of the bakery's Cielo establishment that the
 * reseller's plan has no rate for is listed; 'Cadastrar taxa' opens the rate form with its operator, product and
 * installments; once the rate is saved and the audit ran again, the sale is no longer listed.
 */
describe('Taxas não cadastradas', () => {
  let server: TestServer;
  let b: Browser;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-taxas-'));
  const day = addDays(todayBusiness(), -3);
  const runQueue = async () => {
    const ingestion = createIngestion({ open: server.db, log: pino({ level: 'silent' }), filesDir, workers: 1, pollMs: 50 });
    await ingestion.drain();
    await ingestion.stop();
  };

  beforeAll(async () => {
    server = await startServer('pglite', { INGEST_WORKERS: '0' });
    const db = server.db.db;
    const one = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    const unidade = Number((await one(sql`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`)).codpessoa);
    const arquivo = Number((await one(sql`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${unidade}, 1, 'PROCESSADO', 'CLI', 'voucher.txt', ${day}, md5('voucher.txt'), 1) RETURNING codarquivo`)).codarquivo);
    // Cielo '045' is voucher refeição: R$ 80,00, R$ 4,00 kept
    await db.execute(sql`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente,
        estabelecimento, nsu, data, valorbruto, valortaxa, valorliquido, totparcelas, produto, aceita)
      VALUES (${arquivo}, 1, md5('voucher-1')::uuid, 1, 'sale', 'E', 1, ${unidade}, cliente_raiz(${unidade}), '1023456789', '777001', ${day}, 8000, 400, 7600, 1, '045', true)`);
    await db.execute(sql`INSERT INTO jobs (queue, payload) VALUES (${MATCH_QUEUE}, ${JSON.stringify({ de: day, ate: day, somenteTaxas: true })}::jsonb)`);
    await runQueue();
    b = await openBrowser();
    await signIn(b.page, server.url, 'REVENDA');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await server?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it("lists the voucher sale, and 'Cadastrar taxa' starts the rate from it; saved, the sale leaves the list", async () => {
    const { page } = b;
    const screen = registerPage(page, taxasNaoCadastradasScreen);
    await screen.open(server.url);
    const row = screen.row('Voucher refeição');
    await row.waitFor();
    expect(await row.innerText()).toContain('045');
    await screenshot(page, 'taxas-nao-cadastradas');

    await screen.selectRow('Voucher refeição');
    await screen.fabAction('Cadastrar taxa');
    const form = page.getByRole('dialog', { name: 'Planos Taxas', exact: true });
    await form.waitFor();
    // the wizard, with what the sales say already chosen: the plan is the user's to pick
    expect(await form.getByRole('combobox', { name: /^Operadora/ }).innerText()).toContain('Cielo');
    await form.getByRole('combobox', { name: /^Plano/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Plano Revenda Sul 2026-2027', exact: true }).click();
    await form.getByRole('button', { name: MSG.assistenteProximo }).click();
    await form.getByRole('combobox', { name: /^Produto/ }).filter({ hasText: 'Voucher refeição' }).waitFor();
    await form.getByRole('button', { name: MSG.assistenteProximo }).click();
    await form.getByText(MSG.assistenteConfirme).waitFor();
    await form.getByRole('button', { name: MSG.assistenteProximo }).click();
    // the first range starts at the sales' installments
    const entry = form.getByRole('group', { name: 'Taxas: nova linha' });
    expect(await entry.getByLabel(/^Parcela de/).inputValue()).toBe('1');
    expect(await entry.getByLabel(/^Parcela até/).inputValue()).toBe('1');
    await entry.getByLabel(/^Taxa \(%\)/).fill('5');
    await entry.getByRole('button', { name: MSG.listaAdicionar }).click();
    await form.getByRole('table', { name: 'Taxas' }).getByRole('row').filter({ hasText: '5,00% · 1 parcela' }).waitFor();
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await screen.expectNotification(MSG.planosTaxasSalvo);
    await form.waitFor({ state: 'hidden' });

    // the save queued the audit of that day; a worker runs it, and the list asked again has nothing left
    await runQueue();
    await page.reload();
    await page.getByText(MSG.tabelaSemResultados).waitFor();
    expect(await screen.row('Voucher refeição').count()).toBe(0);
    expect(b.consoleErrors).toEqual([]);
  });

  it('Unidades não encontradas lists the establishment code no unit has, with whose files brought it, and filters it', async () => {
    const db = server.db.db;
    const one = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    const unidade = Number((await one(sql`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`)).codpessoa);
    const arquivo = Number((await one(sql`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho)
      VALUES (${unidade}, 1, 'PROCESSADO', 'CLI', 'desconhecido.txt', ${day}, md5('desconhecido.txt'), 1) RETURNING codarquivo`)).codarquivo);
    // two sales of a Cielo establishment nobody registered, in a file the bakery's unit sent
    for (const n of [1, 2]) {
      await db.execute(sql`INSERT INTO linhas_operadora (codarquivo, linha, chave, ocorrencia, tipo, tiporegistro, codoperadora, codpessoa, codcliente,
          estabelecimento, nsu, data, valorbruto, valortaxa, valorliquido, totparcelas, produto, aceita)
        VALUES (${arquivo}, ${n}, md5(${`desconhecido-${n}`})::uuid, 1, 'sale', 'E', 1, ${unidade}, cliente_raiz(${unidade}), '5550001112', ${`88800${n}`}, ${day}, 5000, 100, 4900, 1, '040', true)`);
    }
    const { page } = b;
    const screen = registerPage(page, unidadesNaoEncontradasScreen);
    await screen.open(server.url);
    const row = screen.row('5550001112');
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Cielo');
    expect(text).toContain('Pão Quente - Centro');
    expect(text).toMatch(/\b2\b/);
    await screenshot(page, 'unidades-nao-encontradas');
    await screen.filterBy({ estabelecimento: '5550001112' });
    await row.waitFor();
    expect(await page.locator('tbody').getByRole('row').count()).toBe(1);
    await screen.filterBy({ estabelecimento: '5550001112', codoperadora: { option: 'Rede' } });
    await page.getByText(MSG.tabelaSemResultados).waitFor();
    expect(b.consoleErrors).toEqual([]);
  });
});
