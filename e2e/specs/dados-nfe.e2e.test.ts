import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pessoas } from '@concilia/db';
import { dadosNfeRegister, MSG } from '@concilia/domain';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../../apps/server/test/support/test-certificate';
import { closeWithFechar, field, openFromMenu, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/** The reseller's company (seeded): it bills its clients and is its own Empresa Emissora NotaFiscal. */
const EMPRESA = 'Revenda Sul Conciliações Ltda';
const SENHA_EMAIL = 'Email-S3cr3to!';
const SENHA_CERT = 'Cert-S3cr3ta!';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The helper text under a form field: the element its input names in aria-describedby. */
async function helperOf(input: Locator): Promise<string> {
  const ids = await input.getAttribute('aria-describedby');
  if (!ids) return '';
  return input.page().evaluate((list) => list.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim(), ids);
}

/**
 * Dados NFe as the reseller fills it in (spec part 2 §2.2, §5): opened from the Faturamento menu, the company's
 * invoice data added through the side form — selects, the state narrowing the cities, a rate typed the Brazilian
 * way, the two passwords, the A1 certificate and the DANFSE logo as files. A wrong certificate password is refused
 * beside its field and the right one saves; opened again, the passwords are never shown (the field says one is
 * kept) and the stored files are named.
 */
describe('Dados NFe', () => {
  let server: TestServer;
  let b: Browser;
  let dir: string;
  let cnpj: string;

  beforeAll(async () => {
    server = await startServer('pglite');
    // the certificate must be the Empresa Emissora's: its CNPJ as the database has it
    const [p] = await server.db.db.select({ cnpj: pessoas.cnpj }).from(pessoas).where(eq(pessoas.nome, EMPRESA));
    cnpj = String(p?.cnpj ?? '').replace(/\D/g, '');
    expect(cnpj).toHaveLength(14);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-nfe-'));
    b = await openBrowser();
    await signIn(b.page, server.url, 'REVENDA');
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adds the company data with certificate and logo, refusing a wrong certificate password beside its field; edit keeps passwords hidden', async () => {
    const { page } = b;
    const certPath = path.join(dir, 'empresa.pfx');
    fs.writeFileSync(certPath, makeTestPkcs12({ cnpj, password: SENHA_CERT }));
    const logoPath = path.join(dir, 'logo.png');
    fs.writeFileSync(logoPath, PNG);
    const cnpjFormatado = cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');

    await openFromMenu(page, 'Faturamento', /^Dados NFe$/, /\/app\/dadosnfe$/);
    await page.getByRole('heading', { level: 1, name: dadosNfeRegister.title }).waitFor();
    const nfe = registerPage(page, dadosNfeRegister);
    await page.locator('table').waitFor();

    await nfe.fabAction(MSG.listaAdicionar);
    const form = page.getByRole('dialog', { name: dadosNfeRegister.title });
    await form.waitFor();
    const pick = async (scope: Page | Locator, label: RegExp, option: string) => {
      await scope.getByRole('combobox', { name: label }).click();
      await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
    };
    // 'Empresa' alone, not 'Empresa Emissora NotaFiscal'
    await pick(form, /^Empresa(?! Emissora)/, EMPRESA);
    await pick(form, /^Empresa Emissora NotaFiscal/, EMPRESA);
    await pick(form, /^Estado/, 'Minas Gerais');
    // the cities follow the state
    await pick(form, new RegExp(`^${escape('Cidade/Estado')}`), 'Belo Horizonte');
    await field(form, 'CNAE Item').fill('01.03');
    await field(form, 'Cod. Trib. Município').fill('010301');
    await pick(form, /^Incentivador Cultural/, 'Não');
    await field(form, 'Email').fill('nfe@revendasul.com.br');
    await field(form, 'SMTP').fill('smtp.revendasul.com.br');
    await field(form, 'Porta').fill('587');
    await field(form, 'Senha Email').fill(SENHA_EMAIL);
    await field(form, 'ISS').fill('2,00');

    // the files: chosen, named at once; the image previewed
    await form.getByTestId('arquivo-certificado').setInputFiles(certPath);
    await form.getByText(/^Arquivo escolhido: empresa\.pfx \(/).waitFor();
    await form.getByTestId('arquivo-logo').setInputFiles(logoPath);
    await form.getByText(/^Arquivo escolhido: logo\.png \(/).waitFor();
    expect(await form.getByRole('img', { name: 'Logo' }).getAttribute('src')).toMatch(/^blob:/);

    // a wrong certificate password: refused beside Senha Certificado, nothing saved
    const senhaCert = field(form, 'Senha Certificado');
    await senhaCert.fill('errada');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await form.getByText('Senha do certificado inválida.', { exact: true }).waitFor();
    expect(await helperOf(senhaCert)).toBe('Senha do certificado inválida.');
    expect(await senhaCert.getAttribute('aria-invalid')).toBe('true');
    await senhaCert.scrollIntoViewIfNeeded();
    await screenshot(page, 'dados-nfe-senha-certificado-errada');
    // the form kept what was typed and chosen
    expect(await field(form, 'Email').inputValue()).toBe('nfe@revendasul.com.br');
    await form.getByText(/^Arquivo escolhido: empresa\.pfx \(/).waitFor();

    // the right one: saved
    await senhaCert.fill(SENHA_CERT);
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await nfe.expectNotification(dadosNfeRegister.messages!.inserted);
    await form.waitFor({ state: 'hidden' });
    // the list shows what opening the certificate said: its CNPJ, masked as the form shows it, and its validity
    const row = nfe.row(EMPRESA);
    await row.waitFor();
    expect(await row.innerText()).toContain(cnpjFormatado);
    expect(await row.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await screenshot(page, 'dados-nfe-lista');

    // opened again: passwords never come back, each field says one is kept; the stored files are named
    await nfe.selectRow(EMPRESA);
    await nfe.fabAction(MSG.listaEditar);
    await form.waitFor();
    await form.getByRole('progressbar').waitFor({ state: 'detached' });
    await form.getByText(/^Arquivo gravado: empresa\.pfx \(/).waitFor();
    for (const label of ['Senha Email', 'Senha Certificado']) {
      const input = field(form, label);
      expect(await input.inputValue()).toBe('');
      expect(await input.getAttribute('type')).toBe('password');
      expect(await helperOf(input)).toBe(MSG.segredoGravado);
    }
    expect(await form.getByText(MSG.segredoGravado, { exact: true }).count()).toBe(2);
    await form.getByText(/^Arquivo gravado: logo\.png \(/).waitFor();
    expect(await form.getByRole('img', { name: 'Logo' }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await field(form, 'CNAE Item').inputValue()).toBe('01.03');
    expect(await field(form, 'ISS').inputValue()).toMatch(/^2,00/);
    expect(await form.getByRole('combobox', { name: /^Cidade\/Estado/ }).innerText()).toContain('Belo Horizonte');
    expect(await form.getByRole('combobox', { name: /^Estado/ }).innerText()).toContain('Minas Gerais');
    expect(await field(form, 'CNPJ do Certificado').inputValue()).toBe(cnpjFormatado);
    await screenshot(page, 'dados-nfe-edicao');
    await form.getByText(/^Arquivo gravado: empresa\.pfx \(/).scrollIntoViewIfNeeded();
    await screenshot(page, 'dados-nfe-edicao-arquivos');
    await closeWithFechar(form);
    expect(b.consoleErrors).toEqual([]);
  });
});
