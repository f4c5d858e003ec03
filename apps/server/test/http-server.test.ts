import type { AddressInfo } from 'node:net';
import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/http/server';
import { solvedAltcha } from './altcha';
import { cookiesOf, createTestApp, DEMO_PASSWORD, engines, type TestApp } from './harness';
import { LOGIN, USER_INFO } from './ops';

// The same app behind the real Node HTTP server, as a browser reaches it: cookies must survive the
// Node adapter, and limits must hold for bodies that arrive in chunks over a socket.
describe.each(engines())('over real HTTP (%s)', (engine) => {
  let t: TestApp;
  let base: string;
  let server: ReturnType<typeof createHttpServer>;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAX_REQUEST_BYTES: '4096', BOT_CHECK: 'altcha' });
    server = createHttpServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // fetch keeps connections alive; close them rather than wait for their idle timeout.
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' } as RequestInit);

  it('serves the ALTCHA challenge and a health check', async () => {
    const c = await fetch(`${base}/altcha/challenge`);
    expect(c.status).toBe(200);
    expect(c.headers.get('cache-control')).toBe('no-store');
    expect((await c.json()).parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(await (await fetch(`${base}/healthz`)).text()).toBe('ok');
  });

  it('a sign-in sets the session cookie through the Node adapter, and the cookie works', async () => {
    const r = await post(JSON.stringify({ query: LOGIN, variables: { username: 'CLIENTE', password: DEMO_PASSWORD, values: { recaptcha: await solvedAltcha(t.config) } } }));
    const json = await r.json();
    expect(json.data.login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    const cookie = cookiesOf(r.headers.getSetCookie());
    expect(cookie).toMatch(/^concilia_sid=/);
    const me = await (await post(JSON.stringify({ query: USER_INFO }), { cookie })).json();
    expect(me.data.getUserInfo.login).toBe('CLIENTE');
  });

  it('a chunked body over the limit gets 413 with the pt-BR message', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ query: LOGIN, variables: { username: 'X', password: 'x'.repeat(100_000) } }));
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 8192) c.enqueue(bytes.slice(i, i + 8192));
        c.close();
      },
    });
    const r = await post(body as unknown as BodyInit);
    expect(r.status).toBe(413);
    expect((await r.json()).errors[0].message).toBe(MSG.requisicaoGrande);
  });
});
