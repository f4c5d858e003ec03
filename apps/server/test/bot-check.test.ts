import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedAltcha } from './altcha';
import { createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { LOGIN } from './ops';

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
