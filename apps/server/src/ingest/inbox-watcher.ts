import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Db, pessoas } from '@concilia/db';
import { todayBusiness } from '@concilia/domain';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Ingestion } from './ingestion';
import type { ReceivedFile } from './receive-file';

/**
 * The inbox folder: the local stand-in for SFTP/VAN delivery. Whatever lands in `dir` (no owner: the
 * pipeline finds it from the header's establishment) or in `dir/<codpessoa>/` (that person's file) is
 * received with origem PASTA and then moved to `dir/processados/AAAA-MM-DD/`, whatever its status — the
 * file record says whether it loaded, was a duplicate or was not recognised.
 *
 * The folder is polled, not watched: fs.watch misses events on network and mounted folders (SMB, NFS,
 * container volumes), which is exactly where a transfer server drops files. A file is taken only once it
 * looked the same (size and mtime) on two consecutive polls, so one still being copied is left alone.
 *
 * Several server processes may watch the same folder. Each claims a file by renaming it into
 * `dir/.recebendo/` under a unique name: a rename is atomic, so only one succeeds and the others see the
 * file gone. A process that dies after its claim leaves the file there; the next watcher to start takes it
 * again, which is safe because receive is idempotent by SHA-256 — even if the owner of that claim was in fact
 * alive and still receiving it, both land on the same file record.
 */

export interface InboxWatcherOptions {
  dir: string;
  ingestion: Pick<Ingestion, 'receive'>;
  log: Logger;
  pollSeconds: number;
  db: Db;
}

export interface InboxWatcher {
  /** one look at the folder; resolves with how many files were taken (received) in it */
  scanOnce(): Promise<number>;
  /** no further polls; resolves when the current one has ended */
  stop(): Promise<void>;
}

export const RECEIVING_DIR = '.recebendo';
export const PROCESSED_DIR = 'processados';

/** Names a transfer is still writing (browsers, WinSCP, rsync-style temporaries) or that are not files to load. */
function ignored(name: string): boolean {
  return name.startsWith('.') || name.startsWith('~') || /\.(part|tmp|filepart|crdownload)$/i.test(name)
    || name === RECEIVING_DIR || name === PROCESSED_DIR;
}

// A claimed file's name carries what the rest of its way needs, so a leftover can be taken by another process:
// `<claim id>__<codpessoa or empty>__<original name>`.
const CLAIM = /^([a-z0-9-]+)__(\d*)__(.+)$/;
const claimName = (owner: number | null, name: string) =>
  `${Date.now().toString(36)}-${crypto.randomBytes(6).toString('hex')}__${owner ?? ''}__${name}`;

function parseClaim(claimed: string): { owner: number | null; name: string } {
  const m = CLAIM.exec(claimed);
  // a name that is not ours (someone put it there by hand): an ownerless file of that name
  return m ? { owner: m[2] ? Number(m[2]) : null, name: m[3]! } : { owner: null, name: claimed };
}

const errorCode = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { code?: string }).code : undefined);

/**
 * Claims a file: a plain rename, atomic, so when several processes try only one succeeds; false when the file
 * is gone (another process took it). The target is a fresh unique name, so nothing is replaced.
 */
async function claim(from: string, to: string): Promise<boolean> {
  try {
    await fs.promises.rename(from, to);
    return true;
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return false;
    throw e;
  }
}

/** Renames unless the target exists (not for claims: two links of one source can both succeed); false when the source is gone (another process took it). */
async function renameIfAbsent(from: string, to: string): Promise<boolean> {
  try {
    // link() fails when the target exists, where rename() would silently replace it
    await fs.promises.link(from, to);
  } catch (e) {
    const code = errorCode(e);
    if (code === 'ENOENT') return false;
    if (code === 'EEXIST') throw e;
    // a file system without hard links (some network shares): check, then rename
    if (fs.existsSync(to)) throw Object.assign(new Error(`${to} exists`), { code: 'EEXIST' });
    return claim(from, to);
  }
  await fs.promises.rm(from, { force: true });
  return true;
}

/** Moves a handled file to processados/<São Paulo date>/, with `-1`, `-2`… before the extension on a name clash. */
async function moveToProcessed(dir: string, from: string, name: string): Promise<string | null> {
  const day = path.join(dir, PROCESSED_DIR, todayBusiness());
  await fs.promises.mkdir(day, { recursive: true });
  const ext = path.extname(name);
  const base = name.slice(0, name.length - ext.length);
  for (let n = 0; ; n++) {
    const to = path.join(day, n === 0 ? name : `${base}-${n}${ext}`);
    try {
      return (await renameIfAbsent(from, to)) ? to : null;
    } catch (e) {
      if (errorCode(e) !== 'EEXIST') throw e;
    }
  }
}

const MAX_PERSON_CODE = 2_147_483_647;

