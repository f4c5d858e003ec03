import { MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { ATENDIMENTO, BANNER, LOGOUT, MENUS, NOTICIAS, REDEFINIR_SENHA, USER_INFO } from './ops';

// Every call but the public ones must answer exactly this text: the client's forced logout matches on it.
const PROTECTED: [string, string, Record<string, unknown>][] = [
  ['getUserInfo', USER_INFO, {}],
  ['getMenus', MENUS, {}],
  ['getNoticias', NOTICIAS, {}],
  ['getBanner', BANNER, {}],
  ['getLoginSenhaAtendimento', ATENDIMENTO, {}],
  // A wrong current password, so the call is harmless should a session wrongly be accepted.
  ['redefinirSenha', REDEFINIR_SENHA, { senhaAtual: 'nao_e_a_atual', senha: 'nova_senha1', confirmaSenha: 'nova_senha1' }],
];

describe.each(engines())('sessions end (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '8', ATENDIMENTO_URL: 'https://atendimento.example' });
  });
  afterAll(() => t?.close());

  // Each way of not having a session, as the cookie the browser would send.
  const states: [string, () => Promise<string | undefined>][] = [
    ['without a cookie', async () => undefined],
    ['with a made-up cookie', async () => 'concilia_sid=naoexiste'],
    ['after logout', async () => {
      const cookie = await t.login('CLIENTE');
      await t.call(LOGOUT, {}, { cookie });
      return cookie;
    }],
    ['after the idle limit', async () => {
      const s = await t.signIn('CLIENTE');
      await t.exec(`UPDATE sessoes SET ultimoacesso = now() - interval '31 minutes' WHERE id = '${s.sessionId}'`);
      return s.cookie;
    }],
    ['after the absolute limit, even while active', async () => {
      const s = await t.signIn('CLIENTE');
      await t.exec(`UPDATE sessoes SET expiraem = now() - interval '1 second' WHERE id = '${s.sessionId}'`);
      return s.cookie;
    }],
    ['once the user has passed its validade', async () => {
      await t.exec("UPDATE usuarios SET validade = NULL WHERE login = 'CLIENTE2'");
      const cookie = await t.login('CLIENTE2');
      await t.exec("UPDATE usuarios SET validade = DATE '2020-01-01' WHERE login = 'CLIENTE2'");
      return cookie;
    }],
  ];

  describe.each(states)('%s', (_state, makeCookie) => {
    it.each(PROTECTED)('%s answers "Usuário não logado"', async (_name, query, variables) => {
      const r = await t.call(query, variables, { cookie: await makeCookie() });
      expect(errorOf(r)).toEqual({ message: MSG.usuarioNaoLogado, code: 'UNAUTHENTICATED' });
      // Nothing leaks next to the error (a nullable field comes back as null).
      expect(Object.values(r.body.data ?? {}).filter((v) => v !== null)).toEqual([]);
    });
  });

  it('activity inside the idle limit keeps the session alive and pushes the limit forward', async () => {
    const s = await t.signIn('REVENDA');
    await t.exec(`UPDATE sessoes SET ultimoacesso = now() - interval '29 minutes' WHERE id = '${s.sessionId}'`);
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: s.cookie })).getUserInfo.login).toBe('REVENDA');
    const [row] = await t.exec(`SELECT ultimoacesso > now() - interval '1 minute' AS recente FROM sessoes WHERE id = '${s.sessionId}'`);
    expect(row!.recente).toBe(true);
  });

  it('a session is created with the configured absolute lifetime', async () => {
    const s = await t.signIn('REVENDA');
    const [row] = await t.exec(`SELECT extract(epoch FROM expiraem - criadaem)::int AS segundos FROM sessoes WHERE id = '${s.sessionId}'`);
    expect(Number(row!.segundos)).toBeGreaterThanOrEqual(8 * 3600 - 5);
    expect(Number(row!.segundos)).toBeLessThanOrEqual(8 * 3600 + 5);
  });
});
