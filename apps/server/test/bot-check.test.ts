import type { AddressInfo } from 'node:net';
import { LOGIN_RESULT, MSG } from '@concilia/domain';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTCHA_COST } from '../src/features/auth/bot-check';
import { createHttpServer } from '../src/http/server';
import { solvedAltcha } from './altcha';
import { createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { LOGIN, USER_INFO } from './ops';

describe.each(engines())('bot check on sign-in (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine, { BOT_CHECK: 'altcha' }); });
  afterAll(() => t?.close());

  const login = (recaptcha?: string) =>
    t.call(LOGIN, { username: 'CLIENTE', password: DEMO_PASSWORD, values: recaptcha === undefined ? null : { recaptcha } });

  it('no token: the spec message asks the user to complete the check', async () => {
    const r = await login();
    expect(errorOf(r)).toEqual({ message: MSG.botCheckAusente, code: 'BOT_CHECK_FAILED' });
    expect(r.setCookies).toEqual([]);
    expect(errorOf(await login('')).message).toBe(MSG.botCheckAusente);
  });

  it.each([
    ['not base64 JSON', '%%%não é um token%%%'],
    ['JSON without a solution', Buffer.from('{"challenge":{}}').toString('base64')],
  ])('a garbage token (%s) is refused', async (_case, token) => {
    const r = await login(token);
    expect(errorOf(r)).toEqual({ message: MSG.botCheckInvalido, code: 'BOT_CHECK_FAILED' });
    expect(r.setCookies).toEqual([]);
  });

  it('a solved challenge that this server did not sign is refused', async () => {
    const forged = await solvedAltcha(t.config, { signingKey: 'outra-chave-qualquer' });
    expect(errorOf(await login(forged)).code).toBe('BOT_CHECK_FAILED');
  });

  it('a solved challenge signs in once; the same token replayed is refused', async () => {
    const token = await solvedAltcha(t.config);
    const first = await login(token);
    expect(dataOf(first).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(first.cookie).toMatch(/^concilia_sid=/);

    const replay = await login(token);
    expect(errorOf(replay)).toEqual({ message: MSG.botCheckInvalido, code: 'BOT_CHECK_FAILED' });
    expect(replay.setCookies).toEqual([]);
  });

  it('the login page is told which check to run', async () => {
    expect(dataOf(await t.call('{ getAppConfig { botCheck } }')).getAppConfig.botCheck).toBe('altcha');
  });
});

// OWASP's advice against lockout as a denial of service: failures for a login ask for more proof of work,
// never refuse the right password that brings it.
describe.each(engines())('a harder bot check after repeated failures (%s)', (engine) => {
  let t: TestApp;
  let base: string;
  let server: ReturnType<typeof createHttpServer>;
  beforeAll(async () => {
    t = await createTestApp(engine, { BOT_CHECK: 'altcha', LOGIN_MAX_FAILURES_PER_USER: '5' });
    server = createHttpServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  /** What the page does: fetch the challenge (for a login, after BOT_CHECK_HARDER), solve it, post it. */
  const challengeFor = async (login?: string): Promise<Challenge> =>
    (await fetch(`${base}/altcha/challenge${login ? `?login=${encodeURIComponent(login)}` : ''}`)).json();
  const login = async (username: string, password: string, challenge?: Challenge) =>
    t.call(LOGIN, { username, password, values: { recaptcha: await solvedAltcha(t.config, { challenge }) } });

  it('after 5 wrong passwords the right one is asked for the harder check, and signs in with it', async () => {
    for (let i = 0; i < 5; i++) expect(dataOf(await login('CLIENTE', `errada${i}`)).login).toBe(LOGIN_RESULT.LOGGEDOUT);

    // The everyday challenge is no longer enough for this login — asked for, not locked out.
    const asked = await login('cliente', DEMO_PASSWORD);
    expect(errorOf(asked)).toEqual({ message: MSG.botCheckReforcado, code: 'BOT_CHECK_HARDER' });
    expect(asked.setCookies).toEqual([]);

    // The page fetches the challenge for that login: more work, and the login is signed into it.
    const harder = await challengeFor(' cliente ');
    expect(harder.parameters.cost).toBeGreaterThan(ALTCHA_COST);
    expect(harder.parameters.data).toEqual({ login: 'CLIENTE' });
    expect((await challengeFor()).parameters.cost).toBe(ALTCHA_COST);
    expect((await challengeFor('CLIENTE2')).parameters.cost).toBe(ALTCHA_COST);

    const r = await login('CLIENTE', DEMO_PASSWORD, harder);
    expect(dataOf(r).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: r.cookie })).getUserInfo.login).toBe('CLIENTE');
    // Signing in clears the failures: the everyday check is enough again.
    expect((await challengeFor('CLIENTE')).parameters.cost).toBe(ALTCHA_COST);
    expect(dataOf(await login('CLIENTE', DEMO_PASSWORD)).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  const setFailures = (login: string, n: number) => t.exec(`INSERT INTO tentativas_login (chave, janelainicio, tentativas)
    VALUES ('login:user:${login}', now(), ${n}) ON CONFLICT (chave) DO UPDATE SET tentativas = excluded.tentativas, janelainicio = now()`);

  it('the harder check grows with the failures, up to a bound', async () => {
    const costs: number[] = [];
    for (const n of [0, 4, 5, 6, 7, 8, 50]) {
      await setFailures('REVENDA', n);
      costs.push((await challengeFor('REVENDA')).parameters.cost);
    }
    expect(costs).toEqual([1, 1, 2, 4, 8, 8, 8].map((k) => k * ALTCHA_COST));
    // A challenge solved for fewer failures than the login has now is not enough either.
    await setFailures('REVENDA', 5);
    const issued = await challengeFor('REVENDA');
    await setFailures('REVENDA', 6);
    expect(errorOf(await login('REVENDA', DEMO_PASSWORD, issued)).code).toBe('BOT_CHECK_HARDER');
  });

  it('a harder challenge issued for another login does not open this one', async () => {
    await setFailures('MESTRE', 5);
    await setFailures('MESTREREVENDA', 5);
    const forMestre = await challengeFor('MESTRE');
    expect(errorOf(await login('MESTREREVENDA', DEMO_PASSWORD, forMestre))).toEqual({ message: MSG.botCheckReforcado, code: 'BOT_CHECK_HARDER' });
  });
});
