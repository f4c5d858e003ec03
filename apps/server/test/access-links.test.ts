import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { GERAR_LINK, LOGIN, LOGIN_LINK, URL_VERSAO_ANTIGA, USER_INFO } from './ops';

const LEGACY_URL = 'https://legado.example/';

describe.each(engines())('sign-in links and the legacy hand-off (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { LEGACY_URL });
    await t.exec("UPDATE usuarios SET legado = true WHERE login = 'CLIENTE2'");
  });
  afterAll(() => t?.close());

  const issueLink = async (by: string, login: string) => t.call(GERAR_LINK, { login }, { cookie: await t.login(by) });
  const idsessionOf = (url: string) => new URL(url).searchParams.get('idsession')!;

  it('a master user issues a link for a client; it signs in once, as a simulated session', async () => {
    const url: string = dataOf(await issueLink('MESTRE', 'cliente')).gerarLinkAcesso;
    expect(url.startsWith(`${BASE_URL}/?idsession=`)).toBe(true);
    // The link carries an opaque token, never the login or a password.
    expect(url).not.toMatch(/CLIENTE|demo123/i);

    const first = await t.call(LOGIN_LINK, { idsession: idsessionOf(url) });
    expect(dataOf(first).loginIdSession).toBeTruthy();
    expect(first.cookie).toMatch(/^concilia_sid=/);
    const me = dataOf(await t.call(USER_INFO, {}, { cookie: first.cookie })).getUserInfo;
    expect(me).toMatchObject({ login: 'CLIENTE', simulado: true });

    const again = await t.call(LOGIN_LINK, { idsession: idsessionOf(url) });
    expect(errorOf(again)).toEqual({ message: MSG.linkAcessoInvalido, code: 'UNAUTHENTICATED' });
    expect(again.setCookies).toEqual([]);
  });

  it('an unknown or expired link is refused with the same message', async () => {
    expect(errorOf(await t.call(LOGIN_LINK, { idsession: 'inventado' })).message).toBe(MSG.linkAcessoInvalido);
    const url: string = dataOf(await issueLink('MESTREREVENDA', 'CLIENTE')).gerarLinkAcesso;
    await t.exec("UPDATE tokens_acesso SET expiraem = now() - interval '1 second' WHERE tipo = 'IDSESSION' AND usadoem IS NULL");
    expect(errorOf(await t.call(LOGIN_LINK, { idsession: idsessionOf(url) })).message).toBe(MSG.linkAcessoInvalido);
  });

  it.each([
    ['a client (not a master user), for another client', 'CLIENTE', 'CLIENTE2'],
    ['a reseller (not a master user), for its own client', 'REVENDA', 'CLIENTE'],
    ['the platform admin (not a master user), for a client', 'ADMIN', 'CLIENTE'],
    ['a reseller master, for the platform admin above it', 'MESTREREVENDA', 'ADMIN'],
    ['a master user, for a login that does not exist', 'MESTRE', 'NINGUEM'],
    ['a master user, for a colleague of the same company', 'MESTRE', 'ADMIN'],
    ['a master user, for themselves', 'MESTREREVENDA', 'MESTREREVENDA'],
  ])('%s: no link', async (_case, by, target) => {
    const r = await issueLink(by, target);
    expect(errorOf(r)).toEqual({ message: MSG.semPermissao, code: 'FORBIDDEN' });
    expect(await t.exec(`SELECT 1 FROM tokens_acesso t JOIN usuarios u USING (codusuario) WHERE u.login = '${target}' AND t.usadoem IS NULL AND t.expiraem > now()`)).toEqual([]);
  });

  it('each link is audited: who issued it, as whom, when; and the sign-in it opens names the issuer', async () => {
    const before = new Date(Date.now() - 1000);
    const url: string = dataOf(await issueLink('MESTREREVENDA', 'CLIENTE2')).gerarLinkAcesso;
    const [mestre, cliente2] = [await t.userId('MESTREREVENDA'), await t.userId('CLIENTE2')];
    const [issued] = await t.exec("SELECT codusuario, chave, dados, em FROM auditoria WHERE acao = 'LINK_ACESSO_EMITIDO' ORDER BY id DESC LIMIT 1");
    expect(issued).toMatchObject({
      codusuario: mestre, chave: String(cliente2),
      dados: { emitidopor: 'MESTREREVENDA', comousuario: 'CLIENTE2', codusuariodestino: cliente2 },
    });
    expect(new Date(String(issued!.em)).getTime()).toBeGreaterThanOrEqual(before.getTime());
    // The link never lands in the audit log.
    expect(JSON.stringify(issued)).not.toContain(idsessionOf(url));

    dataOf(await t.call(LOGIN_LINK, { idsession: idsessionOf(url) }));
    const [used] = await t.exec("SELECT codusuario, dados FROM auditoria WHERE acao = 'LOGIN_LINK' ORDER BY id DESC LIMIT 1");
    expect(used).toMatchObject({ codusuario: cliente2, dados: { emitidopor: mestre } });
  });

  it('issuing a link needs a session', async () => {
    expect(errorOf(await t.call(GERAR_LINK, { login: 'CLIENTE' })).message).toBe(MSG.usuarioNaoLogado);
  });

  it("a legacy user's sign-in answers 'jsf' and the hand-off address carries a token, never the password", async () => {
    const r = await t.call(LOGIN, { username: 'CLIENTE2', password: DEMO_PASSWORD });
    expect(dataOf(r).login).toBe(LOGIN_RESULT.JSF);
    expect(r.setCookies.some((c) => c.startsWith('concilia_sid='))).toBe(false);
    const pending = r.setCookies.find((c) => c.startsWith('concilia_legado='));
    expect(pending).toMatch(/HttpOnly/);

    const h = await t.call(URL_VERSAO_ANTIGA, {}, { cookie: r.cookie });
    const url: string = dataOf(h).urlVersaoAntiga;
    expect(url).toMatch(/^https:\/\/legado\.example\/Conciliador\/login\/loginPass\.jsf\?pass=[^&]+$/);
    expect(url).not.toContain(DEMO_PASSWORD);
    expect(url).not.toMatch(/CLIENTE2/i);
    // The pending hand-off is spent: the browser drops its cookie.
    expect(h.setCookies.find((c) => c.startsWith('concilia_legado='))).toMatch(/Max-Age=0/);
    expect(errorOf(await t.call(URL_VERSAO_ANTIGA)).message).toBe(MSG.usuarioNaoLogado);
  });

  it("with a legacy address configured, a signed-in user's 'Versão Antiga' gets a fresh hand-off", async () => {
    const cookie = await t.login('REVENDA');
    expect(dataOf(await t.call(USER_INFO, {}, { cookie })).getUserInfo.versaoAntiga).toBe(true);
    const a: string = dataOf(await t.call(URL_VERSAO_ANTIGA, {}, { cookie })).urlVersaoAntiga;
    const b: string = dataOf(await t.call(URL_VERSAO_ANTIGA, {}, { cookie })).urlVersaoAntiga;
    expect(a).toMatch(/^https:\/\/legado\.example\/Conciliador\/login\/loginPass\.jsf\?pass=/);
    expect(a).not.toBe(b);
  });
});
