import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where original files are kept, byte-exact, so they can be downloaded and reprocessed. Content-addressed:
 * the key is the SHA-256 of the bytes, so the same file sent twice is stored once and a key never points at
 * other bytes. The folder store is the default; any store with these three verbs fits (S3-compatible later).
 */
export interface StoredFile {
  sha256: string;
  size: number;
  /** the first bytes, for layout detection */
  head: Uint8Array;
}

export interface FileStorage {
  /** Streams the bytes in, hashing them on the way; the SHA-256 is the key to read them back. */
  put(source: AsyncIterable<Uint8Array> | Uint8Array, headBytes: number): Promise<StoredFile>;
  read(sha256: string): AsyncIterable<Uint8Array>;
  remove(sha256: string): Promise<void>;
}

/** Files under `root/ab/cd/<sha256>`; a temporary name until the hash is known, then an atomic rename. */
export function folderStorage(root: string): FileStorage & { pathOf(sha256: string): string } {
  const fileOf = (sha256: string) => path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  return {
    async put(source, headBytes) {
      fs.mkdirSync(path.join(root, 'tmp'), { recursive: true });
      const tmp = path.join(root, 'tmp', `${process.pid}-${crypto.randomUUID()}`);
      const hash = crypto.createHash('sha256');
      let size = 0;
      const headChunks: Uint8Array[] = [];
      let headLength = 0;
      const input = source instanceof Uint8Array ? [source] : source;
      async function* tap() {
        for await (const chunk of input) {
          hash.update(chunk);
          size += chunk.length;
          if (headLength < headBytes) {
            const part = chunk.subarray(0, headBytes - headLength);
            headChunks.push(Uint8Array.from(part));
            headLength += part.length;
          }
          yield chunk;
        }
      }
      try {
        await pipeline(Readable.from(tap()), fs.createWriteStream(tmp, { flags: 'wx' }));
        const sha256 = hash.digest('hex');
        fs.mkdirSync(path.dirname(fileOf(sha256)), { recursive: true });
        fs.renameSync(tmp, fileOf(sha256));
        return { sha256, size, head: Buffer.concat(headChunks) };
      } finally {
        fs.rmSync(tmp, { force: true });
      }
    },
    read(sha256) {
      return fs.createReadStream(fileOf(sha256), { highWaterMark: 256 * 1024 });
    },
    async remove(sha256) {
      fs.rmSync(fileOf(sha256), { force: true });
    },
    pathOf: fileOf,
  };
}