export function startInboxWatcher(opts: InboxWatcherOptions): InboxWatcher {
  const { dir, ingestion, log, db } = opts;
  const receiving = path.join(dir, RECEIVING_DIR);
  // what each candidate looked like on the previous poll
  let previous = new Map<string, string>();
  const warnedOwners = new Set<string>();
  let recovered = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> = Promise.resolve(0);

  /** The codpessoa an owner folder names, when that person exists. */
  async function ownerOf(folder: string): Promise<number | null> {
    const code = /^\d+$/.test(folder) ? Number(folder) : NaN;
    // past the integer column's range the query itself would fail
    if (!(code > 0 && code <= MAX_PERSON_CODE)) return null;
    const [row] = await db.select({ codpessoa: pessoas.codpessoa }).from(pessoas).where(eq(pessoas.codpessoa, code));
    return row?.codpessoa ?? null;
  }

  /** Receives a claimed file and moves it on; when it cannot be received it goes back where it was found. */
  async function take(claimedPath: string, owner: number | null, name: string): Promise<void> {
    const source = fs.createReadStream(claimedPath);
    let received: ReceivedFile;
    try {
      received = await ingestion.receive({ source, name, origem: 'PASTA', codpessoa: owner });
    } catch (e) {
      log.error({ err: e, arquivo: name, codpessoa: owner }, 'inbox file could not be received; it will be tried again');
      // back in the inbox it is tried at a later poll; when that place is taken it waits in .recebendo for the next start
      await renameIfAbsent(claimedPath, path.join(dir, owner === null ? '' : String(owner), name)).catch(() => undefined);
      return;
    } finally {
      source.destroy();
    }
    const { codarquivo, status, duplicate } = received;
    try {
      const to = await moveToProcessed(dir, claimedPath, name);
      // null: a watcher that started meanwhile took the same leftover; the SHA-256 made it one file
      log.info({ arquivo: name, codpessoa: owner, codarquivo, status, duplicate, destino: to }, 'inbox file received');
    } catch (e) {
      // received already: left in .recebendo rather than in the inbox, so it is not received again at every poll
      log.error({ err: e, arquivo: name, codarquivo }, 'inbox file received but could not be moved to processados');
    }
  }

  /** Files a process that died had claimed: claimed again under a new name, so two starting watchers take each once. */
  async function recover(): Promise<number> {
    let taken = 0;
    for (const entry of await fs.promises.readdir(receiving, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isFile()) continue;
      const { owner, name } = parseClaim(entry.name);
      const claimed = path.join(receiving, claimName(owner, name));
      if (!(await claim(path.join(receiving, entry.name), claimed).catch(() => false))) continue;
      log.warn({ arquivo: name, codpessoa: owner }, 'inbox file left half-received by a stopped process; receiving it again');
      await take(claimed, owner, name);
      taken++;
    }
    return taken;
  }

  /** The candidate files of one folder: plain files whose names are not ignored. */
  async function filesIn(folder: string): Promise<{ file: string; name: string; look: string }[]> {
    const out: { file: string; name: string; look: string }[] = [];
    for (const entry of await fs.promises.readdir(folder, { withFileTypes: true })) {
      if (!entry.isFile() || ignored(entry.name)) continue;
      const file = path.join(folder, entry.name);
      const st = await fs.promises.stat(file).catch(() => null);
      if (st) out.push({ file, name: entry.name, look: `${st.size}:${st.mtimeMs}` });
    }
    return out;
  }

  async function scan(): Promise<number> {
    await fs.promises.mkdir(receiving, { recursive: true });
    let taken = 0;
    if (!recovered) {
      recovered = true;
      taken += await recover();
    }
    const seen = new Map<string, string>();
    // the inbox itself (no owner) and its subfolders, each named after the person its files belong to
    const folders: { folder: string; ownerFolder: string | null }[] = [{ folder: dir, ownerFolder: null }];
    for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !ignored(entry.name)) folders.push({ folder: path.join(dir, entry.name), ownerFolder: entry.name });
    }
    for (const { folder, ownerFolder } of folders) {
      try {
        const files = await filesIn(folder);
        if (files.length === 0) continue;
        let owner: number | null = null;
        if (ownerFolder !== null) {
          owner = await ownerOf(ownerFolder);
          if (owner === null) {
            if (!warnedOwners.has(ownerFolder)) {
              warnedOwners.add(ownerFolder);
              log.warn({ pasta: ownerFolder, arquivos: files.length },
                'inbox subfolder names no registered person (codpessoa): its files are left in place');
            }
            continue;
          }
          warnedOwners.delete(ownerFolder);
        }
        for (const f of files) {
          seen.set(f.file, f.look);
          // still changing, or first seen: look again next poll
          if (previous.get(f.file) !== f.look) continue;
          seen.delete(f.file);
          const claimed = path.join(receiving, claimName(owner, f.name));
          if (!(await claim(f.file, claimed))) continue;
          await take(claimed, owner, f.name);
          taken++;
        }
      } catch (e) {
        log.error({ err: e, pasta: folder }, 'inbox folder could not be read');
      }
    }
    previous = seen;
    return taken;
  }

  // Polls never overlap: a manual scan waits for the timer's and the other way round.
  const scanOnce = (): Promise<number> => {
    current = current.catch(() => 0).then(scan);
    return current;
  };

  // at least 10 ms between polls, so a setting of 0 cannot spin
  const intervalMs = Math.max(10, opts.pollSeconds * 1000);
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      scanOnce()
        .catch((e: unknown) => log.error({ err: e, pasta: dir }, 'inbox scan failed'))
        .finally(schedule);
    }, intervalMs);
    // the HTTP server keeps the process alive; the watcher alone must not
    timer.unref();
  };
  schedule();

  return {
    scanOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current.catch(() => undefined);
    },
  };
}
