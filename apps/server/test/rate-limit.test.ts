import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { loginDelayMs } from '../src/features/auth/rate-limit';
import { createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { LOGIN } from './ops';

describe('the progressive sign-in delay', () => {
  it('is none before a failure, doubles with each one and stops at its bound', () => {
    const config = loadConfig({});
    expect([0, 1, 2, 3, 4, 5, 6, 7, 40, 10_000].map((n) => loginDelayMs(n, config))).toEqual([0, 250, 500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
    expect(loginDelayMs(3, { loginDelayBaseMs: 5, loginDelayMaxMs: 12 })).toBe(12);
  });
});

describe.each(engines())('sign-in abuse limits (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_FAILURES_PER_USER: '3', LOGIN_MAX_PER_IP: '3', LOGIN_DELAY_BASE_MS: '10', LOGIN_DELAY_MAX_MS: '40' });
  });
  afterAll(() => t?.close());

  // The per-username tests use a new address for every attempt, so only the limit under test can bite.
  let n = 0;
  const freshIp = () => `10.1.${Math.floor(++n / 250)}.${n % 250}`;
  const attempt = (username: string, password: string, ip = freshIp()) => t.call(LOGIN, { username, password }, { ip });

  /** the delays the server logged for sign-ins since `from` (it never logs the login or the password) */
  const delaysSince = (from: number) =>
    t.logs.slice(from).map((l) => JSON.parse(l)).filter((l) => l.msg === 'sign-in slowed down after failed attempts').map((l) => l.atrasoMs);

  it('failures for a username never lock it: anyone who knows a login cannot keep its owner out', async () => {
    for (let i = 0; i < 6; i++) expect(dataOf(await attempt('cliente', `errada${i}`)).login).toBe(LOGIN_RESULT.LOGGEDOUT);
    const owner = await attempt('CLIENTE', DEMO_PASSWORD);
    expect(dataOf(owner).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(owner.cookie).toMatch(/^concilia_sid=/);
  });

  it('each failure slows the next attempts for that username down a little more, up to a bound', async () => {
    const from = t.logs.length;
    for (let i = 0; i < 5; i++) {
      expect(dataOf(await attempt('MESTRE', 'errada')).login).toBe(LOGIN_RESULT.LOGGEDOUT);
    }
    expect(delaysSince(from)).toEqual([10, 20, 40, 40]);
    // The wait is real: the attempt after four failures took at least the bound.
    const at = t.logs.length;
    const t0 = Date.now();
    expect(dataOf(await attempt('MESTRE', DEMO_PASSWORD)).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(40);
    expect(delaysSince(at)).toEqual([40]);
    // Another username is not slowed down, and the right password cleared this one's failures.
    const after = t.logs.length;
    await attempt('MESTREREVENDA', DEMO_PASSWORD);
    await attempt('MESTRE', DEMO_PASSWORD);
    expect(delaysSince(after)).toEqual([]);
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
