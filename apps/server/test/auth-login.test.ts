import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { LOGIN, LOGOUT, USER_INFO } from './ops';

describe.each(engines())('sign-in and sign-out (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine); });
  afterAll(() => t?.close());

  const login = (username: string, password: string, url?: string) => t.call(LOGIN, { username, password }, { url });

  it('right password: answers a session value and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const r = await login('CLIENTE', DEMO_PASSWORD);
    const value = dataOf(r).login;
    expect(value).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(value).not.toBe(LOGIN_RESULT.JSF);
    const sid = r.setCookies.find((c) => c.startsWith('concilia_sid='));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/; HttpOnly/);
    expect(sid).toMatch(/; SameSite=Lax/);
    expect(sid).toMatch(/; Path=\//);
    // Over plain http a Secure cookie would never come back, and the user could not stay signed in.
    expect(sid).not.toMatch(/Secure/);
    // The cookie is a secret of its own, not the session value the client can see.
    expect(sid).not.toContain(value);
  });

  it('over https the session cookie is Secure', async () => {
    const r = await login('CLIENTE', DEMO_PASSWORD, 'https://localhost:3000/graphql');
    expect(r.setCookies.find((c) => c.startsWith('concilia_sid='))).toMatch(/; Secure/);
  });

  it.each([
    ['wrong password', 'CLIENTE', 'errada123'],
    ['unknown user', 'NINGUEM', DEMO_PASSWORD],
    ['empty password', 'CLIENTE', ''],
  ])('%s: answers LOGGEDOUT and sets no cookie', async (_case, username, password) => {
    const r = await login(username, password);
    expect(dataOf(r).login).toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(r.setCookies).toEqual([]);
  });

  it('the username is case-insensitive and surrounding spaces are ignored', async () => {
    const r = await login('  cLiEnTe ', DEMO_PASSWORD);
    expect(dataOf(r).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: r.cookie })).getUserInfo.login).toBe('CLIENTE');
  });

  it('every sign-in opens its own session; logout ends only the one it is sent with', async () => {
    const first = await t.signIn('REVENDA');
    const second = await t.signIn('REVENDA');
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.cookie).not.toBe(first.cookie);

    const out = await t.call(LOGOUT, {}, { cookie: first.cookie });
    expect(dataOf(out).logout).toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(errorOf(await t.call(USER_INFO, {}, { cookie: first.cookie })).message).toBe(MSG.usuarioNaoLogado);
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: second.cookie })).getUserInfo.login).toBe('REVENDA');
  });

  it('logout clears the session cookie in the browser', async () => {
    const cookie = await t.login('CLIENTE');
    const r = await t.call(LOGOUT, {}, { cookie });
    const cleared = r.setCookies.find((c) => c.startsWith('concilia_sid='));
    expect(cleared).toMatch(/^concilia_sid=;/);
    expect(cleared).toMatch(/Max-Age=0/);
  });

  it('logout without a session still answers LOGGEDOUT, so the client can always finish signing out', async () => {
    expect(dataOf(await t.call(LOGOUT)).logout).toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('a user past its validade is refused with the expired-user message', async () => {
    await t.exec("UPDATE usuarios SET validade = DATE '2020-01-31' WHERE login = 'MESTREREVENDA'");
    const r = await login('MESTREREVENDA', DEMO_PASSWORD);
    expect(errorOf(r)).toEqual({ message: MSG.usuarioExpirado, code: 'USER_EXPIRED' });
    expect(r.setCookies).toEqual([]);
    // A wrong password must not reveal that the login exists and is merely expired.
    expect(dataOf(await login('MESTREREVENDA', 'errada123')).login).toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('a user whose validade is today can still sign in', async () => {
    await t.exec("UPDATE usuarios SET validade = (now() AT TIME ZONE 'America/Sao_Paulo')::date WHERE login = 'MESTRE'");
    expect(dataOf(await login('MESTRE', DEMO_PASSWORD)).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('a user flagged to the legacy application signs in here when no legacy address is configured', async () => {
    await t.exec("UPDATE usuarios SET legado = true WHERE login = 'CLIENTE2'");
    const r = await login('CLIENTE2', DEMO_PASSWORD);
    expect(dataOf(r).login).not.toBe(LOGIN_RESULT.JSF);
    expect(r.cookie).toMatch(/^concilia_sid=/);
  });

  it('a user with an incomplete registration signs in but is not allowed into the app', async () => {
    const cookie = await t.login('PENDENTE');
    expect(dataOf(await t.call(USER_INFO, {}, { cookie })).getUserInfo.permitido).toBe(false);
  });

  it('getUserInfo describes the signed-in client and its place in the hierarchy', async () => {
    const cookie = await t.login('CLIENTE');
    const [pessoa] = await t.exec("SELECT codpessoa, codpessoapai FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'");
    const [revenda] = await t.exec("SELECT codpessoa FROM pessoas WHERE tipo = 'REVENDA'");
    expect(pessoa!.codpessoapai).toBe(revenda!.codpessoa);
    const [perfil] = await t.exec("SELECT codperfil FROM perfis WHERE nome = 'Cliente'");
    expect(dataOf(await t.call(USER_INFO, {}, { cookie })).getUserInfo).toEqual({
      fullName: 'Carlos Pereira',
      nomeAbreviado: 'Carlos',
      login: 'CLIENTE',
      codPessoa: pessoa!.codpessoa,
      codPessoaPai: revenda!.codpessoa,
      uscodigo: await t.userId('CLIENTE'),
      codPerfil: perfil!.codperfil,
      simulado: false,
      permitido: true,
      versaoAntiga: false,
      logoMarcarRevenda: null,
    });
  });

  it("the reseller's logo brands the shell of the users below it", async () => {
    await t.exec("UPDATE pessoas SET logo = 'data:image/png;base64,AAAA' WHERE tipo = 'REVENDA'");
    const cliente = await t.login('CLIENTE2');
    const admin = await t.login('ADMIN');
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: cliente })).getUserInfo.logoMarcarRevenda).toBe('data:image/png;base64,AAAA');
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: admin })).getUserInfo.logoMarcarRevenda).toBeNull();
  });
});
