import { estabelecimentosRegister, MSG, posicaoStatusLabel, ROUTES } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, openFromMenu, signIn } from '../support/app-pages';
import { type Browser, openBrowser, screenshot } from '../support/browser';
import { sendDocument, TINY_PDF } from '../support/documents';
import { registerPage } from '../support/register-page';
import { startServer, type TestServer } from '../support/test-server';

/**
 * An establishment's registration moved by the back office (issue 19; spec part 2 §4 statuses, §7 aprovarUrl and
 * validarPendenciaCadastroOperadora): on a fresh demo (no operator file yet) the bakery's Rede establishment waits
 * for its documents; ADMIN sends the letter, approves it with 'Validar pendência', records the merchant's agreement
 * ('Aprovar como EC'), then refuses the operator's step without a reason (refused beside the field) and with one.
 * The Posição column follows each step, and the Monitor dialog lists them with their dates.
 */
const PV = '045678901';

describe('registration approval', () => {
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

  it('documents checked, the EC agrees, the operator refuses with a reason; the Monitor shows every step', async () => {
    const { page } = b;
    await openFromMenu(page, 'Cadastros', /^Estabelecimentos$/, /\/app\/estabelecimentos$/);
    const screen = registerPage(page, estabelecimentosRegister);
    const posicao = (code: string) => screen.row(PV).filter({ hasText: posicaoStatusLabel(code) }).waitFor();
    await posicao('AGUARDANDO_DOCUMENTO');

    // the letter, from the Documentos drawer
    await screen.selectRow(PV);
    expect(await screen.fabLabels()).not.toContain(MSG.pendenciaValidar);
    await screen.fabAction(MSG.documentos);
    const drawer = page.getByRole('dialog', { name: MSG.documentos });
    await sendDocument(page, drawer, 'Carta de autorização', { name: 'carta.pdf', buffer: TINY_PDF });
    // the drawer's own close button: Escape depends on where the focus landed once Enviar was disabled and enabled again
    await drawer.getByRole('button', { name: MSG.listaFechar }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.reload();
    await posicao('P');

    // the back office approves the documents
    await screen.selectRow(PV);
    await screen.fabAction(MSG.pendenciaValidar);
    let form = page.getByRole('dialog', { name: MSG.pendenciaValidar });
    await form.getByRole('radio', { name: MSG.pendenciaAprovar, exact: true }).check();
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await page.getByTestId('notification').filter({ hasText: MSG.operacaoSucesso }).first().waitFor();
    await posicao('AGUARDANDO_EC');

    // the merchant's agreement, recorded by the back office
    await screen.selectRow(PV);
    await screen.fabAction(MSG.aprovarEc);
    await page.getByTestId('notification').filter({ hasText: MSG.aprovarEcSucesso }).first().waitFor();
    await posicao('A');

    // the operator refuses: a reason is required, and kept
    await screen.selectRow(PV);
    await screen.fabAction(MSG.pendenciaValidar);
    form = page.getByRole('dialog', { name: MSG.pendenciaValidar });
    await form.getByRole('radio', { name: MSG.pendenciaRecusar, exact: true }).check();
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await form.getByText(MSG.pendenciaMotivoObrigatorio).waitFor();
    await screenshot(page, 'registration-approval-motivo');
    await field(form, MSG.pendenciaMotivo).fill('CNPJ diverge do cadastro na operadora');
    await form.getByRole('button', { name: MSG.listaSalvar }).click();
    await posicao('DOCUMENTO_REJEITADO');

    // the monitor: the code under 'Documento rejeitado', and its history in the Monitor dialog
    await openFromMenu(page, 'Cadastros', ROUTES.posicaoContratoClienteConciliador.title, /\/app\/posicaocontratoclienteconciliador$/);
    await page.getByRole('button', { name: MSG.posicaoPesquisar }).click();
    const view = page.getByRole('dialog', { name: MSG.posicaoTitulo, exact: true });
    await view.getByRole('button', { name: MSG.posicaoExpandirTudo }).click();
    const leaf = view.getByTestId('posicao-estabelecimento').filter({ hasText: PV });
    await leaf.filter({ hasText: MSG.posicaoStatusAnterior.replace('{status}', posicaoStatusLabel('A')) }).waitFor();
    await leaf.click();
    const monitor = page.getByRole('dialog', { name: MSG.posicaoMonitor, exact: true });
    const rows = monitor.getByRole('row');
    await rows.nth(4).waitFor();
    const statuses = (await rows.allInnerTexts()).slice(1).map((r) => r.split('\t').at(-1)!.trim());
    // newest first; the first state is there when the server's late-file job recorded it before the letter went
    const first = statuses.length > 4 ? ['AGUARDANDO_DOCUMENTO'] : [];
    expect(statuses).toEqual(['DOCUMENTO_REJEITADO', 'A', 'AGUARDANDO_EC', 'P', ...first].map(posicaoStatusLabel));
    await screenshot(page, 'registration-approval-monitor');
    expect(b.consoleErrors).toEqual([]);
  });
});
