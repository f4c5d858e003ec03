import { clientesRegister, MSG, POSICAO_STATUS, ROUTES, SIGN_UP_FIELDS } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, openFromMenu } from '../support/app-pages';
import { type Browser, screenshot } from '../support/browser';
import { type DemoSession, startDemoSession } from '../support/demo-session';
import { registerPage } from '../support/register-page';

/**
 * The contract-position monitor and the registration panel as the back office uses them (issue 19; spec part 2
 * §2.2 "Monitor de Posição de Contratos", §3, §4): the demo's operator files loaded, ADMIN searches every
 * operator and status, opens an operator's status group and an establishment's 'Monitor', then narrows to one
 * status; on Clientes, the bakery's 'Painel de Cadastro' lists its establishments and keeps a rate typed there.
 */
describe('Posição do Contrato and Painel de Cadastro', () => {
  let session: DemoSession;
  let b: Browser;

  beforeAll(async () => {
    session = await startDemoSession('ADMIN');
    b = session.b;
    // the screens must read cleanly on a common laptop screen
    await b.page.setViewportSize({ width: 1366, height: 768 });
  }, 180_000);
  afterAll(() => session?.close());

  const operadoras = ['Cielo', 'Rede', 'Getnet'];

  it("searches every operator and status, opens a status group and an establishment's Monitor, then one status only", async () => {
    const { page } = b;
    await openFromMenu(page, 'Cadastros', ROUTES.posicaoContratoClienteConciliador.title, /\/app\/posicaocontratoclienteconciliador$/);
    await page.getByRole('heading', { level: 1, name: ROUTES.posicaoContratoClienteConciliador.title }).waitFor();
    expect(await page.getByRole('combobox', { name: MSG.posicaoOperadora }).innerText()).toBe(MSG.campoTodos);
    expect(await page.getByRole('combobox', { name: MSG.posicaoStatus }).innerText()).toBe(MSG.posicaoTodos);
    await page.getByRole('button', { name: MSG.posicaoPesquisar }).click();

    const view = page.getByRole('dialog', { name: MSG.posicaoTitulo, exact: true });
    await view.waitFor();
    // the operators of the demo's establishments, each open on its status groups with their counts
    const operadora = (nome: string) => view.getByRole('button', { name: new RegExp(`^${nome} \\d+$`) });
    for (const nome of operadoras) await operadora(nome).waitFor();
    expect(await operadora('Cielo').getAttribute('aria-expanded')).toBe('true');
    const grupos = view.getByRole('button', { expanded: false });
    await grupos.first().waitFor();
    // the first status group (Cielo's): open it and see its establishments
    const grupo = (await grupos.first().innerText()).replace(/\s+\d+$/, '').trim();
    await grupos.first().click();
    const folha = view.getByTestId('posicao-estabelecimento').first();
    await folha.waitFor();
    await screenshot(page, 'posicao-contrato-arvore');
    await view.getByRole('button', { name: MSG.posicaoExpandirTudo }).click();
    await expect.poll(() => view.getByRole('button', { expanded: false }).count()).toBe(0);
    await screenshot(page, 'posicao-contrato-arvore-expandida');
    const rotulosDe = async () => (await view.getByRole('button', { expanded: true }).allInnerTexts())
      .map((t) => t.replace(/\s+\d+$/, '').trim()).filter((t) => !operadoras.includes(t));
    const presentes = new Set(await rotulosDe());

    const codigo = (await folha.locator('.MuiListItemText-primary').innerText()).trim();
    await folha.click();
    const monitor = page.getByRole('dialog', { name: MSG.posicaoMonitor, exact: true });
    await monitor.waitFor();
    const linhas = monitor.getByRole('row').filter({ has: page.getByRole('cell') });
    await linhas.first().waitFor();
    expect(await linhas.count()).toBeGreaterThan(0);
    const primeira = await linhas.first().getByRole('cell').allInnerTexts();
    expect(primeira[0]).toBe(codigo);
    expect(primeira[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // the newest line is the establishment's current status: the group it was listed under
    expect(primeira[3]).toBe(grupo);
    await screenshot(page, 'posicao-contrato-monitor');
    await monitor.getByRole('button', { name: MSG.posicaoFechar }).click();
    await monitor.waitFor({ state: 'hidden' });

    // one status: only that group under each operator
    await view.getByRole('button', { name: MSG.posicaoNovaPesquisa }).click();
    await view.waitFor({ state: 'hidden' });
    const status = grupo;
    await page.getByRole('combobox', { name: MSG.posicaoStatus }).click();
    await page.getByRole('listbox').getByRole('option', { name: status, exact: true }).click();
    await page.getByRole('button', { name: MSG.posicaoPesquisar }).click();
    await view.waitFor();
    await view.getByTestId('posicao-resumo').filter({ hasText: `${MSG.posicaoStatus}: ${status}` }).waitFor();
    await view.getByRole('button', { name: MSG.posicaoExpandirTudo }).click();
    await expect.poll(() => view.getByRole('button', { expanded: false }).count()).toBe(0);
    const grupoRotulos = await rotulosDe();
    expect(grupoRotulos.length).toBeGreaterThan(0);
    expect(new Set(grupoRotulos)).toEqual(new Set([status]));
    await screenshot(page, 'posicao-contrato-um-status');
    await view.getByRole('button', { name: MSG.posicaoNovaPesquisa }).click();
    await view.waitFor({ state: 'hidden' });

    // a status no establishment is in: said on the filter page, no empty tree
    const ausente = POSICAO_STATUS.find((s) => !presentes.has(s.label))!.label;
    await page.getByRole('combobox', { name: MSG.posicaoStatus }).click();
    await page.getByRole('listbox').getByRole('option', { name: ausente, exact: true }).click();
    await page.getByRole('button', { name: MSG.posicaoPesquisar }).click();
    await page.getByText(MSG.posicaoVazio).waitFor();
    expect(await view.count()).toBe(0);
    expect(b.consoleErrors).toEqual([]);
  });

  it("the bakery's Painel de Cadastro lists its establishments and keeps a Débito rate typed there", async () => {
    const { page } = b;
    await openFromMenu(page, 'Cadastros', /^Cliente$/, /\/app\/cliente$/);
    const clientes = registerPage(page, clientesRegister);
    await clientes.row('Padaria Pão Quente Ltda').waitFor();
    await clientes.selectRow('Padaria Pão Quente Ltda');
    await clientes.fabAction(MSG.painelCadastroTitulo);
    const drawer = page.getByRole('dialog', { name: MSG.painelCadastroTitulo, exact: true });
    const estabelecimentos = drawer.getByRole('table', { name: 'Estabelecimentos' });
    await estabelecimentos.waitFor();
    await estabelecimentos.getByRole('row').filter({ hasText: 'Cielo' }).first().waitFor();
    await screenshot(page, 'painel-cadastro');

    const form = drawer.getByRole('form').first();
    const nome = await form.getAttribute('aria-label');
    await field(form, SIGN_UP_FIELDS.debito.label).fill('1,87');
    await form.getByRole('button', { name: MSG.painelCadastroSalvar }).click();
    await page.getByTestId('notification').filter({ hasText: MSG.operacaoSucesso }).waitFor();
    await drawer.getByRole('button', { name: MSG.listaFechar }).first().click();
    await drawer.waitFor({ state: 'hidden' });

    await clientes.fabAction(MSG.painelCadastroTitulo);
    const mesma = drawer.getByRole('form', { name: nome! });
    await expect.poll(() => field(mesma, SIGN_UP_FIELDS.debito.label).inputValue()).toBe('1,87');
    await mesma.scrollIntoViewIfNeeded();
    await screenshot(page, 'painel-cadastro-salvo');
    expect(b.consoleErrors).toEqual([]);
  });
});
