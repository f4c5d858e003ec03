import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase, DEMO_PASSWORD, findUserId, openDb, seedDemo, type Db, type OpenDb } from '@concilia/db';
import { LOGIN_RESULT } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { expect, inject } from 'vitest';
import { createApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { forgetSessions } from '../src/features/auth/session.service';
import { SESSION_COOKIE } from '../src/http/cookies';
import { createLogger } from '../src/logger';
import { LOGIN } from './ops';
import { buildPgliteTemplate } from './template';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; a real PostgreSQL too when TEST_DATABASE_URL points at one. */
export function engines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** The origin the test apps believe they are served from (PUBLIC_URL). */
export const BASE_URL = 'http://localhost:3000';
export const GRAPHQL_URL = `${BASE_URL}/graphql`;
export { DEMO_PASSWORD };

/** Environment-style settings, as an operator would write them; they go through the real loadConfig. */
export type EnvOverrides = Record<string, string>;

export type CallOptions = { cookie?: string; ip?: string; headers?: Record<string, string>; url?: string };
export type CallResult = {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field
  body: any;
  setCookies: string[];
  /** the cookies set by this answer, ready to send back as a Cookie header */
  cookie: string;
  requestId: string | null;
};

export type TestApp = {
  engine: Engine;
  app: App;
  db: Db;
  config: Config;
  /** every log line the app wrote (LOG_LEVEL, debug unless overridden), raw JSON */
  logs: string[];
  call(query: string, variables?: Record<string, unknown>, opts?: CallOptions): Promise<CallResult>;
  /** raw request to the app, for what is not a well-formed GraphQL call */
  fetch(init: RequestInit & { url?: string; ip?: string }): Promise<CallResult>;
  /** signs in and returns the Cookie header that carries the new session */
  login(username: string, password?: string, opts?: CallOptions): Promise<string>;
  /** signs in and returns the session's cookie and its id (the value login answers) */
  signIn(username: string, password?: string, opts?: CallOptions): Promise<{ cookie: string; sessionId: string }>;
  /**
   * a write (or read) straight to the database, as another process would make it; the app then reads every session
   * again at its next request instead of answering one from memory for up to SESSION_CACHE_MS (session-cache.test.ts
   * holds that window)
   */
  exec(query: string): Promise<Record<string, unknown>[]>;
  userId(login: string): Promise<number>;
  /** the database as the app opened it (raw transactions, COPY) */
  opened: OpenDb;
  close(): Promise<void>;
};

let localTemplate: Promise<Uint8Array> | undefined;

// The template normally comes from globalSetup; building it in the worker keeps the harness usable from
// a config that has no globalSetup (slower, once per worker).
async function pgliteTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplate');
  const bytes = file && fs.existsSync(file) ? fs.readFileSync(file) : await (localTemplate ??= buildPgliteTemplate());
  return new Blob([new Uint8Array(bytes)]);
}

async function openEngine(engine: Engine): Promise<{ opened: OpenDb; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const opened = await openDb('memory://', { loadDataDir: await pgliteTemplate(), migrate: false });
    return { opened, dispose: () => opened.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const throwaway = await createThrowawayDatabase(adminUrl);
  const opened = await openDb(throwaway.url);
  await seedDemo(opened.db);
  return {
    opened,
    dispose: async () => {
      await opened.close();
      await throwaway.drop();
    },
  };
}

export function cookiesOf(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(';')[0]!.trim())
    .filter((kv) => kv.slice(kv.indexOf('=') + 1) !== '')
    .join('; ');
}

async function toResult(res: Response): Promise<CallResult> {
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON: the raw text is the body */ }
  const setCookies = res.headers.getSetCookie();
  return { status: res.status, body, setCookies, cookie: cookiesOf(setCookies), requestId: res.headers.get('x-request-id') };
}

/**
 * One app over its own database, seeded with the demo. Settings default to what tests need (no bot
 * check, no per-IP limit in the way, debug logs captured in memory) and can be overridden per test.
 */
export async function createTestApp(engine: Engine, overrides: EnvOverrides = {}): Promise<TestApp> {
  const { opened, dispose } = await openEngine(engine);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-files-'));
  // No load workers and no inbox unless a test asks: most tests never ingest, and each worker polls the queue.
  // Sign-in delays after failures are real but in milliseconds, so tests that mistype do not sleep.
  const config = loadConfig({
    BOT_CHECK: 'off', LOGIN_MAX_PER_IP: '100000', LOGIN_DELAY_BASE_MS: '1', LOGIN_DELAY_MAX_MS: '8', PUBLIC_URL: BASE_URL, LOG_LEVEL: 'debug', SEED_DEMO: 'false',
    FILES_DIR: filesDir, INGEST_WORKERS: '0', INBOX_DIR: '', ...overrides,
  });
  // The app's own logger (with its redaction rules), writing into memory instead of stdout.
  const log = createLogger(config.logLevel);
  const logs: string[] = [];
  (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (line: string) => void logs.push(line) };
  const app = createApp({ db: opened, config, log });
  const db = opened.db;

  const fetchRaw: TestApp['fetch'] = async ({ url, ip, ...init }) =>
    toResult(await app.fetch(url ?? GRAPHQL_URL, init, { ip: ip ?? '127.0.0.1' }));

  const call: TestApp['call'] = (query, variables = {}, opts = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    return fetchRaw({ url: opts.url, ip: opts.ip, method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  };

  const signIn: TestApp['signIn'] = async (username, password = DEMO_PASSWORD, opts = {}) => {
    const r = await call(LOGIN, { username, password }, opts);
    const value = r.body?.data?.login;
    if (!value || value === LOGIN_RESULT.LOGGEDOUT || value === LOGIN_RESULT.JSF) {
      throw new Error(`sign-in of ${username} failed: ${JSON.stringify(r.body)}`);
    }
    const cookie = cookiesOf(r.setCookies.filter((c) => c.startsWith(`${SESSION_COOKIE}=`)));
    if (!cookie) throw new Error(`sign-in of ${username} set no session cookie`);
    return { cookie, sessionId: value as string };
  };
  const login: TestApp['login'] = async (...args) => (await signIn(...args)).cookie;

  return {
    engine, app, db, config, logs, call, login, signIn,
    fetch: fetchRaw,
    // Both drivers answer raw SQL with a `rows` array.
    exec: async (query) => {
      const { rows } = (await db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
      forgetSessions();
      return rows;
    },
    userId: (l) => findUserId(db, l),
    opened,
    close: async () => {
      await app.stop();
      await dispose();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** A throwaway app for one test: created, used, always closed. */
export async function withApp<T>(engine: Engine, overrides: EnvOverrides, fn: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await createTestApp(engine, overrides);
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

/** The data of a call that must have succeeded; a failure shows the errors instead of a vague undefined. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dataOf(r: CallResult): any {
  expect(r.body?.errors, JSON.stringify(r.body?.errors)).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.data;
}

/** The first error of a call that must have failed: its message and code. */
export function errorOf(r: CallResult): { message: string; code: string | undefined } {
  const e = r.body?.errors?.[0];
  expect(e, `expected an error, got ${JSON.stringify(r.body)}`).toBeTruthy();
  return { message: e.message, code: e.extensions?.code };
}
