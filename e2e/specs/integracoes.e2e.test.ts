import fs from 'node:fs';
import path from 'node:path';
import { addDays, agendamentoIntegracaoRegister, bucketsS3Register, INTEGRACAO_TIPOS, MSG, ROUTES, todayBusiness } from '@concilia/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSftpServer, type SftpTestServer } from '../../apps/server/test/support/sftp-server';
import { closeWithFechar, field } from '../support/app-pages';
import { type Browser, screenshot } from '../support/browser';
import { type DemoSession, startDemoSession } from '../support/demo-session';
import { registerPage } from '../support/register-page';

const SENHA_SFTP = 'sftp-Senha!2026';
const SEGREDO_S3 = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const TOTVS = INTEGRACAO_TIPOS.find((t) => t.valor === 'TOTVS_PROTHEUS')!.label;
const LAPTOP = { width: 1366, height: 768 };

/** Every file under a folder, by its path relative to it. */
function filesUnder(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(path.relative(root, p), fs.readFileSync(p, 'latin1'));
    }
  };
  walk(root);
  return out;
}

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

async function openTab(page: Page, label: string) {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 2, name: label, exact: true }).waitFor();
}

/**
 * Integrações (issue 20) as a merchant's administrator uses it, on the demo's operator files loaded through the real
 * ingestion: a daily TOTVS delivery to the merchant's SFTP server (a real one, started here on 127.0.0.1) is created
 * from the Agendamentos tab, run with 'Executar agora', and its days read in 'Histórico' — each 'Entregue', the files
 * on the server with the payments of the day; the password never comes back to the page. An S3 bucket is kept with
 * its secret key masked. An API key is created (shown once), sends a sale through the integrator API, and is revoked.
 */
