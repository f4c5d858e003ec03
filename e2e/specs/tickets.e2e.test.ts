import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withRawTransaction } from '@concilia/db';
import { MSG } from '@concilia/domain';
import type { Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion, type Ingestion } from '../../apps/server/src/ingest/ingestion';
import { writeScenarioFiles } from '../../apps/server/src/ingest/synthetic-files';
import { expectText, field, openFromMenu, signIn } from '../support/app-pages';
import { type Browser, openBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/test-server';

/**
 * The ticket screens as the bakery's user (CLIENTE) uses them, over a generated Cielo statement of the unit
 * 'Pão Quente - Centro' loaded through the real ingestion: its sales are all operator-only until the user
 * enters one by hand, which the reconciliation then pairs.
 */
const EC = '1023456789';
const SCENARIO = { sales: 40, seed: 17, merchants: [EC], startDate: '2026-10-05', days: 5 } as const;

const pick = async (page: Page, label: string, option: RegExp | string) => {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
};

describe('ticket screens', () => {
  let server: TestServer;
  let b: Browser;
  let ing: Ingestion;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-tickets-'));
  const one = async (q: string, p: unknown[] = []) => (await withRawTransaction(server.db, (tx) => tx.query<Record<string, unknown>>(q, p)))[0];

  beforeAll(async () => {
    server = await startServer('pglite');
    ing = createIngestion({ open: server.db, log: pino({ level: 'silent' }), filesDir: dir, workers: 1, pollMs: 50 });
    const unit = Number((await one(`SELECT codpessoa FROM pessoas WHERE nome = 'Pão Quente - Centro'`))!.codpessoa);
    const [cielo] = await writeScenarioFiles({ dir, layouts: ['cielo-v15'], scenario: SCENARIO });
    await ing.receive({ source: fs.readFileSync(cielo!.path), name: path.basename(cielo!.path), origem: 'CLI', codpessoa: unit });
    await ing.drain();
    b = await openBrowser();
    await signIn(b.page, server.url, 'CLIENTE');
  });
  afterAll(async () => {
    await b?.close();
    await ing?.stop();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('enters a manual ticket for an operator-only sale and sees it reconciled', async () => {
    const { page } = b;
    const sale = (await one(`SELECT nsu, autorizacao, data::text AS data, valorbruto::int AS valor FROM linhas_operadora
      WHERE tipo = 'sale' AND coalesce(totparcelas, 1) <= 1 ORDER BY codlinha LIMIT 1`))!;
    await openFromMenu(page, 'Tickets', 'Incluir Ticket', /\/app\/inclusaoticket$/);
    await expectText(page, MSG.ticketSelecioneCliente);

    await pick(page, 'Unidade Conciliadora', 'Pão Quente - Centro');
    await pick(page, 'Operadora', 'Cielo');
    await pick(page, 'Código de Cliente', new RegExp(`^${EC}`));
    const add = page.getByRole('button', { name: 'Adicionar Ticket' });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(true);

    const [y, m, d] = String(sale.data).split('-');
    const fillTicket = async (autorizacao: string) => {
      await pick(page, 'Bandeira', /.+/);
      await field(page, 'NSU').fill(String(sale.nsu));
      await field(page, 'Autorização').fill(autorizacao);
      await field(page, 'Data Venda').fill(`${d}/${m}/${y}`);
      const valor = Number(sale.valor);
      await field(page, 'Valor').fill(`${Math.trunc(valor / 100).toLocaleString('pt-BR')},${String(valor % 100).padStart(2, '0')}`);
    };
    // a sale date in the future keeps 'Adicionar Ticket' disabled
    await fillTicket('X1');
    await field(page, 'Data Venda').fill('01/01/2099');
    await expectText(page, MSG.ticketDataFutura);
    expect(await add.isDisabled()).toBe(true);
    await field(page, 'Data Venda').fill(`${d}/${m}/${y}`);
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();

    // a second ticket, then removed from the side list
    await fillTicket(String(sale.autorizacao));
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
    const list = page.getByRole('list', { name: 'Tickets adicionados' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('button', { name: `${MSG.listaDeletar} X1` }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: MSG.listaSalvar }).click();
    await expectText(page, MSG.ticketSalvo);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(0);

    // the manual ticket is a customer line the reconciliation pairs with the operator's sale
    await expect.poll(async () => (await one(`SELECT r.resultado FROM resultado_venda_cliente r JOIN arquivos a ON a.codarquivo = r.codarquivo
      WHERE a.origem = 'MANUAL' AND r.nsu = $1`, [sale.nsu]))?.resultado, { timeout: 20_000 }).toMatch(/^conciliado/);
  });
});
