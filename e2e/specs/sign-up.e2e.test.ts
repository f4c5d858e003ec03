import { clientesRegister, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, loginPage, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * A merchant signs up from the login page's 'Cadastre-se' (spec part 2 §2.2; issue 17): the six steps with the
 * keyboard and the mouse as a new merchant fills them — the required and check-digit messages, the terms, the
 * Cielo credentials, the EC, the rates typed with a decimal comma, the payment and the bot check — then the
 * code, copied and followed on the code page; an administrator approves it from Clientes.
 */
describe('Cadastro (sign-up wizard) and the code page', () => {
  let server: TestServer;
  let b: Browser;
  let codigo = '';
  beforeAll(async () => {
    server = await startServer('pglite');
    b = await openBrowser();
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  });
  afterAll(async () => {
    await b?.close();
    await server?.close();
  });

  const next = () => b.page.getByRole('button', { name: MSG.cadastroProximo }).click();
  const stepHeading = (label: string) => b.page.getByRole('heading', { level: 2, name: label }).waitFor();

  it('goes through the six steps and finishes with the code, copied', async () => {
    const { page } = b;
    await page.goto(server.url);
    await page.getByRole('link', { name: MSG.loginCadastreSe }).click();
    await page.waitForURL(/\/signUp$/);
    await stepHeading('Dados Iniciais');
    for (const label of ['Dados Iniciais', 'Termo de Responsabilidade', 'API Cielo', 'EC', 'Taxas', 'Pagamento']) {
      await page.getByText(label, { exact: true }).first().waitFor();
    }

    // Próximo on an empty step: each field says what it needs
    await next();
    await page.getByText('CNPJ é obrigatório.').waitFor();
    await page.getByText('Nome da loja é obrigatório.').waitFor();
    await field(page, 'CNPJ').fill('27386541000157');
    await next();
    await page.getByText(MSG.cnpjInvalido).waitFor();
    await field(page, 'CNPJ').fill('27386541000156');
    expect(await field(page, 'CNPJ').inputValue()).toBe('27.386.541/0001-56');
    await field(page, 'Nome da loja').fill('Empório da Ana');
    await field(page, 'Telefone').fill('31987654321');
    expect(await field(page, 'Telefone').inputValue()).toBe('(31) 98765-4321');
    await field(page, 'Email').fill('ana@emporio.com.br');
    // what the empty Próximo said goes as each field is filled
    await page.getByText('Email é obrigatório.').waitFor({ state: 'hidden' });
    await screenshot(page, 'cadastro-dados-iniciais');
    // Enter moves on, as Próximo does
    await field(page, 'Email').press('Enter');

    await stepHeading('Termo de Responsabilidade');
    await page.getByRole('region', { name: 'Termo de Responsabilidade' }).getByText(/Lei Geral de Proteção de Dados/).waitFor();
    await page.getByRole('button', { name: MSG.cadastroAceitarTermos }).click();

    await stepHeading('API Cielo');
    await page.getByText(MSG.cadastroApiCieloInstrucoes).waitFor();
    await field(page, 'Login da API Cielo').fill('emporio-api');
    await field(page, 'Senha da API Cielo').fill('S3gr3d0-da-Cielo!');
    expect(await field(page, 'Senha da API Cielo').getAttribute('type')).toBe('password');
    await next();

    await stepHeading('EC');
    await field(page, 'EC (número do estabelecimento Cielo)').fill('12345');
    await next();
    await page.getByText(MSG.cadastroEcInvalido).waitFor();
    await field(page, 'EC (número do estabelecimento Cielo)').fill('2345678901');
    await next();

    await stepHeading('Taxas');
    await field(page, 'Débito').fill('1,49');
    await field(page, 'Crédito à vista').fill('2,99');
    await field(page, 'Parcelado de 2 a 6 vezes').fill('3,49');
    await field(page, 'Parcelado de 7 a 12 vezes').fill('3,99');
    await screenshot(page, 'cadastro-taxas');
    // back and forth keeps what was typed
    await page.getByRole('button', { name: MSG.cadastroAnterior }).click();
    await stepHeading('EC');
    expect(await field(page, 'EC (número do estabelecimento Cielo)').inputValue()).toBe('2345678901');
    await next();
    await stepHeading('Taxas');
    expect(await field(page, 'Débito').inputValue()).toBe('1,49');
    await next();

    await stepHeading('Pagamento');
    await page.getByRole('radiogroup', { name: 'Forma de pagamento da mensalidade' }).getByRole('radio', { name: 'Pix' }).check();
    const resumo = page.getByRole('definition').filter({ hasText: 'Débito 1,49%' });
    await resumo.waitFor();
    await page.getByText('27.386.541/0001-56').waitFor();
    await loginPage(page).solveBotCheck();
    await screenshot(page, 'cadastro-pagamento');
    await page.getByRole('button', { name: MSG.cadastroFinalizar }).click();

    const done = page.getByTestId('sign-up-done');
    await done.getByText(MSG.cadastroRecebidoTitulo).waitFor({ timeout: 20_000 });
    await done.getByText(MSG.cadastroRecebido.replace('{email}', 'ana@emporio.com.br')).waitFor();
    await done.getByText(MSG.cadastroSeuLogin.replace('{login}', '27386541000156')).waitFor();
    codigo = (await done.getByTestId('codigo').textContent()) ?? '';
    expect(codigo).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await done.getByRole('button', { name: MSG.codigoCopiar }).click();
    await page.getByText(MSG.codigoCopiado).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codigo);
    await screenshot(page, 'cadastro-recebido');
    expect(b.consoleErrors).toEqual([]);
  });

  it('the code page shows where the sign-up stands; without a code it says so', async () => {
    const { page } = b;
    await page.getByRole('link', { name: MSG.cadastroVerCodigo }).click();
    await page.waitForURL(/\/identificador-code\?code=/);
    await page.getByRole('heading', { level: 2, name: 'Empório da Ana' }).waitFor();
    await page.getByTestId('codigo-status').filter({ hasText: MSG.cadastroStatusPendente }).waitFor();
    await page.getByText(MSG.cadastroEmailNaoConfirmado).waitFor();
    await screenshot(page, 'codigo-pendente');

    await page.goto(`${server.url}/identificador-code`);
    await page.getByText(MSG.codigoNaoInformado).waitFor();
    await page.getByText(MSG.codigoNaoEncontrado).waitFor();
    await page.goto(`${server.url}/identificador-code?code=ABCD-EFGH-JKMN`);
    await page.getByText(MSG.codigoNaoEncontrado).waitFor();
  });

  it('a CNPJ already registered sends the merchant back to its field', async () => {
    const { page } = b;
    await page.goto(`${server.url}/signUp`);
    await stepHeading('Dados Iniciais');
    await field(page, 'CNPJ').fill('27386541000156');
    await field(page, 'Nome da loja').fill('Outra loja');
    await field(page, 'Telefone').fill('3133334444');
    await field(page, 'Email').fill('outra@loja.com.br');
    await next();
    await page.getByRole('button', { name: MSG.cadastroAceitarTermos }).click();
    await field(page, 'Login da API Cielo').fill('outra');
    await field(page, 'Senha da API Cielo').fill('outra-senha');
    await next();
    await field(page, 'EC (número do estabelecimento Cielo)').fill('2345678909');
    await next();
    for (const label of ['Débito', 'Crédito à vista', 'Parcelado de 2 a 6 vezes', 'Parcelado de 7 a 12 vezes']) await field(page, label).fill('2');
    await next();
    await loginPage(page).solveBotCheck();
    await page.getByRole('button', { name: MSG.cadastroFinalizar }).click();
    await stepHeading('Dados Iniciais');
    await page.getByText(MSG.cadastroCnpjJaCadastrado).waitFor();
  });

  it('fits a phone: the steps as numbers, the heading and "Etapa n de 6" saying where the merchant is', async () => {
    const phone = await openBrowser({ viewport: { width: 375, height: 740 } });
    try {
      await phone.page.goto(`${server.url}/signUp`);
      await phone.page.getByRole('heading', { level: 2, name: 'Dados Iniciais' }).waitFor();
      await phone.page.getByText(MSG.cadastroEtapa.replace('{n}', '1').replace('{total}', '6')).waitFor();
      expect(await phone.page.getByText('Termo de Responsabilidade', { exact: true }).isVisible()).toBe(false);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(phone.page, 'cadastro-celular');
    } finally {
      await phone.close();
    }
  });

  it('an administrator approves it from Clientes', async () => {
    const { page } = b;
    await signIn(page, server.url, 'ADMIN');
    const clientes = registerPage(page, clientesRegister);
    await clientes.open(server.url);
    await clientes.row('Empório da Ana').filter({ hasText: 'Pendente' }).waitFor();
    await clientes.selectRow('Empório da Ana');
    await clientes.fabAction(MSG.cadastroAprovar);
    const dialog = page.getByRole('dialog', { name: MSG.listaAtencao });
    await dialog.getByText(MSG.cadastroAprovarConfirmar).waitFor();
    await dialog.getByRole('button', { name: MSG.listaOk }).click();
    await page.getByText(MSG.cadastroAprovado).waitFor();
    await clientes.row('Empório da Ana').filter({ hasText: 'Ativo' }).waitFor();

    await page.goto(`${server.url}/identificador-code?code=${codigo}`);
    await page.getByTestId('codigo-status').filter({ hasText: MSG.cadastroStatusAprovado }).waitFor();
  });
});
