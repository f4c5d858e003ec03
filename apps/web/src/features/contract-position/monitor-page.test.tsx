import { MSG, POSICAO_GRUPOS } from '@concilia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGraphql } from '../auth/testing/fake-graphql';
import { renderRoutes, resetAfterTest } from '../auth/testing/render-routes';
import { MonitorPage } from './monitor-page';

afterEach(resetAfterTest);

const no = (n: Record<string, unknown>) => ({
  parentId: null, leaf: false, status: null, origem: null, ultimoStatus: null, operadora: null, codexterno: null, codpessoa: null,
  edita: false, selecionado: false, dataRecebimentoPrimeiroArquivo: null, childCount: 0, ...n,
});

/** Cielo with two statuses (one establishment each, one of them nobody's), Rede with one. */
const ARVORE = [
  no({ id: 'op-1', description: 'Cielo', type: 1, operadora: 1, childCount: 2 }),
  no({ id: 'op-1-F', parentId: 'op-1', description: 'Recebendo extrato', type: 2, status: 'F', operadora: 1, childCount: 1 }),
  no({
    id: 'op-1-F-1020304050', parentId: 'op-1-F', description: '1020304050', leaf: true, type: 3, status: 'F', operadora: 1, codexterno: '1020304050', codpessoa: 11,
    origem: 'Padaria Pão Quente Ltda — Loja Centro', ultimoStatus: 'A', dataRecebimentoPrimeiroArquivo: '2026-02-03',
  }),
  no({ id: 'op-1-NN', parentId: 'op-1', description: 'Unidades não cadastradas', type: 2, status: 'NN', operadora: 1, childCount: 1 }),
  no({ id: 'op-1-NN-999', parentId: 'op-1-NN', description: '999', leaf: true, type: 3, status: 'NN', operadora: 1, codexterno: '999' }),
  no({ id: 'op-2', description: 'Rede', type: 1, operadora: 2, childCount: 1 }),
  no({ id: 'op-2-F', parentId: 'op-2', description: 'Recebendo extrato', type: 2, status: 'F', operadora: 2, childCount: 1 }),
  no({ id: 'op-2-F-55', parentId: 'op-2-F', description: '55', leaf: true, type: 3, status: 'F', operadora: 2, codexterno: '55', codpessoa: 11, origem: 'Padaria' }),
];

const OPERADORAS = [{ valor: 1, label: 'Cielo' }, { valor: 2, label: 'Rede' }];

const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const row = (name: string | RegExp) => screen.getByRole('button', { name });
const view = () => screen.getByRole('dialog', { name: MSG.posicaoTitulo });

