#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (its default mobile profile: simulated slow 4G and a 4× slower CPU) on the
// built product, on the sign-in page and on the dashboard of a signed-in user. Prints performance score, FCP,
// LCP, TBT and the bytes transferred of each, writes the HTML reports to test-results/lighthouse/, and exits 1
// when a score is below 95 (BENCH_WEB_MIN_SCORE). A benchmark, not part of `npm test`: the figures depend on
// the machine and its load (printed with them).
//
// The server is the one `npm start` runs (built first when missing or stale) on a fresh embedded database in a
// temporary folder, seeded with the demo, on a free loopback port. Chromium is Debian's (CHROMIUM_PATH).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MIN_SCORE = Number(process.env.BENCH_WEB_MIN_SCORE ?? 95);
const USER = process.env.BENCH_WEB_USER ?? 'CLIENTE';
const PASSWORD = process.env.BENCH_WEB_PASSWORD ?? 'demo123';
const reportDir = path.join(root, 'test-results/lighthouse');

/** A loopback port nobody listens on at the moment of asking. */
async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `npm start`'s entry on its own database and files; resolves once /readyz answers 200. */
async function startServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-bench-web-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATABASE_URL: path.join(dir, 'db'), FILES_DIR: path.join(dir, 'arquivos'),
    INBOX_DIR: '', LOG_LEVEL: 'warn', SEED_DEMO: 'true',
  };
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`))));
  exited.catch(() => {});
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // a stale build is rebuilt first (web and server: a minute or more on a busy machine), then the demo is seeded
  const ready = (async () => {
    for (const started = Date.now(); Date.now() - started < 600_000;) {
      try {
        if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) })).ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error('the server was not ready within 10 minutes');
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

/**
 * The sign-in as the web app does it (POST /graphql, mutation login, its CSRF header), the ALTCHA proof of work
 * solved with the server's own altcha-lib; answers the session cookie the server sets.
 */
async function signIn(url) {
  const fromServer = createRequire(path.join(root, 'apps/server/package.json'));
  const { solveChallenge } = await import(pathToFileURL(fromServer.resolve('altcha-lib')).href);
  const { deriveKey } = await import(pathToFileURL(fromServer.resolve('altcha-lib/algorithms/pbkdf2')).href);
  const config = await (await fetch(`${url}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
    body: JSON.stringify({ query: '{ getAppConfig { botCheck } }' }),
  })).json();
  let token = null;
  if (config.data?.getAppConfig?.botCheck === 'altcha') {
    const challenge = await (await fetch(`${url}/altcha/challenge?login=${encodeURIComponent(USER)}`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', origin: url },
    body: JSON.stringify({
      query: 'mutation login($username: String!, $password: String!, $values: LoginValues) { login(username: $username, password: $password, values: $values) }',
      variables: { username: USER, password: PASSWORD, values: { recaptcha: token } },
    }),
  });
  const body = await res.json();
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('concilia_sid='));
  if (body.errors || !cookie) throw new Error(`sign-in as ${USER} failed: ${JSON.stringify(body.errors ?? body)}`);
  return cookie;
}

/** One Lighthouse run (performance only) in the browser listening on `port`; the figures and the HTML report. */
async function audit(name, url, port, flags = {}) {
  const result = await lighthouse(url, { port, output: 'html', logLevel: 'error', onlyCategories: ['performance'], ...flags });
  if (!result) throw new Error(`${name}: Lighthouse returned nothing`);
  const { lhr, report } = result;
  if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  fs.mkdirSync(reportDir, { recursive: true });
  fs.writeFileSync(path.join(reportDir, `${name}.html`), Array.isArray(report) ? report[0] : report);
  // the raw result too: its long tasks and script timings say what the score does not
  fs.writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
  const ms = (id) => lhr.audits[id].numericValue;
  return {
    page: name,
    url: lhr.finalDisplayedUrl,
    score: Math.round(lhr.categories.performance.score * 100),
    'FCP s': (ms('first-contentful-paint') / 1000).toFixed(2),
    'LCP s': (ms('largest-contentful-paint') / 1000).toFixed(2),
    'TBT ms': Math.round(ms('total-blocking-time')),
    'transferred KiB': Math.round(ms('total-byte-weight') / 1024),
  };
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
if (!fs.existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM} (Debian: apt-get install chromium, or point CHROMIUM_PATH at one).`);
  process.exit(1);
}
console.log(`▶ load average before: ${load()} (${os.cpus().length} CPUs)`);
// BENCH_WEB_URL: measure a server already running (its demo seeded) instead of starting one
const server = process.env.BENCH_WEB_URL ? { url: process.env.BENCH_WEB_URL.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-bench-chromium-'));
let context;
const rows = [];
try {
  const cookie = await signIn(server.url);
  const cdpPort = await freePort();
  // a persistent context is the browser's default one: the tab Lighthouse opens shares its storage
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', `--remote-debugging-port=${cdpPort}`],
  });

  rows.push(await audit('login', `${server.url}/`, cdpPort));

  // The app opens /app only for a client marked signed in (its persisted state, as a sign-in leaves it); set on a
  // page without scripts, then the HTTP cache emptied, so the dashboard loads cold like the sign-in page did.
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.url}/logo.svg`);
  await page.evaluate(() => localStorage.setItem('concilia:state', JSON.stringify({ authentication: 'AUTHENTICATED', permission: 'ALLOWED', mode: 'default' })));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  rows.push(await audit('dashboard', `${server.url}/app/dashboard`, cdpPort, { extraHeaders: { Cookie: cookie }, disableStorageReset: true }));
} finally {
  await context?.close();
  await server.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}

console.table(rows);
console.log(`load average after: ${load()}; reports in ${path.relative(root, reportDir)}/`);
const wrongPage = rows.find((r) => r.page === 'dashboard' && !r.url.endsWith('/app/dashboard'));
if (wrongPage) console.error(`the dashboard run ended on ${wrongPage.url}: the signed-in state did not hold`);
const below = rows.filter((r) => r.score < MIN_SCORE);
if (below.length > 0) console.error(`performance below ${MIN_SCORE}: ${below.map((r) => `${r.page} ${r.score}`).join(', ')}`);
process.exit(below.length > 0 || wrongPage ? 1 : 0);
