import type { Db } from '@concilia/db';
import { sql } from 'drizzle-orm';
import type { FileStorage } from './file-storage';

/**
 * The file store is content-addressed and several kinds of rows hold a key in it: a received file (`arquivos`), a
 * scheduled report's link (`execucoes_relatorio`) and a download offer (`downloads_oferecidos`). The same bytes can be
 * several of them at once (an original offered for download, a report exported twice), so bytes go only when no row
 * refers to them.
 *
 * The lock is held while a row claims a key and while a remover decides, so a removal either sees the claim or
 * ends before it.
 */
// 'rela': the space report files used alone before; kept so that a process of the earlier version takes the same lock
const STORED_LOCK_SPACE = 0x72656c61;

export const lockStored = (tx: Db, sha256: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(${STORED_LOCK_SPACE}, hashtext(${sha256}))`);

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** Removes the bytes when no row refers to them; call it with the lock held (lockStored). */
export async function removeIfUnreferenced(tx: Db, storage: FileStorage, sha256: string): Promise<boolean> {
  const [refs] = rowsOf<{ n: number }>(await tx.execute(sql`
    SELECT (SELECT count(*) FROM execucoes_relatorio WHERE sha256 = ${sha256})
         + (SELECT count(*) FROM arquivos WHERE sha256 = ${sha256})
         + (SELECT count(*) FROM downloads_oferecidos WHERE sha256 = ${sha256}) AS n`));
  if (Number(refs?.n ?? 0) > 0) return false;
  await storage.remove(sha256);
  return true;
}

/**
 * The stored bytes as a response body, streamed. The first chunk is read before answering: bytes gone from the
 * store are a refusal the caller words (null), not a download cut short.
 */
export async function storedBody(storage: FileStorage, sha256: string): Promise<ReadableStream<Uint8Array> | null> {
  const it = storage.read(sha256)[Symbol.asyncIterator]();
  let pending: IteratorResult<Uint8Array> | null;
  try {
    pending = await it.next();
  } catch {
    await it.return?.();
    return null;
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = pending ?? (await it.next());
      pending = null;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await it.return?.();
    },
  });
}

/** Whether the store still has the bytes: their first chunk can be read (an empty file has none and is there). */
export async function isStored(storage: FileStorage, sha256: string): Promise<boolean> {
  const body = await storedBody(storage, sha256);
  await body?.cancel();
  return body !== null;
}
