import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase } from '@concilia/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built server on a production install, as the Dockerfile's runtime stage lays it out: the package
 * manifests, `npm ci --omit=dev`, the built output and the data files — nothing else of the repository — and
 * docker/entrypoint.sh run outside Docker with the container's commands (migrate, web, worker, concilia).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const WORKSPACES = ['packages/domain', 'packages/db', 'packages/engine', 'apps/server', 'apps/web'];
const BUILT = ['apps/server/dist', 'apps/web/dist', 'packages/db/drizzle', 'packages/db/seed-data', 'docker/entrypoint.sh'];

let dir: string;
// the tests' own Node (24, README) runs the entry point, as the image's does
const env = (extra: Record<string, string>) => ({
  PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`, HOME: process.env.HOME ?? os.tmpdir(), LOG_LEVEL: 'warn', ...extra,
});

function entrypoint(args: string[], extra: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['docker/entrypoint.sh', ...args], { cwd: dir, env: env(extra), timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }));
  });
}

/** Starts a long-running role and waits for `ready` to hold; the caller stops it. */
async function start(args: string[], extra: Record<string, string>, ready: (out: string) => boolean | Promise<boolean>) {
  const child: ChildProcess = spawn('sh', ['docker/entrypoint.sh', ...args], { cwd: dir, env: env(extra) });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!(await ready(out))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args[0]} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { stop: async () => (child.kill('SIGTERM'), await exited), output: () => out };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

describe('the built server on production dependencies only', () => {
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    for (const [what, cmd, args] of [
      ['server', process.execPath, ['scripts/build-server.mjs']],
      // npm test builds the web app first; alone, this test builds it
      ...(fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html')) ? [] : [['web', 'npm', ['run', 'build', '-w', 'apps/web']]]),
    ] as [string, string, string[]][]) {
      const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`build of ${what} failed: ${r.stderr}`);
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-prod-'));
    for (const f of ['package.json', 'package-lock.json', ...WORKSPACES.map((w) => `${w}/package.json`), ...BUILT]) {
      fs.cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
    }
    const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
    if (install.status !== 0) throw new Error(`npm ci --omit=dev failed: ${install.stderr}`);
    database = process.env.TEST_DATABASE_URL
      ? await createThrowawayDatabase(process.env.TEST_DATABASE_URL, 'prod')
      : { url: path.join(dir, 'data/db'), drop: async () => {} };
  }, 240_000);
  afterAll(async () => {
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has no development package installed', () => {
    for (const dev of ['vitest', 'tsx', 'typescript', 'vite', 'esbuild', 'eslint', 'playwright-core', '@mui/material']) {
      expect(fs.existsSync(path.join(dir, 'node_modules', dev)), dev).toBe(false);
    }
  });

  it('entrypoint migrate brings the database up to date and exits 0', async () => {
    const r = await entrypoint(['migrate'], { DATABASE_URL: database.url });
    expect(r).toEqual({ code: 0, out: expect.stringMatching(/^Banco atualizado: .*todas as migrações aplicadas\.\n$/) });
  });

  it('entrypoint web serves the app, the API and its probes, and stops on SIGTERM', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const web = await start(['web'], {
      DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, SEED_DEMO: 'false', INBOX_DIR: '',
      FILES_DIR: path.join(dir, 'data/arquivos'), INGEST_WORKERS: '0', NODE_ENV: 'production',
    }, async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true);
    try {
      expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', queue: 'ok' } });
      expect(await (await fetch(`${base}/`)).text()).toContain('<html lang="pt-BR">');
      const api = await fetch(`${base}/graphql`, {
        method: 'POST', headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ query: '{ getAppConfig { versao } }' }),
      });
      expect(await api.json()).toEqual({ data: { getAppConfig: { versao: expect.stringMatching(/^\d+\.\d+\.\d+$/) } } });
      expect(await (await fetch(`${base}/metrics`)).text()).toContain('concilia_http_request_duration_seconds');
    } finally {
      expect(await web.stop()).toBe(0);
    }
  });

  it('entrypoint worker takes the queue and stops on SIGTERM; concilia and a wrong role answer as a CLI does', async () => {
    const port = await freePort();
    const worker = await start(['worker'], { DATABASE_URL: database.url, FILES_DIR: path.join(dir, 'data/arquivos'), METRICS_PORT: String(port), HOST: '127.0.0.1' },
      (out) => out.includes('Worker de ingestão'));
    try {
      // its own probes and metrics: the web server is another process
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status, { timeout: 10_000 }).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toContain('concilia_queue_jobs');
      expect((await fetch(`http://127.0.0.1:${port}/graphql`)).status).toBe(404);
    } finally {
      expect(await worker.stop()).toBe(0);
    }
    expect((await entrypoint(['concilia', '--help'], {})).code).toBe(0);
    const wrong = await entrypoint(['servidor'], {});
    expect(wrong).toEqual({ code: 2, out: 'uso: entrypoint.sh migrate|web|worker|concilia [argumentos]\n' });
  });
});
