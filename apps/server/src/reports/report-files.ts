import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { type Db, execucoesRelatorio } from '@concilia/db';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Config } from '../config';
import { credentialsKey } from '../features/credentials/credential-vault';
import type { FileStorage } from '../ingest/file-storage';
import { publicLink } from '../http/public-link';
import { lockStored, removeIfUnreferenced } from '../ingest/stored-refs';

/**
 * A scheduled report too large to attach (issue 20) travels as a link: its file is kept in the product's file storage
 * and the e-mail carries `PUBLIC_URL/relatorios/arquivo/<token>`, the token naming the execution and its end, signed
 * with HMAC-SHA256. The link alone opens nothing: the route (report-file-route.ts) also wants the session of a user who
 * sees the schedule. Housekeeping removes the bytes once the link has expired.
 *
 * The signing key is derived (HKDF) from the credentials key rather than generated per process like the session and
 * ALTCHA secrets: a link is made by the worker that ran the report and opened by the web process, days later, after
 * restarts. Changing CREDENTIALS_KEY therefore also voids the links under way (they answer 'link inválido').
 */
export const REPORT_FILE_PREFIX = '/relatorios/arquivo/';
/** how long an e-mailed link opens its file: a week covers a weekly schedule until the next one arrives */
export const REPORT_LINK_DAYS = 7;

export type ReportLinkConfig = Pick<Config, 'publicUrl' | 'credentialsKey' | 'filesDir'>;

const linkKeys = new Map<string, Buffer>();
function linkKey(config: ReportLinkConfig): Buffer {
  const base = credentialsKey(config);
  let key = linkKeys.get(base.id);
  if (!key) {
    // a purpose of its own: a MAC made here is no sealing key, and a later use of the credentials key cannot forge links
    key = Buffer.from(crypto.hkdfSync('sha256', base.bytes, Buffer.alloc(0), 'concilia:relatorio-arquivo-link:v1', 32));
    linkKeys.set(base.id, key);
  }
  return key;
}

const mac = (config: ReportLinkConfig, body: string) => crypto.createHmac('sha256', linkKey(config)).update(body).digest('base64url');

/** `<codexecucao>.<end, Unix seconds>.<HMAC>`: only the server can make one, and its end cannot be moved. */
export function signReportLink(config: ReportLinkConfig, codexecucao: number, expiraem: Date): string {
  const body = `${codexecucao}.${Math.floor(expiraem.getTime() / 1000)}`;
  return `${body}.${mac(config, body)}`;
}

/** The execution and end a token names, or null when it was not made here (altered, truncated, another key). */
export function readReportLink(config: ReportLinkConfig, token: string): { codexecucao: number; expiraem: Date } | null {
  const m = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(mac(config, `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { codexecucao: Number(m[1]), expiraem: new Date(Number(m[2]) * 1000) };
}

export const reportFileLink = (config: ReportLinkConfig, codexecucao: number, expiraem: Date): string =>
  publicLink(config, `${REPORT_FILE_PREFIX}${signReportLink(config, codexecucao, expiraem)}`);

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Keeps a generated file in the storage for its execution until `expiraem` and records it there; answers the link.
 * A retry of the same execution replaces what an earlier attempt kept (an XLSX carries its time: other bytes), and
 * those bytes go when nothing else refers to them.
 */
export async function keepReportFile(
  deps: { db: Db; storage: FileStorage; config: ReportLinkConfig },
  codexecucao: number,
  file: { caminho: string; arquivo: string; contentType: string },
  expiraem: Date,
): Promise<string> {
  const sha256 = await sha256Of(file.caminho);
  const previous = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockStored(tx, sha256);
    const [before] = await tx.select({ sha256: execucoesRelatorio.sha256 }).from(execucoesRelatorio).where(eq(execucoesRelatorio.codexecucao, codexecucao));
    await tx.update(execucoesRelatorio).set({ arquivo: file.arquivo, sha256, contenttype: file.contentType, expiraem })
      .where(eq(execucoesRelatorio.codexecucao, codexecucao));
    return before?.sha256 ?? null;
  });
  const stored = await deps.storage.put(fs.createReadStream(file.caminho), 0);
  if (stored.sha256 !== sha256) throw new Error(`report file changed while stored (${file.caminho})`);
  if (previous && previous !== sha256) {
    await deps.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await lockStored(tx, previous);
      await removeIfUnreferenced(tx, deps.storage, previous);
    });
  }
  return reportFileLink(deps.config, codexecucao, expiraem);
}

/**
 * Housekeeping's step: the runs whose link has expired let go of their file (the run stays in the history, its name
 * too), and the bytes go unless a live link, a received file or a download offer shares them. Answers how many files were removed.
 */
export async function removeExpiredReportFiles(db: Db, storage: FileStorage, now: Date = new Date()): Promise<number> {
  const expired = await db.selectDistinct({ sha256: execucoesRelatorio.sha256 }).from(execucoesRelatorio)
    .where(and(isNotNull(execucoesRelatorio.sha256), lt(execucoesRelatorio.expiraem, now))).limit(500);
  let removed = 0;
  for (const { sha256 } of expired) {
    if (!sha256) continue;
    // one transaction per file: a failed removal leaves its runs pointing at it, for the next run to try again
    const gone = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await lockStored(tx, sha256);
      await tx.update(execucoesRelatorio).set({ sha256: null })
        .where(and(eq(execucoesRelatorio.sha256, sha256), lt(execucoesRelatorio.expiraem, now)));
      return removeIfUnreferenced(tx, storage, sha256);
    });
    if (gone) removed++;
  }
  return removed;
}
