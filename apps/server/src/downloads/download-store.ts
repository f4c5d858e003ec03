import crypto from 'node:crypto';
import { type Db, downloadsOferecidos } from '@concilia/db';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Ctx } from '../graphql/context';
import type { FileStorage } from '../ingest/file-storage';
import { isStored, lockStored, removeIfUnreferenced } from '../ingest/stored-refs';

/**
 * Files offered for download (spec part 1 §7: "downloads are served from a temporary folder under the
 * application host"). A download mutation registers what to send and answers a path; the browser then
 * GETs it with its session cookie. The body goes to the shared file store when offered (an original already
 * there is only referred to) and the offer is a row of `downloads_oferecidos`, so the GET may reach any web
 * process (docs/scaling.md). An offer lasts a few minutes and is taken once.
 */
export type DownloadBody =
  | Uint8Array
  | string
  /** called again if the bytes must be written twice (offerDownload), so it must give the same bytes each time */
  | (() => AsyncIterable<Uint8Array>)
  /** bytes already in the file store under this SHA-256 (a received file's original): nothing is copied */
  | { stored: string };

export type Offer = {
  fileName: string;
  contentType: string;
  /** the body's key in the file store */
  sha256: string;
  size: number | null;
};

export const DOWNLOAD_PREFIX = '/download/';
/** long enough for a slow browser to start the fetch, short enough that a leaked link is useless */
export const DOWNLOAD_TTL_MS = 5 * 60_000;
/** a taken offer keeps its bytes this long after it was taken: the download may still be reading them */
export const DOWNLOAD_READ_GRACE_MS = 60 * 60_000;

// the token is a bearer secret for its user: like a session's, only its hash is kept
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

type NewBytes = Exclude<DownloadBody, { stored: string }>;
const isNew = (body: DownloadBody): body is NewBytes => typeof body !== 'object' || body instanceof Uint8Array;
const bytesOf = (body: NewBytes): AsyncIterable<Uint8Array> | Uint8Array =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : body instanceof Uint8Array ? body : body();

/** Registers a file for the signed-in user and answers the path the browser fetches it from. */
export async function offerDownload(ctx: Ctx, file: { fileName: string; contentType: string; body: DownloadBody }): Promise<string> {
  const me = await ctx.requireUser();
  const { storage } = ctx.ingestion;
  const { body } = file;
  const written = isNew(body) ? await storage.put(bytesOf(body), 0) : { sha256: body.stored, size: null };
  const { sha256 } = written;
  // 128 random bits: a path cannot be guessed, and it is bound to the user anyway
  const token = crypto.randomBytes(16).toString('base64url');
  await ctx.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockStored(tx, sha256);
    await tx.insert(downloadsOferecidos).values({
      tokenhash: tokenHash(token), codusuario: me.codusuario, nomearquivo: file.fileName, contenttype: file.contentType,
      sha256, tamanho: written.size,
      // the database's clock, the one takeOffer compares with, whichever process asks
      expiraem: sql`now() + make_interval(secs => ${DOWNLOAD_TTL_MS / 1000})`,
    });
  });
  // The bytes were written before the offer claimed them: housekeeping may have removed the same bytes, left by an
  // expired offer, in between. Claimed now, they stay once written again.
  if (isNew(body) && !(await isStored(storage, sha256))) await storage.put(bytesOf(body), 0);
  return `${DOWNLOAD_PREFIX}${token}`;
}

/**
 * The offer behind a token for this user, taken (a second fetch finds nothing); null when unknown, expired or
 * someone else's. One statement: of two processes fetching one token at once, exactly one gets it.
 */
export async function takeOffer(db: Db, token: string, codusuario: number): Promise<Offer | null> {
  const t = downloadsOferecidos;
  const [row] = await db.update(t).set({ tomadaem: sql`now()` })
    .where(and(eq(t.tokenhash, tokenHash(token)), eq(t.codusuario, codusuario), isNull(t.tomadaem), gt(t.expiraem, sql`now()`)))
    .returning({ fileName: t.nomearquivo, contentType: t.contenttype, sha256: t.sha256, size: t.tamanho });
  return row ?? null;
}

/**
 * Housekeeping's step: deletes the offers that can no longer be fetched (expired, and taken long enough ago for
 * their download to have ended) and removes their bytes unless something else refers to them (stored-refs.ts:
 * an original offered for download is the original). Answers how many offers and how many stored files went.
 */
export async function removeExpiredDownloads(db: Db, storage: FileStorage): Promise<{ offers: number; files: number }> {
  const t = downloadsOferecidos;
  const over = and(lt(t.expiraem, sql`now()`), or(isNull(t.tomadaem), lt(t.tomadaem, sql`now() - make_interval(secs => ${DOWNLOAD_READ_GRACE_MS / 1000})`)));
  const keys = await db.selectDistinct({ sha256: t.sha256 }).from(t).where(over).limit(500);
  let offers = 0;
  let files = 0;
  for (const { sha256 } of keys) {
    // one transaction per key: a failed removal leaves its offers in place, for the next run to try again
    const done = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await lockStored(tx, sha256);
      const deleted = await tx.delete(t).where(and(eq(t.sha256, sha256), over)).returning({ tokenhash: t.tokenhash });
      return { offers: deleted.length, removed: await removeIfUnreferenced(tx, storage, sha256) };
    });
    offers += done.offers;
    if (done.removed) files++;
  }
  return { offers, files };
}
