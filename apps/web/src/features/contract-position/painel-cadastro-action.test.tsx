import { clientesRegister, MSG } from '@concilia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGraphql, GqlError } from '../auth/testing/fake-graphql';
import { renderRoutes, resetAfterTest } from '../auth/testing/render-routes';
import { PainelCadastroAction } from './painel-cadastro-action';

afterEach(resetAfterTest);

const SEM_TAXAS = { debito: null, credito: null, parceladoA: null, parceladoB: null, ticket: null };
const painel = (cielo: Record<string, number | null> = SEM_TAXAS) => ({
  codpessoa: 11, nome: 'Padaria Pão Quente Ltda', cnpj: '12.345.678/0001-95', cadastro: 'Aprovado', criadoem: '2026-03-01T13:00:00.000Z',
  taxasDeclaradas: { debito: 1.5, credito: 2.99, parceladoA: 3.2, parceladoB: 3.8, ticket: null },
  operadoras: [
    { codoperadora: 1, operadora: 'Cielo', taxasPlano: cielo },
    { codoperadora: 2, operadora: 'Rede', taxasPlano: { ...SEM_TAXAS, debito: 1.1 } },
  ],
  estabelecimentos: [
    { codestabelecimento: 7, operadora: 'Cielo', codoperadora: 1, codexterno: '1020304050', unidade: 'Loja Centro', status: 'T', statusDescricao: 'Aguardando taxas', documentos: 2, pendentes: 1 },
  ],
});

const open = () => {
  const onClose = vi.fn();
  const row = { codpessoa: 11, nome: 'Padaria Pão Quente Ltda' };
  renderRoutes([{ path: '/', element: <PainelCadastroAction def={clientesRegister} row={row} rows={[row]} onClose={onClose} /> }]);
  return onClose;
};

describe('PainelCadastroAction', () => {
  it("shows the client, its establishments and each operator's rates beside what it declared at sign-up", async () => {
    fakeGraphql({ getPainelCadastro: () => painel() });
    open();
    const drawer = await screen.findByRole('dialog', { name: MSG.painelCadastroTitulo });
    expect(await within(drawer).findByText('12.345.678/0001-95')).toBeTruthy();
    expect(within(drawer).queryByText(MSG.painelCadastroSemTaxas)).toBeNull();
    expect(within(drawer).getByText('Aprovado · 01/03/2026 10:00')).toBeTruthy();
    const est = within(drawer).getByRole('table', { name: 'Estabelecimentos' });
    expect(within(est).getAllByRole('row')[1]?.textContent).toBe('Cielo1020304050Loja CentroAguardando taxas21');
    const cielo = within(drawer).getByRole('form', { name: 'Cielo' });
    expect((within(cielo).getByLabelText('Débito') as HTMLInputElement).value).toBe('');
    expect(within(cielo).getByTestId('declarada-debito').textContent).toBe(`${MSG.painelCadastroTaxasDeclaradas}: 1,50 %`);
    expect(within(cielo).getByTestId('declarada-ticket').textContent).toBe(`${MSG.painelCadastroTaxasDeclaradas}: —`);
    const rede = within(drawer).getByRole('form', { name: 'Rede' });
    expect((within(rede).getByLabelText('Débito') as HTMLInputElement).value).toBe('1,10');
  });

  it('saves one operator\'s rates typed with a decimal comma, says so and shows them as saved', async () => {
    const api = fakeGraphql({
      getPainelCadastro: () => painel(),
      savePainelCadastroTaxa: (v) => painel(v.taxas as Record<string, number | null>),
    });
    open();
    const cielo = await screen.findByRole('form', { name: 'Cielo' });
    fireEvent.change(within(cielo).getByLabelText('Débito'), { target: { value: '1,75' } });
    fireEvent.change(within(cielo).getByLabelText('Parcelado de 7 a 12 vezes'), { target: { value: '3,9' } });
    fireEvent.click(within(cielo).getByRole('button', { name: MSG.painelCadastroSalvar }));
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.operacaoSucesso);
    expect(api.callsOf('savePainelCadastroTaxa')[0]?.vars).toEqual({
      codpessoa: 11, codoperadora: 1, taxas: { debito: 1.75, credito: null, parceladoA: null, parceladoB: 3.9, ticket: null },
    });
    await waitFor(() => expect((within(screen.getByRole('form', { name: 'Cielo' })).getByLabelText('Parcelado de 7 a 12 vezes') as HTMLInputElement).value).toBe('3,90'));
  });

  it("puts the server's refusal of a rate beside its field", async () => {
    fakeGraphql({
      getPainelCadastro: () => painel(),
      savePainelCadastroTaxa: () => { throw new GqlError('Dados inválidos.', 'BAD_USER_INPUT', [{ path: 'taxas.debito', message: 'Débito deve ser no máximo 100.' }]); },
    });
    open();
    const cielo = await screen.findByRole('form', { name: 'Cielo' });
    fireEvent.change(within(cielo).getByLabelText('Débito'), { target: { value: '150' } });
    fireEvent.click(within(cielo).getByRole('button', { name: MSG.painelCadastroSalvar }));
    expect(await within(cielo).findByText('Débito deve ser no máximo 100.')).toBeTruthy();
  });
});
