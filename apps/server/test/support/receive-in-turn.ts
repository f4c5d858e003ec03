import fs from 'node:fs';
import path from 'node:path';
import type { Ingestion } from '../../src/ingest/ingestion';

/**
 * The files sent one after another, as a person uploading them would: each is received for the unit, and its load
 * and the reconciliation it queues finish before the next arrives (the order is what some tests are about).
 */
export async function receiveInTurn(ing: Ingestion, files: readonly { path: string }[], codpessoa: number): Promise<void> {
  for (const f of files) {
    await ing.receive({ source: fs.readFileSync(f.path), name: path.basename(f.path), origem: 'CLI', codpessoa });
    await ing.drain();
  }
}
