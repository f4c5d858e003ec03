import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { LOGIN } from './ops';

describe.each(engines())('sign-in abuse limits (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine, { LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_PER_IP: '3' }); });
  afterAll(() => t?.close());

  // The per-username tests use a new address for every attempt, so only the limit under test can bite.
  let n = 0;
  const freshIp = () => `10.1.${Math.floor(++n / 250)}.${n % 250}`;
  const attempt = (username: string, password: string, ip = freshIp()) => t.call(LOGIN, { username, password }, { ip });

  it('after too many failures for one username even the right password is refused, from any IP', async () => {
    for (let i = 0; i < 3; i++) expect(dataOf(await attempt('cliente', `errada${i}`)).login).toBe(LOGIN_RESULT.LOGGEDOUT);
    const locked = await attempt('CLIENTE', DEMO_PASSWORD);
    expect(errorOf(locked)).toEqual({ message: MSG.muitasTentativas, code: 'RATE_LIMITED' });
    expect(locked.setCookies).toEqual([]);
    // The lock is per username: another user is not affected.
    expect(dataOf(await attempt('CLIENTE2', DEMO_PASSWORD)).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    // And it lifts when the window has passed.
    await t.exec("UPDATE tentativas_login SET janelainicio = now() - interval '16 minutes' WHERE chave LIKE 'login:user:%'");
    expect(dataOf(await attempt('CLIENTE', DEMO_PASSWORD)).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('a successful sign-in clears the failure count', async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) await attempt('REVENDA', 'errada');
      expect(dataOf(await attempt('REVENDA', DEMO_PASSWORD)).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    }
  });

  it('too many attempts from one IP are refused for that IP only, whatever the username', async () => {
    const ip = '203.0.113.7';
    for (const u of ['MESTRE', 'ADMIN', 'MESTRE']) expect(dataOf(await attempt(u, DEMO_PASSWORD, ip)).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    const refused = await attempt('ADMIN', DEMO_PASSWORD, ip);
    expect(errorOf(refused)).toEqual({ message: MSG.muitasTentativas, code: 'RATE_LIMITED' });
    expect(refused.setCookies).toEqual([]);
    expect(dataOf(await attempt('ADMIN', DEMO_PASSWORD, '198.51.100.20')).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });
});
