import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_RESULT, MSG } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createHttpServer } from '../src/http/server';
import { solvedAltcha } from './altcha';
import { cookiesOf, createTestApp, DEMO_PASSWORD, engines, type TestApp } from './harness';
import { LOGIN, USER_INFO } from './ops';

/** What a raw socket received, and how the connection ended: closed by the server (FIN), reset, or left open. */
type Raw = { status: number; headers: Record<string, string>; body: string; closed: 'fin' | 'reset' | 'open'; ms: number };

/**
 * Writes bytes on a fresh socket and collects the answer until the server closes the connection or
 * `waitMs` passes after a complete answer (a keep-alive connection left open).
 */
function rawExchange(port: number, chunks: (string | Buffer)[], waitMs = 1500): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (closed: Raw['closed']) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = data.toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closed, ms: performance.now() - t0 });
    };
    socket.on('data', (d) => {
      data = Buffer.concat([data, d]);
      // an answer is in: give the server waitMs to close the connection
      timer ??= setTimeout(() => finish('open'), waitMs);
    });
    socket.on('end', () => finish('fin'));
    socket.on('error', (e) => (data.length ? finish('reset') : reject(e)));
    socket.on('connect', () => { for (const c of chunks) socket.write(c); });
  });
}

/** An HTTP/1.1 chunked body of `total` bytes of JSON-ish filler, in 8 KiB chunks, with its final chunk. */
function chunkedBody(total: number): string {
  const payload = JSON.stringify({ query: '{ getAppConfig { versao } }', variables: { x: 'x'.repeat(total) } });
  let out = '';
  for (let i = 0; i < payload.length; i += 8192) {
    const part = payload.slice(i, i + 8192);
    out += `${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n`;
  }
  return `${out}0\r\n\r\n`;
}

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

  const port = () => Number(new URL(base).port);
  const POST_HEAD = 'POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: keep-alive\r\n';

  it('a chunked body refused unread gets 413 with Connection: close, and the server ends the connection', async () => {
    const r = await rawExchange(port(), [`${POST_HEAD}Transfer-Encoding: chunked\r\n\r\n`, chunkedBody(200_000)]);
    expect(r.status).toBe(413);
    expect(r.headers.connection).toBe('close');
    expect(r.body).toContain('PAYLOAD_TOO_LARGE');
    expect(r.closed).toBe('fin');
  });

  it('a declared length over the limit gets 413 with Connection: close, before the body is sent', async () => {
    const r = await rawExchange(port(), [`${POST_HEAD}Content-Length: 5000000\r\n\r\n`, 'x'.repeat(1000)]);
    expect(r.status).toBe(413);
    expect(r.headers.connection).toBe('close');
    expect(r.closed).toBe('fin');
  });

  it('a keep-alive client is answered at once on the request after a 413 (no stall on a half-read connection)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body: string, headers: Record<string, string>) => new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const t0 = performance.now();
      const req = http.request(`${base}/graphql`, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - t0 }));
      });
      req.on('error', reject);
      req.end(body);
    });
    try {
      const big = JSON.stringify({ query: LOGIN, variables: { username: 'X', password: 'x'.repeat(200_000) } });
      expect((await send(big, { 'transfer-encoding': 'chunked' })).status).toBe(413);
      const next = await send(JSON.stringify({ query: '{ getAppConfig { versao } }' }), {});
      expect(next.status).toBe(200);
      expect(next.ms).toBeLessThan(1000);
    } finally {
      agent.destroy();
    }
  });

  it('a spoofed Host does not make a foreign Origin this server\'s: 403 over the socket too', async () => {
    const body = JSON.stringify({ query: LOGIN, variables: { username: 'CLIENTE', password: DEMO_PASSWORD } });
    const head = 'POST /graphql HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\n';
    const r = await rawExchange(port(), [`${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`]);
    expect(r.status).toBe(403);
    expect(r.body).toContain('"CSRF"');
    expect(r.headers['set-cookie']).toBeUndefined();
  });

  it('a keep-alive connection that sent a normal request stays open for the next one', async () => {
    const body = JSON.stringify({ query: '{ getAppConfig { versao } }' });
    const r = await rawExchange(port(), [`${POST_HEAD}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`], 300);
    expect(r.status).toBe(200);
    expect(r.headers.connection).not.toBe('close');
    expect(r.closed).toBe('open');
  });
});

/** A port free on every loopback address at the moment of asking. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '0.0.0.0', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Whether something answers a TCP connection at host:port. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

/** The real entry point (npm start without the build), on an in-memory database, until it says it listens. */
async function startMain(env: Record<string, string>): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-main-'));
  const root = path.resolve(import.meta.dirname, '../../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: 'memory://', SEED_DEMO: 'false', INBOX_DIR: '', FILES_DIR: filesDir, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => { out += d; if (out.includes('Concilia em')) resolve(); });
    child.stderr.on('data', (d) => { out += d; });
    child.once('exit', (code) => reject(new Error(`main.ts ended (${code}): ${out}`)));
  });
  return {
    port,
    stop: async () => {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

// 127.0.0.1 and 127.0.0.2 are both this machine (all of 127/8 is loopback), but a server bound to one is not
// reachable on the other: enough to see which interface the server listens on without a second network card.
describe('the interface the server listens on (HOST)', () => {
  it('is loopback by default: the quick start is not open to the network; a container sets 0.0.0.0', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  // starting the real entry point takes a while on a busy machine: migrations of a fresh database first
  it('is the one HOST names, for the real entry point', { timeout: 120_000 }, async () => {
    const main = await startMain({ HOST: '127.0.0.2' });
    try {
      expect(await reachable('127.0.0.2', main.port)).toBe(true);
      expect(await reachable('127.0.0.1', main.port)).toBe(false);
      expect(await (await fetch(`http://127.0.0.2:${main.port}/healthz`)).text()).toBe('ok');
    } finally {
      await main.stop();
    }
  });
});
