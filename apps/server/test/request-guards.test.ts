import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, GRAPHQL_URL, type TestApp, withApp } from './harness';
import { LOGIN, NOTICIAS, USER_INFO } from './ops';

// A fresh object per request: the fetch layer writes content-length into the headers object it is given.
const json = () => ({ 'content-type': 'application/json' });

/** A body sent in chunks with no Content-Length, as a streaming client would. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(c) {
      for (let i = 0; i < bytes.length; i += 16_384) c.enqueue(bytes.slice(i, i + 16_384));
      c.close();
    },
  });
}

/** Nothing a user or an attacker should read in an error: stack frames, SQL, file paths. */
function expectNoInternals(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
  expect(text).not.toMatch(/node_modules|\/src\/|\.ts\b/);
  expect(text).not.toMatch(/\b(select|insert|relation|from "?noticias)\b/i);
}

describe.each(engines())('requests the API refuses cleanly (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine, { MAX_REQUEST_BYTES: '4096' }); });
  afterAll(() => t?.close());

  it('GET /graphql is not an API call: 405', async () => {
    const r = await t.fetch({ method: 'GET', url: `${GRAPHQL_URL}?query=${encodeURIComponent('{ getAppConfig { versao } }')}` });
    expect(r.status).toBe(405);
    expect(errorOf(r).message).toBe(MSG.requisicaoInvalida);
  });

  it('a body over MAX_REQUEST_BYTES: 413 with the pt-BR message', async () => {
    const body = JSON.stringify({ query: LOGIN, variables: { username: 'CLIENTE', password: 'x'.repeat(5000) } });
    const r = await t.fetch({ method: 'POST', headers: json(), body });
    expect(r.status).toBe(413);
    expect(errorOf(r)).toEqual({ message: MSG.requisicaoGrande, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a chunked body cannot slip past the size limit by not declaring its length', async () => {
    const body = chunked(JSON.stringify({ query: LOGIN, variables: { username: 'CLIENTE', password: 'x'.repeat(50_000) } }));
    const r = await t.fetch({ method: 'POST', headers: json(), body, duplex: 'half' } as RequestInit);
    expect(r.status).toBe(413);
    expect(errorOf(r).message).toBe(MSG.requisicaoGrande);
  });

  it('a small chunked body still works, cookies included', async () => {
    const body = chunked(JSON.stringify({ query: LOGIN, variables: { username: 'CLIENTE', password: DEMO_PASSWORD } }));
    const r = await t.fetch({ method: 'POST', headers: json(), body, duplex: 'half' } as RequestInit);
    expect(dataOf(r).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
    expect(dataOf(await t.call(USER_INFO, {}, { cookie: r.cookie })).getUserInfo.login).toBe('CLIENTE');
  });

  it('malformed JSON: 400 with an error, not a crash', async () => {
    const r = await t.fetch({ method: 'POST', headers: json(), body: '{"query": "{ getAppConfig { versao } }"' });
    expect(r.status).toBe(400);
    expect(errorOf(r).message).toBeTruthy();
    expectNoInternals(r.body);
    // The server is still there for the next request.
    expect(dataOf(await t.call('{ getAppConfig { versao } }')).getAppConfig.versao).toBe('4.45.0');
  });

  it('a query with a syntax error gets a GraphQL error naming the problem', async () => {
    const r = await t.call('query { getUserInfo { login ');
    expect(errorOf(r).message).toMatch(/Syntax Error/);
    expect(r.body.data).toBeUndefined();
  });

  it('a field that does not exist is a validation error', async () => {
    expect(errorOf(await t.call('{ getUserInfo { senhahash } }')).message).toMatch(/senhahash/);
  });

  it('a variable that does not fit its input type is bad input, not a server failure', async () => {
    const r = await t.call('mutation($v: LoginValues) { login(username: "x", password: "y", values: $v) }', { v: { naoExiste: 1 } });
    expect(errorOf(r).code).toBe('BAD_USER_INPUT');
    expect(errorOf(r).message).toMatch(/naoExiste/);
  });

  it('a simple (form-like) content type without the CSRF header is refused', async () => {
    const r = await t.fetch({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: LOGIN, variables: { username: 'CLIENTE', password: DEMO_PASSWORD } }) });
    expect(r.status).toBe(403);
    expect(r.setCookies).toEqual([]);
  });

  it('a request from a foreign Origin is refused with 403; the app\'s own origin is accepted', async () => {
    const body = JSON.stringify({ query: LOGIN, variables: { username: 'CLIENTE', password: DEMO_PASSWORD } });
    const foreign = await t.fetch({ method: 'POST', headers: { ...json(), origin: 'https://evil.example' }, body });
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign)).toEqual({ message: MSG.csrf, code: 'CSRF' });
    expect(foreign.setCookies).toEqual([]);
    const own = await t.fetch({ method: 'POST', headers: { ...json(), origin: BASE_URL }, body });
    expect(dataOf(own).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('an Origin that matches only the Host the caller wrote is refused: PUBLIC_URL alone is trusted', async () => {
    const body = JSON.stringify({ query: LOGIN, variables: { username: 'CLIENTE', password: DEMO_PASSWORD } });
    // the request's URL is built from its Host header, so a spoofed Host makes the attacker's page "same origin"
    for (const site of ['http://evil.example', 'http://localhost:3001', 'https://localhost:3000']) {
      const r = await t.fetch({ url: `${site}/graphql`, method: 'POST', headers: { ...json(), origin: site }, body });
      expect(r.status).toBe(403);
      expect(errorOf(r)).toEqual({ message: MSG.csrf, code: 'CSRF' });
      expect(r.setCookies).toEqual([]);
    }
    // with no Origin (a same-origin GET-less client, curl) the other guards decide
    expect(dataOf(await t.fetch({ url: 'http://evil.example/graphql', method: 'POST', headers: json(), body })).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });
});

describe.each(engines())('an unexpected failure (%s)', (engine) => {
  it('is answered with the generic message and the request id, and logged whole under that id', async () => {
    await withApp(engine, {}, async (t) => {
      const cookie = await t.login('CLIENTE');
      // A table missing under a running server: the resolver's query fails in a way no code path expects.
      await t.exec('DROP TABLE noticias');
      const r = await t.call(NOTICIAS, {}, { cookie });
      const { message, code } = errorOf(r);
      expect(code).toBe('INTERNAL_SERVER_ERROR');
      expect(message.startsWith(MSG.erroInesperado)).toBe(true);
      expect(r.requestId).toBeTruthy();
      expect(message).toContain(r.requestId);
      expectNoInternals(r.body);

      const logged = t.logs.map((l) => JSON.parse(l)).filter((l) => l.level >= 50 && l.requestId === r.requestId);
      expect(logged.length).toBeGreaterThan(0);
      expect(JSON.stringify(logged)).toMatch(/noticias/);
      // Other calls keep working.
      expect(dataOf(await t.call(USER_INFO, {}, { cookie })).getUserInfo.login).toBe('CLIENTE');
    });
  });
});