describe('Integrações', () => {
  let session: DemoSession;
  let b: Browser;
  let sftp: SftpTestServer;

  beforeAll(async () => {
    sftp = await startSftpServer({ user: 'erp', password: SENHA_SFTP });
    session = await startDemoSession('CLIENTE', { salesPerUnit: 40 });
    b = session.b;
    await b.page.setViewportSize(LAPTOP);
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await sftp?.close();
  });

  it('a daily TOTVS delivery by SFTP: created, run now, every day delivered to the server, its history read', async () => {
    const { page } = b;
    // the menu arrives after the home page: Integração is a top-level link of its own
    const link = page.getByTestId('menu-drawer').getByRole('link', { name: /^Integra/ }).first();
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/app\/integracao(\?.*)?$/);
    await page.getByRole('heading', { level: 1, name: ROUTES.integracao.title }).waitFor();
    // the deliveries are the first tab
    await page.getByRole('heading', { level: 2, name: agendamentoIntegracaoRegister.title, exact: true }).waitFor();

    const screen = registerPage(page, agendamentoIntegracaoRegister);
    const inicio = addDays(todayBusiness(), -6);
    await screen.fabAction(MSG.listaAdicionar);
    const form = page.getByRole('dialog', { name: agendamentoIntegracaoRegister.title });
    await form.waitFor();
    const f = agendamentoIntegracaoRegister.fields;
    await form.getByRole('combobox', { name: new RegExp(`^${f.codpessoa.label}`) }).click();
    await page.getByRole('listbox').getByRole('option').filter({ hasText: 'Padaria' }).first().click();
    await form.getByRole('combobox', { name: new RegExp(`^${f.tipo.label}`) }).click();
    await page.getByRole('listbox').getByRole('option', { name: TOTVS, exact: true }).click();
    await field(form, f.datainiciogeracao.label).fill(ddmmyyyy(inicio));
    await field(form, f.host.label).fill(sftp.host);
    await field(form, f.porta.label).fill(String(sftp.port));
    await field(form, f.login.label).fill('erp');
    await field(form, f.senha.label).fill(SENHA_SFTP);
    await field(form, f.diretorioftp.label).fill('/entrada/concilia');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await screen.expectNotification(agendamentoIntegracaoRegister.messages!.inserted);
    await form.waitFor({ state: 'hidden' });
    await screen.row(TOTVS).waitFor();

    // Executar agora: every day still owed, up to yesterday, generated and delivered in the background
    await screen.selectRow(TOTVS);
    await screen.fabAction(MSG.integracaoExecutarAgora);
    const confirm = page.getByRole('dialog', { name: MSG.listaAtencao });
    await confirm.getByText(MSG.integracaoExecutarAgoraConfirma).waitFor();
    await confirm.getByRole('button', { name: MSG.listaOk }).click();
    await screen.expectNotification(MSG.integracaoExecutarAgoraSucesso);

    // the files arrive on the merchant's server: one per business day, each with the day's payments as TOTVS lines
    const settled = async () => {
      const r = await session.one(`SELECT (SELECT count(*) FROM execucoes_integracao WHERE status = 'ENTREGUE')::int AS entregues,
        (SELECT count(*) FROM execucoes_integracao)::int AS dias,
        (SELECT count(*) FROM jobs WHERE queue = 'integracao-execucao' AND state IN ('pending', 'running'))::int AS fila`);
      return Number(r!.fila) === 0 && Number(r!.dias) > 0 && r!.entregues === r!.dias;
    };
    await expect.poll(settled, { timeout: 60_000, interval: 500 }).toBe(true);
    const files = filesUnder(sftp.root);
    expect(files.size).toBeGreaterThan(0);
    for (const [name, text] of files) {
      expect(name).toMatch(/^entrada\/concilia\/TOTVS_PROTHEUS_\d+_\d{8}\.txt$/);
      // no temporary upload name is left behind
      expect(name).not.toMatch(/\.part$/);
      // a business day without movement in the demo's data is an empty file (its ERP still gets that day's file);
      // every line of the others is a TOTVS line
      for (const line of text.split(/\r?\n/).filter(Boolean)) expect(line).toMatch(/\|/);
    }
    expect([...files.values()].join('\n')).toMatch(/\|/);

    // Histórico: the delivered days, newest first, each 'Entregue' with its file
    await page.reload();
    await screen.row(TOTVS).waitFor();
    await screen.selectRow(TOTVS);
    await screen.fabAction(MSG.integracaoHistorico);
    const historico = page.getByRole('dialog', { name: MSG.integracaoHistoricoDe.replace('{titulo}', TOTVS) });
    await historico.getByTestId('execucao-integracao').first().waitFor();
    const dias = historico.getByTestId('execucao-integracao');
    expect(await dias.count()).toBe(await session.one(`SELECT count(*)::int AS n FROM execucoes_integracao`).then((r) => Number(r!.n)));
    await expect.poll(() => dias.filter({ hasText: 'Entregue' }).count()).toBe(await dias.count());
    await dias.first().getByText(/^TOTVS_PROTHEUS_\d+_\d{8}\.txt$/).waitFor();
    await screenshot(page, 'integracoes-historico');

    // Reenviar one day: sent again, the same file replaced on the server
    await dias.first().getByRole('button', { name: new RegExp(`^${MSG.integracaoReenviar}`) }).click();
    await screen.expectNotification(MSG.integracaoReenviarSucesso);
    await closeWithFechar(historico);

    // the stored password never comes back: the form says one is stored and shows nothing
    await screen.selectRow(TOTVS);
    await screen.fabAction(MSG.listaEditar);
    await form.waitFor();
    await form.getByText(MSG.segredoGravado).waitFor();
    expect(await field(form, f.senha.label).inputValue()).toBe('');
    expect(await page.content()).not.toContain(SENHA_SFTP);
    // the SFTP server's key, recorded by the first delivery: later deliveries go only to a server holding it
    expect(await field(form, f.chaveservidor.label).inputValue()).toBe(sftp.fingerprint);
    await closeWithFechar(form);
    await screenshot(page, 'integracoes-agendamentos');
  });

  it('an S3 bucket keeps its secret key masked', async () => {
    const { page } = b;
    await openTab(page, bucketsS3Register.title);
    const screen = registerPage(page, bucketsS3Register);
    const f = bucketsS3Register.fields;
    await screen.fabAction(MSG.listaAdicionar);
    const form = page.getByRole('dialog', { name: bucketsS3Register.title });
    await form.waitFor();
    await form.getByRole('combobox', { name: new RegExp(`^${f.codpessoa.label}`) }).click();
    await page.getByRole('listbox').getByRole('option').filter({ hasText: 'Padaria' }).first().click();
    await field(form, f.nome.label).fill('ERP da padaria');
    // a name S3 refuses is refused beside the field
    await field(form, f.bucketname.label).fill('Padaria_ERP');
    await field(form, f.keyid.label).fill('AKIAIOSFODNN7EXAMPLE');
    await field(form, f.senha.label).fill(SEGREDO_S3);
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await expect.poll(async () => (await field(form, f.bucketname.label).getAttribute('aria-invalid')) === 'true').toBe(true);
    await field(form, f.bucketname.label).fill('padaria-erp.arquivos');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await screen.expectNotification(bucketsS3Register.messages!.inserted);
    await form.waitFor({ state: 'hidden' });
    await screen.row('padaria-erp.arquivos').waitFor();
    expect(await page.content()).not.toContain(SEGREDO_S3);
  });

  it('an API key is shown once, sends a sale through the integrator API, and stops working once revoked', async () => {
    const { page } = b;
    await openTab(page, MSG.integracaoChavesTitulo);
    await page.getByRole('button', { name: MSG.integracaoChaveNova }).click();
    const nova = page.getByRole('dialog', { name: MSG.integracaoChaveNova });
    // the merchant has one client: it comes chosen
    await nova.getByRole('combobox', { name: new RegExp(`^${MSG.integracaoChaveCliente}`) }).filter({ hasText: 'Padaria' }).waitFor();
    await field(nova, MSG.integracaoChaveNome).fill('PDV Loja Centro');
    await nova.getByRole('button', { name: MSG.integracaoChaveCriar }).click();
    const criada = page.getByRole('dialog', { name: MSG.integracaoChaveCriadaTitulo });
    await criada.getByText(MSG.integracaoChaveUmaVez).waitFor();
    const chave = await criada.getByTestId('chave-criada').inputValue();
    expect(chave).toMatch(/^ck_[A-Za-z0-9_-]{40,}$/);
    // the dialog's fade-in settles before the picture
    await page.waitForTimeout(300);
    await screenshot(page, 'integracoes-chave-criada');
    await criada.getByRole('button', { name: MSG.listaFechar }).click();
    const linha = page.getByTestId('chave-api').filter({ hasText: 'PDV Loja Centro' });
    await linha.getByText(`${chave.slice(0, 10)}…`).waitFor();
    await linha.getByText(MSG.integracaoChaveNuncaUsada).waitFor();
    // the key is never on the page again
    expect(await page.content()).not.toContain(chave);

    const enviar = () => fetch(`${session.server.url}/api/integrador/v1/vendas`, {
      method: 'POST',
      headers: { authorization: `Bearer ${chave}`, 'content-type': 'application/json' },
      body: JSON.stringify({ vendas: [{ id: 'PDV-E2E-1', dataVenda: addDays(todayBusiness(), -1), valor: 4590, parcelas: 1, nsu: '778899', autorizacao: 'A1B2C3' }] }),
    });
    const r = await enviar();
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ recebidas: 1, inseridas: 1, repetidas: 0 });

    await page.reload();
    await linha.waitFor();
    expect(await linha.getByText(MSG.integracaoChaveNuncaUsada).count()).toBe(0);
    await linha.getByRole('button', { name: `${MSG.integracaoChaveRevogar} PDV Loja Centro` }).click();
    await page.getByRole('dialog', { name: MSG.listaAtencao }).getByRole('button', { name: MSG.listaOk }).click();
    await page.getByTestId('notification').filter({ hasText: MSG.integracaoChaveRevogada }).first().waitFor();
    await linha.getByText(/^Revogada em /).waitFor();
    expect((await enviar()).status).toBe(401);
  });
});
