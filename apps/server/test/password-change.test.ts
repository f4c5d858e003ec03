import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { LOGIN, REDEFINIR_SENHA, USER_INFO } from './ops';

describe.each(engines())('signed-in password change (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine); });
  afterAll(() => t?.close());

  const redefinir = (cookie: string, senhaAtual: string, senha: string, confirmaSenha = senha) =>
    t.call(REDEFINIR_SENHA, { senhaAtual, senha, confirmaSenha }, { cookie });
  const loginResult = async (username: string, password: string) => dataOf(await t.call(LOGIN, { username, password })).login;

  it('a wrong current password is refused and the password stays as it was', async () => {
    const cookie = await t.login('REVENDA');
    expect(errorOf(await redefinir(cookie, 'nao_e_essa', 'nova_senha1'))).toEqual({ message: MSG.senhaAtualInvalida, code: 'BAD_USER_INPUT' });
    expect(await loginResult('REVENDA', DEMO_PASSWORD)).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it.each([
    ['missing current password', '', 'nova_senha1', 'nova_senha1', MSG.senhaAtualObrigatoria],
    ['too short', DEMO_PASSWORD, 'ab1', 'ab1', MSG.novaSenhaMinimo],
    ['special characters', DEMO_PASSWORD, 'senha@2026', 'senha@2026', MSG.senhaCaracteres],
    ['confirmation differs', DEMO_PASSWORD, 'nova_senha1', 'nova_senha9', MSG.senhasNaoConferem],
  ])('%s: the rule of spec part 2 §5 answers', async (_case, senhaAtual, senha, confirmaSenha, message) => {
    const cookie = await t.login('REVENDA');
    expect(errorOf(await redefinir(cookie, senhaAtual, senha, confirmaSenha))).toMatchObject({ message, code: 'BAD_USER_INPUT' });
  });

  it('success: this session stays, every other session of the user ends, only the new password signs in', async () => {
    const here = await t.login('CLIENTE');
    const elsewhere = await t.login('CLIENTE');
    const otherUser = await t.login('CLIENTE2');
    expect(dataOf(await redefinir(here, DEMO_PASSWORD, 'Nova_Senha_2026')).redefinirSenha).toBe(MSG.senhaAlterada);

    expect(dataOf(await t.call(USER_INFO, {}, { cookie: here })).getUserInfo.login).toBe('CLIENTE');
    expect(errorOf(await t.call(USER_INFO, {}, { cookie: elsewhere })).message).toBe(MSG.usuarioNaoLogado);
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: otherUser })).getUserInfo.login).toBe('CLIENTE2');

    expect(await loginResult('CLIENTE', DEMO_PASSWORD)).toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(await loginResult('CLIENTE', 'Nova_Senha_2026')).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });
});
