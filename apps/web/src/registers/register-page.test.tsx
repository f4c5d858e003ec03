import { clientesRegister, MSG, taxasAntecipacaoRegister } from '@concilia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeGraphql, GqlError } from '../features/auth/testing/fake-graphql';
import { renderRoutes, resetAfterTest } from '../features/auth/testing/render-routes';
import { RegisterPage } from './register-page';
import { reloadPage } from './reload-page';
import type { RegisterScreen } from './registry';

vi.mock('./reload-page', () => ({ reloadPage: vi.fn() }));

const ROWS = [
  { codpessoa: 1, codpessoapai: 9, nome: 'Ana Modas', status: 'A', exibirusuario: true },
  { codpessoa: 2, codpessoapai: 9, nome: 'Bazar Sul', status: 'I', exibirusuario: true },
];

const clientes: RegisterScreen = { def: clientesRegister, path: '/app/cliente' };

function open(screenDef: RegisterScreen = clientes) {
  return renderRoutes([{ path: '/', element: <RegisterPage screen={screenDef} /> }]);
}

const rowCheckboxes = () => screen.getAllByRole('checkbox', { name: 'Alternar seleção da linha' });
const openFab = () => fireEvent.click(screen.getByRole('button', { name: MSG.listaAcoes }));
const fabLabels = () => screen.queryAllByRole('menuitem').map((m) => m.getAttribute('aria-label'));
const notification = async () => (await screen.findByTestId('notification')).textContent;

beforeEach(() => vi.mocked(reloadPage).mockClear());
afterEach(() => {
  vi.useRealTimers();
  resetAfterTest();
});

describe('RegisterPage — list and filter', () => {
  it('searches on open with the default filter and shows the rows with the spec texts', async () => {
    const api = fakeGraphql({ getClientes: () => ROWS });
    open();
    expect(await screen.findByText('Ana Modas')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cliente' })).toBeTruthy();
    expect(api.callsOf('getClientes')[0]!.vars).toEqual({ values: { status: '-999' } });
    expect(screen.getByText('Inativo')).toBeTruthy();
    expect(screen.getByText(MSG.tabelaLinhasPorPagina)).toBeTruthy();
    expect(screen.getByText(`1-2 ${MSG.tabelaDe} 2`)).toBeTruthy();
    for (const label of [MSG.tabelaProcurar, MSG.tabelaDownloadCsv, MSG.tabelaImprimir, MSG.tabelaExibirColunas, MSG.tabelaFiltrar]) {
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    }
  });

  it('downloads the rows on screen as a pt-BR CSV', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv'), revokeObjectURL: () => {} }));
    fakeGraphql({ getClientes: () => ROWS });
    open();
    await screen.findByText('Ana Modas');
    fireEvent.click(screen.getByRole('button', { name: MSG.tabelaDownloadCsv }));
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM, so Excel reads UTF-8
    expect(new TextDecoder().decode(bytes)).toBe('Nome;Status\r\nAna Modas;Ativo\r\nBazar Sul;Inativo\r\n');
  });

  it("filters from the top drawer, closes it after the search and says 'Nenhum resultado encontrado'", async () => {
    const api = fakeGraphql({ getClientes: ({ values }) => ((values as { nome?: string }).nome ? [] : ROWS) });
    open();
    await screen.findByText('Ana Modas');
    fireEvent.click(screen.getByRole('button', { name: MSG.listaAbrirFiltro }));
    const drawer = await screen.findByRole('dialog', { name: MSG.listaAbrirFiltro });
    fireEvent.change(within(drawer).getByLabelText('Nome'), { target: { value: 'zzz' } });
    fireEvent.click(within(drawer).getByRole('button', { name: MSG.listaFiltrar }));
    expect(await screen.findByText(MSG.tabelaSemResultados)).toBeTruthy();
    expect(api.callsOf('getClientes').at(-1)!.vars).toEqual({ values: { nome: 'zzz', status: '-999' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.listaAbrirFiltro })).toBeNull());
  });

  it("asks for a filter first when the register skips the initial search", async () => {
    const api = fakeGraphql({ listarTaxasAntecipacao: () => [] });
    open({ def: { ...taxasAntecipacaoRegister, skipInitialSearch: true }, path: '/app/taxasantecipacao' });
    expect(await screen.findByText(MSG.listaEfetueFiltro)).toBeTruthy();
    expect(api.callsOf('listarTaxasAntecipacao')).toHaveLength(0);
  });
});

