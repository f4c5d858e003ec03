import fs from 'node:fs';
import os from 'node:os';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { createThrowawayDatabase, type OpenDb, openDb, seedDemo } from '@concilia/db';
import { pino } from 'pino';
import { createApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createHttpServer } from '../../apps/server/src/http/server';

export type Engine = 'pglite' | 'postgres';
export const engines = (): Engine[] => (process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);

export type TestServer = { url: string; db: OpenDb; close(): Promise<void> };

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** A fresh, seeded database: PGlite in memory, or a throwaway database on the PostgreSQL server. */
async function freshDb(engine: Engine): Promise<{ db: OpenDb; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openDb('memory://');
    await seedDemo(db.db);
    return { db, drop: async () => {} };
  }
  const throwaway = await createThrowawayDatabase(process.env.TEST_DATABASE_URL!, 'e2e');
  const db = await openDb(throwaway.url);
  await seedDemo(db.db);
  return {
    db,
    drop: throwaway.drop,
  };
}

/** A loopback port nobody listens on at the moment of asking. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Starts the real HTTP server (API + built web app) on a free loopback port. */
export async function startServer(engine: Engine = 'pglite', env: Record<string, string> = {}): Promise<TestServer> {
  const { db, drop } = await freshDb(engine);
  // its own file storage, and no inbox folder: a browser test never picks up files it did not send
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-files-'));
  // The server accepts only PUBLIC_URL as the browser's Origin, so the address is chosen before it starts.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    BOT_CHECK: 'altcha', WEB_DIST, LOG_LEVEL: 'silent', FILES_DIR: filesDir, INBOX_DIR: '', PORT: String(port), PUBLIC_URL: url, ...env,
  });
  const app = createApp({ db, config, log: pino({ level: 'silent' }) });
  const server = createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url,
    db,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.stop();
      await db.close();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
