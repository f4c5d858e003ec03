import { MSG } from '@concilia/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangePasswordPage } from './change-password-page';
import { fakeGraphql, GqlError } from './testing/fake-graphql';
import { renderRoutes, resetAfterTest } from './testing/render-routes';

afterEach(resetAfterTest);

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;

function fill(atual: string, nova: string) {
  fireEvent.change(input('senhaAtual'), { target: { value: atual } });
  fireEvent.change(input('senha'), { target: { value: nova } });
  fireEvent.change(input('confirmaSenha'), { target: { value: nova } });
  fireEvent.click(screen.getByTestId('change-password-submit'));
}

describe('ChangePasswordPage', () => {
  it('changes the password, says so and clears the form', async () => {
    const api = fakeGraphql({ redefinirSenha: () => MSG.senhaAlterada });
    renderRoutes([{ path: '/', element: <ChangePasswordPage /> }]);
    fill('velha1', 'Nova_123');
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.senhaAlterada);
    expect(api.callsOf('redefinirSenha')[0]?.vars).toEqual({ senhaAtual: 'velha1', senha: 'Nova_123', confirmaSenha: 'Nova_123' });
    await waitFor(() => expect(input('senhaAtual').value).toBe(''));
    expect(input('senha').value).toBe('');
  });

  it('shows a wrong current password on its field', async () => {
    fakeGraphql({
      redefinirSenha: () => {
        throw new GqlError(MSG.senhaAtualInvalida, 'BAD_USER_INPUT', [{ path: 'senhaAtual', message: MSG.senhaAtualInvalida }]);
      },
    });
    renderRoutes([{ path: '/', element: <ChangePasswordPage /> }]);
    fill('errada', 'Nova_123');
    expect(await screen.findByText(MSG.senhaAtualInvalida)).toBeTruthy();
    expect(screen.queryByTestId('notification')).toBeNull();
  });

  it("falls back to 'Erro ao alterar senha.' for other failures", async () => {
    fakeGraphql({ redefinirSenha: () => { throw new GqlError('Ocorreu um erro inesperado. x1.', 'INTERNAL_SERVER_ERROR'); } });
    renderRoutes([{ path: '/', element: <ChangePasswordPage /> }]);
    fill('velha1', 'Nova_123');
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.erroAlterarSenha);
  });
});
