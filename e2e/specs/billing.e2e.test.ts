import crypto from 'node:crypto';
import fs from 'node:fs';
import { dadosNfeRegister, faturamentoMovimentoScreen, formatDecimal, MSG, movimentosAbertosScreen, movimentosFechadosScreen } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealSecret } from '../../apps/server/src/register-kit/register-secrets';
import { makeTestPkcs12 } from '../../apps/server/test/support/test-certificate';
import { closeWithFechar, openFromMenu } from '../support/app-pages';
import { type Browser, screenshot } from '../support/browser';
import { type DemoSession, startDemoSession } from '../support/demo-session';
import { registerPage } from '../support/register-page';

/**
 * Billing as the reseller's back office uses it (issue 18): the demo's Cielo sales of the bakery were made on
 * its POS 'Pão Quente Caixa 1' (logical number 678901), under the reseller's POS plan; Movimentos Abertos prices
 * them, Fechar Movimento freezes the period, Movimentos Fechados gives its report, and Faturamento Movimento
 * issues its service invoice (the offline sandbox provider) with the reseller's Dados NFe.
 */
describe('billing screens', () => {
  let session: DemoSession;
  let b: Browser;
  // the vault's key is the test's, so it can seal the Dados NFe passwords as the register would
  const credentialsKey = crypto.randomBytes(32).toString('base64');
  const one = (q: string) => session.one(q);

  beforeAll(async () => {
    session = await startDemoSession('REVENDA', { env: { CREDENTIALS_KEY: credentialsKey } });
    b = session.b;
  }, 180_000);
  afterAll(() => session?.close());

  it("prices the bakery's open period, closes it, and finds it closed with the same amounts", async () => {
    const { page } = b;
    const abertos = registerPage(page, movimentosAbertosScreen);
    await openFromMenu(page, 'Faturamento', 'Movimentos Abertos', /\/app\/fechamovimento$/);
    const row = abertos.row('Padaria Pão Quente Ltda');
    await row.waitFor();
    // the bakery's terminal sales are there; the market's terminal is inactive and its sales are on no POS of the plan
    expect(await abertos.row('Mercado Bom Preço').count()).toBe(0);
    await screenshot(page, 'movimentos-abertos');

    await abertos.selectRow('Padaria Pão Quente Ltda');
    await abertos.fabAction(MSG.movimentoFechar);
    const confirm = page.getByRole('dialog').filter({ hasText: MSG.movimentoFecharConfirma });
    await confirm.getByRole('button', { name: MSG.listaOk }).click();
    await page.getByText(MSG.movimentoFechado).waitFor();
    await row.waitFor({ state: 'detached' });

    const mov = (await one(`SELECT m.valorservico, m.valorbruto, m.quantidade FROM movimentos m JOIN pessoas p ON p.codpessoa = m.codpessoa
      WHERE p.nome = 'Padaria Pão Quente Ltda'`))!;
    expect(Number(mov.quantidade)).toBeGreaterThan(0);

    const fechados = registerPage(page, movimentosFechadosScreen);
    await openFromMenu(page, 'Faturamento', 'Movimentos Fechados', /\/app\/fechamovimentoreimpressao$/);
    const fechado = fechados.row('Padaria Pão Quente Ltda');
    await fechado.waitFor();
    // the table's money columns show the amount without the currency sign
    const texto = await fechado.innerText();
    expect(texto).toContain(formatDecimal(Number(mov.valorbruto)));
    expect(texto).toContain(formatDecimal(Number(mov.valorservico)));
    await screenshot(page, 'movimentos-fechados');
  });

  it('downloads the synthetic report of the closed movement as a PDF', async () => {
    const { page } = b;
    const fechados = registerPage(page, movimentosFechadosScreen);
    await fechados.selectRow('Padaria Pão Quente Ltda');
    await fechados.fabAction(MSG.movimentoRelatorio);
    const dialog = page.getByRole('dialog', { name: MSG.movimentoRelatorio });
    await dialog.getByRole('radio', { name: 'Sintético' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 20_000 }),
      dialog.getByRole('button', { name: MSG.movimentoRelatorio }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^movimento-padaria-pao-quente-ltda-.*-sintetico\.pdf$/);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await page.getByText(MSG.movimentoRelatorioGerado).waitFor();
  });

  it('issues the invoice from Faturamento Movimento: previews it, processes it and sees it authorized', async () => {
    const { page } = b;
    const revenda = (await one(`SELECT codpessoa, cnpj FROM pessoas WHERE tipo = 'REVENDA' AND nome LIKE 'Revenda Sul%'`))!;
    const codrevenda = Number(revenda.codpessoa);
    const senha = 'senha-do-certificado';
    const p12 = makeTestPkcs12({ cnpj: String(revenda.cnpj).replace(/\D/g, ''), password: senha });
    const seal = (field: string, plain: string) => sealSecret({ credentialsKey, filesDir: session.dir }, dadosNfeRegister, field, codrevenda, plain);
    await one(`INSERT INTO dados_nfe (codpessoa, codpessoaemissao, codcidade, subitem, codigotributacaomunicipio, incentivadorcultural, email, senhaemail,
        smtp, porta, senhacertificado, certificado, certificadonome, iss, opatantesimplesnacional)
      VALUES (${codrevenda}, ${codrevenda}, 3106200, '01.07', '001', 'N', 'fiscal@revenda.test', '${seal('senhaemail', 'x')}', '127.0.0.1', 1,
        '${seal('senhacertificado', senha)}', decode('${p12.toString('hex')}', 'hex'), 'revenda.pfx', '2.0000', 'N') RETURNING codpessoa`);

    // the invoice goes to the client's e-mail, from the reseller's mailbox, which nothing answers here (port 1 of
    // loopback): the outbox keeps each message, with its error, for a retry
    await one(`UPDATE pessoas SET email = 'financeiro@padaria.test' WHERE nome = 'Padaria Pão Quente Ltda' RETURNING codpessoa`);
    const faturamento = registerPage(page, faturamentoMovimentoScreen);
    await openFromMenu(page, 'Faturamento', 'Faturamento Movimento', /\/app\/faturamentomovimento$/);
    const row = faturamento.row('Padaria Pão Quente Ltda');
    await row.filter({ hasText: 'Não processada' }).waitFor();
    // only the preview applies to an invoice not issued yet
    await faturamento.selectRow('Padaria Pão Quente Ltda');
    expect(await faturamento.fabLabels()).toEqual(expect.arrayContaining([MSG.notaVisualizar, MSG.notaPreVisualizar]));
    expect(await faturamento.fabLabels()).not.toContain(MSG.notaReenviarEmail);

    await faturamento.fabAction(MSG.notaPreVisualizar);
    const drawer = page.getByRole('dialog', { name: MSG.notaPreVisualizar });
    await drawer.getByText('Padaria Pão Quente Ltda').waitFor();
    await screenshot(page, 'faturamento-previa');
    await drawer.getByRole('button', { name: MSG.notaProcessar }).click();
    await page.getByText(MSG.notaProcessada).waitFor();
    await row.filter({ hasText: 'Autorizada' }).waitFor();

    await faturamento.selectRow('Padaria Pão Quente Ltda');
    await faturamento.fabAction(MSG.notaVisualizar);
    const nota = page.getByRole('dialog', { name: MSG.notaVisualizar });
    await expect.poll(() => nota.getByLabel('Situação').inputValue()).toBe('Autorizada');
    expect(await nota.getByLabel('Número da Nota').inputValue()).toBe('1');
    expect(await nota.getByLabel('Protocolo').inputValue()).toMatch(/^SBX\d+$/);
    await screenshot(page, 'faturamento-visualizar-nota');
    await closeWithFechar(nota);

    // Reenv. email: offered now that the invoice is authorized; the DANFSE and the XML go again
    await faturamento.fabAction(MSG.notaReenviarEmail);
    await page.getByText(MSG.notaEmailReenviado).waitFor();
    const mails = (await one(`SELECT count(*) AS n, min(jsonb_array_length(anexos)) AS anexos FROM caixa_saida WHERE para = 'financeiro@padaria.test'`))!;
    expect(Number(mails.n)).toBe(2);
    expect(Number(mails.anexos)).toBe(2);
  });
});
