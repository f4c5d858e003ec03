import { MSG, TROCA_SENHA_RESULT } from '@concilia/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordForm } from './reset-password-form';
import { fakeGraphql, GqlError } from './testing/fake-graphql';
import { renderRoutes, resetAfterTest } from './testing/render-routes';

afterEach(resetAfterTest);

const info = (over: object = {}) => () => ({
  goLogin: false, senhaDefinida: false, expirado: false, mensagemSolicitaSenha: MSG.solicitaResponsavel, login: 'NOVO', ...over,
});

function renderForm() {
  const onGoLogin = vi.fn();
  renderRoutes([{ path: '/', element: <ResetPasswordForm idTrocaSenha="t1" onGoLogin={onGoLogin} /> }]);
  return onGoLogin;
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe('ResetPasswordForm', () => {
  it('asks for the responsible person first, then moves to the password form on CRIAR_SENHA', async () => {
    const api = fakeGraphql({
      getInfoUsuarrioTrocarSenha: info(),
      usuarioTrocarSenha: (v) => (v.gravarResponsavel ? TROCA_SENHA_RESULT.CRIAR_SENHA : TROCA_SENHA_RESULT.LOGGEDOUT),
    });
    const onGoLogin = renderForm();
    expect(await screen.findByText(MSG.solicitaResponsavel)).toBeTruthy();
    fireEvent.change(input('responsavel'), { target: { value: 'maria silva' } });
    expect(input('responsavel').value).toBe('MARIA SILVA');
    fireEvent.click(screen.getByTestId('reset-responsavel-submit'));

    expect(await screen.findByText(MSG.solicitaSenha)).toBeTruthy();
    expect(api.callsOf('usuarioTrocarSenha')[0]?.vars).toEqual({ idTrocaSenha: 't1', gravarResponsavel: true, responsavel: 'MARIA SILVA' });
    expect(input('senha')).toBeTruthy();
    expect(input('confirmaSenha')).toBeTruthy();

    fireEvent.change(input('senha'), { target: { value: 'Nova_123' } });
    expect(screen.getByTestId('password-strength').textContent).toContain('Forte');
    fireEvent.change(input('confirmaSenha'), { target: { value: 'Nova_123' } });
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    await waitFor(() => expect(onGoLogin).toHaveBeenCalled());
    expect(api.callsOf('usuarioTrocarSenha')[1]?.vars).toEqual({ idTrocaSenha: 't1', senha: 'Nova_123', confirmaSenha: 'Nova_123' });
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.senhaAlterada);
  });

  it('checks the password rules before calling the server', async () => {
    const api = fakeGraphql({ getInfoUsuarrioTrocarSenha: info({ senhaDefinida: true, mensagemSolicitaSenha: MSG.solicitaSenha }) });
    renderForm();
    await screen.findByText(MSG.solicitaSenha);
    fireEvent.change(input('senha'), { target: { value: 'a#1' } });
    fireEvent.change(input('confirmaSenha'), { target: { value: 'outra' } });
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    expect(await screen.findByText(MSG.novaSenhaMinimo)).toBeTruthy();
    expect(screen.getByText(MSG.senhasNaoConferem)).toBeTruthy();
    expect(api.callsOf('usuarioTrocarSenha')).toHaveLength(0);
  });

  it("puts the server's validation issues on their fields", async () => {
    fakeGraphql({
      getInfoUsuarrioTrocarSenha: info({ senhaDefinida: true }),
      usuarioTrocarSenha: () => {
        throw new GqlError(MSG.senhaCaracteres, 'BAD_USER_INPUT', [{ path: 'senha', message: 'Senha recusada pelo servidor' }]);
      },
    });
    renderForm();
    await screen.findByText(MSG.solicitaSenha);
    fireEvent.change(input('senha'), { target: { value: 'abcdef' } });
    fireEvent.change(input('confirmaSenha'), { target: { value: 'abcdef' } });
    fireEvent.click(screen.getByTestId('reset-password-submit'));
    expect(await screen.findByText('Senha recusada pelo servidor')).toBeTruthy();
  });

  it('shows the expiry message with a way back to the login', async () => {
    fakeGraphql({ getInfoUsuarrioTrocarSenha: info({ expirado: true, mensagemSolicitaSenha: MSG.linkTrocaSenhaExpirado, login: null }) });
    const onGoLogin = renderForm();
    expect((await screen.findByTestId('reset-expired')).textContent).toBe(MSG.linkTrocaSenhaExpirado);
    fireEvent.click(screen.getByTestId('reset-go-login'));
    expect(onGoLogin).toHaveBeenCalled();
  });

  it('goes to the login when the server says so', async () => {
    fakeGraphql({ getInfoUsuarrioTrocarSenha: info({ goLogin: true }) });
    const onGoLogin = renderForm();
    await waitFor(() => expect(onGoLogin).toHaveBeenCalled());
  });
});
