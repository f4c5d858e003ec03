import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { GERAR_LINK, LOGIN, LOGIN_LINK, USER_INFO } from './ops';

// A browser holds one session at a time: signing in again — as anyone, by password or by link — ends the
// session whose cookie it sent, on the server, so that cookie no longer opens anything.
describe.each(engines())('a new sign-in ends the browser’s previous session (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine); });
  afterAll(() => t?.close());

  const whoIs = (cookie: string) => t.call(USER_INFO, {}, { cookie });

  it('signing in with the cookie of a previous session ends that session', async () => {
    const old = await t.signIn('CLIENTE');
    const other = await t.signIn('CLIENTE');
    const again = await t.call(LOGIN, { username: 'CLIENTE2', password: DEMO_PASSWORD }, { cookie: old.cookie });
    expect(dataOf(again).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);

    expect(errorOf(await whoIs(old.cookie)).message).toBe(MSG.usuarioNaoLogado);
    expect(dataOf(await whoIs(again.cookie)).getUserInfo.login).toBe('CLIENTE2');
    // Only the session that browser carried: the same user's session elsewhere goes on.
    expect(dataOf(await whoIs(other.cookie)).getUserInfo.login).toBe('CLIENTE');
    const [row] = await t.exec(`SELECT encerradaem IS NOT NULL AS encerrada FROM sessoes WHERE id = '${old.sessionId}'`);
    expect(row).toEqual({ encerrada: true });
    const [audited] = await t.exec("SELECT dados FROM auditoria WHERE acao = 'LOGIN' ORDER BY id DESC LIMIT 1");
    expect(audited!.dados).toEqual({ sessaoencerrada: old.sessionId });
  });

  it('a failed sign-in leaves the session the browser has alone', async () => {
    const cookie = await t.login('REVENDA');
    expect(dataOf(await t.call(LOGIN, { username: 'REVENDA', password: 'errada' }, { cookie })).login).toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(dataOf(await whoIs(cookie)).getUserInfo.login).toBe('REVENDA');
  });

  it('a sign-in link opened in a signed-in browser ends the session it had', async () => {
    const mestre = await t.login('MESTRE');
    const url: string = dataOf(await t.call(GERAR_LINK, { login: 'CLIENTE' }, { cookie: mestre })).gerarLinkAcesso;
    const idsession = new URL(url).searchParams.get('idsession')!;
    const r = await t.call(LOGIN_LINK, { idsession }, { cookie: mestre });
    expect(dataOf(await whoIs(r.cookie)).getUserInfo).toMatchObject({ login: 'CLIENTE', simulado: true });
    expect(errorOf(await whoIs(mestre)).message).toBe(MSG.usuarioNaoLogado);
  });
});