describe('RegisterPage — add and edit', () => {
  it('adds a row: save with insert true and the form values, then the declared success text', async () => {
    const api = fakeGraphql({ getClientes: () => ROWS, saveClientes: ({ values }) => ({ ...(values as { editValues: object }).editValues, codpessoa: 3 }) });
    open();
    await screen.findByText('Ana Modas');
    openFab();
    fireEvent.click(screen.getByRole('menuitem', { name: MSG.listaAdicionar }));
    const form = await screen.findByRole('dialog', { name: 'Cliente' });
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect(await within(form).findByText('Nome é obrigatório.')).toBeTruthy();
    expect(api.callsOf('saveClientes')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Nome\b(?! Abreviado)/), { target: { value: 'Casa Nova' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /^Status/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ativo' }));
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect(await notification()).toBe(clientesRegister.messages.inserted);
    const sent = api.callsOf('saveClientes')[0]!.vars.values as { insert: boolean; editValues: Record<string, unknown>; searchValues: unknown };
    expect(sent.insert).toBe(true);
    expect(sent.editValues).toMatchObject({ nome: 'Casa Nova', status: 'A', exibirusuario: true, codpessoa: null, email: null });
    expect(sent.searchValues).toEqual({ status: '-999' });
    await waitFor(() => expect(api.callsOf('getClientes').length).toBeGreaterThan(1));
  });

  it('puts server validation issues on their fields', async () => {
    fakeGraphql({
      getClientes: () => ROWS,
      saveClientes: () => { throw new GqlError('inválido', 'BAD_USER_INPUT', [{ path: 'nome', message: 'Nome já existe.' }]); },
    });
    open();
    await screen.findByText('Ana Modas');
    openFab();
    fireEvent.click(screen.getByRole('menuitem', { name: MSG.listaAdicionar }));
    const form = await screen.findByRole('dialog', { name: 'Cliente' });
    fireEvent.change(within(form).getByLabelText(/^Nome\b(?! Abreviado)/), { target: { value: 'Casa' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /^Status/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ativo' }));
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect(await within(form).findByText('Nome já existe.')).toBeTruthy();
  });

  it('edits only with exactly one row selected, loading the row and saving with insert false', async () => {
    const api = fakeGraphql({ getClientes: () => ROWS, getCliente: () => ({ ...ROWS[0], nome: 'Ana Modas Ltda' }), saveClientes: ({ values }) => (values as { editValues: object }).editValues });
    open();
    await screen.findByText('Ana Modas');
    fireEvent.click(rowCheckboxes()[0]!);
    fireEvent.click(rowCheckboxes()[1]!);
    expect(fabLabels()).toEqual([MSG.listaDeletar]);
    expect(screen.getByText(`2 linha(s) selecionadas`)).toBeTruthy();
    fireEvent.click(rowCheckboxes()[1]!);
    expect(fabLabels()).toEqual([MSG.listaEditar, MSG.listaDeletar, MSG.painelCadastroTitulo]);
    openFab();
    fireEvent.click(screen.getByRole('menuitem', { name: MSG.listaEditar }));
    const form = await screen.findByRole('dialog', { name: 'Cliente' });
    await waitFor(() => expect((within(form).getByLabelText(/^Nome\b(?! Abreviado)/) as HTMLInputElement).value).toBe('Ana Modas Ltda'));
    expect(api.callsOf('getCliente')[0]!.vars).toEqual({ values: { editValues: { codpessoa: 1, codpessoapai: 9 } } });
    fireEvent.click(within(form).getByRole('button', { name: MSG.listaSalvar }));
    expect(await notification()).toBe(clientesRegister.messages.saved);
    const sent = api.callsOf('saveClientes')[0]!.vars.values as { insert: boolean; editValues: Record<string, unknown> };
    expect(sent.insert).toBe(false);
    expect(sent.editValues).toMatchObject({ codpessoa: 1, codpessoapai: 9, nome: 'Ana Modas Ltda' });
  });
});

describe('RegisterPage — delete', () => {
  async function deleteBoth() {
    open();
    await screen.findByText('Ana Modas');
    fireEvent.click(rowCheckboxes()[0]!);
    fireEvent.click(rowCheckboxes()[1]!);
    openFab();
    fireEvent.click(screen.getByRole('menuitem', { name: MSG.listaDeletar }));
    const dialog = await screen.findByRole('dialog', { name: MSG.listaAtencao });
    expect(within(dialog).getByText(MSG.listaConfirmaExcluirVarios)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.listaOk }));
  }

  it('deletes one call per row and drops the rows from the cached list', async () => {
    const api = fakeGraphql({ getClientes: () => ROWS, deletarClientes: () => true });
    await deleteBoth();
    expect(await notification()).toBe(MSG.listaExcluidos);
    expect(api.callsOf('deletarClientes').map((c) => c.vars)).toEqual([
      { values: { editValues: { codpessoa: 1, codpessoapai: 9 } } },
      { values: { editValues: { codpessoa: 2, codpessoapai: 9 } } },
    ]);
    await waitFor(() => expect(screen.queryByText('Ana Modas')).toBeNull());
    expect(screen.getByText(MSG.tabelaSemResultados)).toBeTruthy();
    expect(api.callsOf('getClientes')).toHaveLength(1);
  });

  it('warns about a partial failure and reloads the page after 6500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeGraphql({
      getClientes: () => ROWS,
      deletarClientes: ({ values }) => {
        if ((values as { editValues: { codpessoa: number } }).editValues.codpessoa === 2) throw new GqlError('violates foreign key constraint', 'FK_CONFLICT');
        return true;
      },
    });
    await deleteBoth();
    expect(await notification()).toBe(MSG.listaExclusaoParcial);
    expect(reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6400);
    expect(reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Ana Modas')).toBeNull();
    expect(screen.getByText('Bazar Sul')).toBeTruthy();
  });

  it('says why when no row could be deleted (a dependency)', async () => {
    fakeGraphql({ getClientes: () => ROWS, deletarClientes: () => { throw new GqlError('violates foreign key constraint "x"', 'FK_CONFLICT'); } });
    await deleteBoth();
    expect(await notification()).toBe(MSG.dependencias);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('RegisterPage — row actions and print', () => {
  it('runs a declared multi-row action once per row after its confirmation', async () => {
    const action = { key: 'inativar', label: 'Inativar', scope: 'multi' as const, confirm: 'Inativar os clientes?', success: 'Clientes inativados!', operation: 'inativarClientes' };
    const api = fakeGraphql({ getClientes: () => ROWS, inativarClientes: () => true });
    open({ def: { ...clientesRegister, actions: [action] }, path: '/app/cliente' });
    await screen.findByText('Ana Modas');
    fireEvent.click(rowCheckboxes()[0]!);
    fireEvent.click(rowCheckboxes()[1]!);
    expect(fabLabels()).toEqual([MSG.listaDeletar, 'Inativar']);
    openFab();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.listaAtencao });
    expect(within(dialog).getByText('Inativar os clientes?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.listaOk }));
    expect(await notification()).toBe('Clientes inativados!');
    expect(api.callsOf('inativarClientes')).toHaveLength(2);
  });

  it("prints the page with 'Imprimir'", async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fakeGraphql({ getClientes: () => ROWS });
    open();
    await screen.findByText('Ana Modas');
    fireEvent.click(screen.getByRole('button', { name: MSG.tabelaImprimir }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe('RegisterPage — mobile', () => {
  it('selects a single row by tapping it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'), media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    }));
    fakeGraphql({ getClientes: () => ROWS });
    open();
    fireEvent.click(await screen.findByText('Ana Modas'));
    expect(screen.getByText('1 linha(s) selecionadas')).toBeTruthy();
    fireEvent.click(screen.getByText('Bazar Sul'));
    expect(screen.getByText('1 linha(s) selecionadas')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox', { name: 'Alternar seleção da linha' })).toHaveLength(0);
    fireEvent.click(screen.getByText('Bazar Sul'));
    await waitFor(() => expect(screen.queryByText(/linha\(s\) selecionadas/)).toBeNull());
  });
});
