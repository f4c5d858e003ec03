import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withRawTransaction } from '@concilia/db';
import { pino } from 'pino';
import { seedDemoFiles } from '../../apps/server/src/ingest/demo-files.seed';
import { createIngestion } from '../../apps/server/src/ingest/ingestion';
import { settleAfterSignIn, signIn } from './app-pages';
import { type Browser, openBrowser } from './browser';
import { startServer, type TestServer } from './test-server';

export type DemoSession = {
  server: TestServer;
  b: Browser;
  /** a folder of the test's own, removed at close */
  dir: string;
  /** the first row of a query on the server's database */
  one(q: string): Promise<Record<string, unknown> | undefined>;
  close(): Promise<void>;
};

/**
 * The server on the demo with its generated operator and customer files loaded through the real ingestion
 * (`salesPerUnit` sales per unit over the demo's days), and a browser signed in as `user`, the home page settled.
 */
export async function startDemoSession(user: string, opts: { salesPerUnit?: number; env?: Record<string, string> } = {}): Promise<DemoSession> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-e2e-demo-'));
  const server = await startServer('pglite', opts.env);
  const ing = createIngestion({ open: server.db, log: pino({ level: 'silent' }), filesDir: dir, workers: 1, pollMs: 50 });
  await seedDemoFiles(server.db, ing, opts.salesPerUnit ?? 120);
  await ing.drain();
  await ing.stop();
  const b = await openBrowser();
  await signIn(b.page, server.url, user);
  await settleAfterSignIn(b.page);
  return {
    server,
    b,
    dir,
    one: async (q) => (await withRawTransaction(server.db, (tx) => tx.query<Record<string, unknown>>(q, [])))[0],
    close: async () => {
      await b.close();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