describe('MonitorPage', () => {
  it("offers 'Todos os status' then every status under its group's heading, in the catalogue's order", async () => {
    fakeGraphql({ listarOperadoras: () => OPERADORAS });
    renderRoutes([{ path: '/', element: <MonitorPage /> }]);
    expect(screen.getByRole('combobox', { name: MSG.posicaoOperadora }).textContent).toBe(MSG.campoTodos);
    expect(screen.getByRole('combobox', { name: MSG.posicaoStatus }).textContent).toBe(MSG.posicaoTodos);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: MSG.posicaoStatus }));
    const listbox = await screen.findByRole('listbox');
    const texts = [...listbox.children].map((c) => c.textContent);
    expect(texts[0]).toBe(MSG.posicaoTodos);
    expect(texts.filter((t) => (POSICAO_GRUPOS as readonly (string | null)[]).includes(t))).toEqual([...POSICAO_GRUPOS]);
    expect(texts.slice(1, 3)).toEqual(['Cadastro do Cliente', 'Unidades não cadastradas']);
    expect(texts.indexOf('Extrato VAN atrasado')).toBeGreaterThan(texts.indexOf('Operadora'));
    expect(texts.indexOf('Cancelado EC')).toBeGreaterThan(texts.indexOf('Outros'));
    // a heading is not a choice
    fireEvent.click(within(listbox).getByText('Operadora'));
    expect(screen.getByRole('listbox')).toBe(listbox);
    expect(screen.getByRole('combobox', { name: MSG.posicaoStatus, hidden: true }).textContent).toBe(MSG.posicaoTodos);
  });

  it('searches every operator and status, shows the tree full screen with counts, expands, collapses and opens the Monitor', async () => {
    const api = fakeGraphql({
      listarOperadoras: () => OPERADORAS,
      getPosicaoContratosPorClientes: () => ARVORE,
      getInformacoesPosicaoContrato: () => [
        { codExterno: '1020304050', operadora: 'Cielo', data: '2026-03-15T12:30:00.000Z', status: 'F', descricao: 'Recebendo extrato' },
        { codExterno: '1020304050', operadora: 'Cielo', data: '2026-02-01T02:05:00.000Z', status: 'A', descricao: 'Aguardando aprovação da operadora' },
      ],
    });
    renderRoutes([{ path: '/', element: <MonitorPage /> }]);
    fireEvent.click(screen.getByRole('button', { name: MSG.posicaoPesquisar }));
    await waitFor(() => expect(view()).toBeTruthy());
    expect(api.callsOf('getPosicaoContratosPorClientes')[0]?.vars).toEqual({ values: { codoperadora: null }, statusFiltro: 'q' });
    expect(within(view()).getByTestId('posicao-resumo').textContent).toBe(`${MSG.posicaoOperadora}: ${MSG.campoTodos} · ${MSG.posicaoStatus}: ${MSG.posicaoTodos}`);

    // operators open with their statuses and counts; establishments wait for their status to open
    expect(row(/^Cielo 2$/).getAttribute('aria-expanded')).toBe('true');
    expect(row(/^Unidades não cadastradas 1$/)).toBeTruthy();
    expect(screen.queryByText('1020304050')).toBeNull();
    fireEvent.click(row(/^Cielo 2$/));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Unidades não cadastradas/ })).toBeNull());
    fireEvent.click(within(view()).getByRole('button', { name: MSG.posicaoExpandirTudo }));
    expect(await screen.findByText('1020304050')).toBeTruthy();
    // whose the code is, when its first file came, where it was before; a code nobody registered says so
    expect(screen.getByText(`Padaria Pão Quente Ltda — Loja Centro · ${MSG.posicaoPrimeiroArquivo.replace('{data}', '03/02/2026')}`)).toBeTruthy();
    expect(screen.getByText(MSG.posicaoStatusAnterior.replace('{status}', 'Aguardando aprovação da operadora'))).toBeTruthy();
    expect(within(row(/^999/)).getByText('Unidades não cadastradas')).toBeTruthy();
    fireEvent.click(within(view()).getByRole('button', { name: MSG.posicaoRecolherTudo }));
    await waitFor(() => expect(screen.queryByText('Recebendo extrato')).toBeNull());
    fireEvent.click(row(/^Rede 1$/));
    fireEvent.click(await screen.findByRole('button', { name: /^Recebendo extrato 1$/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^55/ }));
    expect(api.callsOf('getInformacoesPosicaoContrato')[0]?.vars).toEqual({ codPessoa: 11, codExterno: '55', operadora: 2, status: 'F' });

    const monitor = await screen.findByRole('dialog', { name: MSG.posicaoMonitor });
    // São Paulo time, whatever the machine's zone
    expect(await within(monitor).findByText('15/03/2026 09:30')).toBeTruthy();
    expect(within(monitor).getByText('31/01/2026 23:05')).toBeTruthy();
    expect(within(monitor).getAllByRole('row').map((r) => r.textContent)).toEqual([
      `${MSG.posicaoCodigo}${MSG.posicaoOperadora}${MSG.posicaoData}${MSG.posicaoStatus}`,
      '1020304050Cielo15/03/2026 09:30Recebendo extrato',
      '1020304050Cielo31/01/2026 23:05Aguardando aprovação da operadora',
    ]);
    fireEvent.click(within(monitor).getByRole('button', { name: MSG.posicaoFechar }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.posicaoMonitor })).toBeNull());

    // Nova pesquisa: back to the filter, as it was
    fireEvent.click(within(view()).getByRole('button', { name: MSG.posicaoNovaPesquisa }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.posicaoTitulo })).toBeNull());
    expect(screen.getByRole('button', { name: MSG.posicaoPesquisar })).toBeTruthy();
  });

  it('sends the chosen operator and status, and says so when nothing is in that position', async () => {
    const api = fakeGraphql({ listarOperadoras: () => OPERADORAS, getPosicaoContratosPorClientes: () => [] });
    renderRoutes([{ path: '/', element: <MonitorPage /> }]);
    await pick(MSG.posicaoOperadora, 'Rede');
    await pick(MSG.posicaoStatus, 'Extrato VAN atrasado');
    fireEvent.click(screen.getByRole('button', { name: MSG.posicaoPesquisar }));
    expect(await screen.findByText(MSG.posicaoVazio)).toBeTruthy();
    expect(api.callsOf('getPosicaoContratosPorClientes')[0]?.vars).toEqual({ values: { codoperadora: 2 }, statusFiltro: 'Z' });
    expect(screen.queryByRole('dialog', { name: MSG.posicaoTitulo })).toBeNull();
  });
});
