import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey } from '@aws-sdk/client-s3';
import { makeS3Client, uploadToS3 } from '../s3/s3-client';
import type { FileStorage } from './file-storage';
import { folderStorage } from './file-storage';

/**
 * Original files in S3-compatible object storage (AWS S3, MinIO, Ceph…), by config (STORAGE_S3_*): the same
 * content-addressed keys as the folder store, through the AWS SDK (s3/s3-client.ts).
 */
export interface S3Settings {
  /** https://s3.sa-east-1.amazonaws.com or http://localhost:9000 (path-style addressing) */
  endpoint: string;
  bucket: string;
  region: string;
  /** both empty: the SDK's standard credential chain (environment, shared files, instance role) */
  accessKeyId: string;
  secretAccessKey: string;
  /** folder under the bucket */
  prefix?: string;
}

/** The error with the object it was about: the SDK's own messages ("Access Denied") do not name it. */
function s3Error(op: string, bucket: string, key: string, e: unknown): Error {
  return new Error(`S3 ${op} s3://${bucket}/${key}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

export function s3Storage(settings: S3Settings): FileStorage {
  // An upload or a load must not hang for ever on a bucket that stopped answering (the attempt fails and is
  // retried). Generous: the limit also runs while a load holds the download back to write into the database.
  const client = makeS3Client({ ...settings, timeoutMs: 120_000 });
  const { bucket } = settings;
  // a prefix is taken as written (no slash trimming): keys already stored under it must keep their names
  const keyOf = (sha256: string) => [settings.prefix, sha256.slice(0, 2), sha256.slice(2, 4), sha256].filter(Boolean).join('/');
  return {
    async put(source, headBytes) {
      // The key is the bytes' SHA-256, known only once they have all been read, so they land in a local file
      // first. One spool folder per put: two uploads of the same bytes at once must not delete each other's file.
      const spoolDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'concilia-s3-spool-'));
      try {
        const spool = folderStorage(spoolDir);
        const stored = await spool.put(source, headBytes);
        const key = keyOf(stored.sha256);
        // streamed from the file: a body larger than a part goes up as a multipart upload, a part at a time
        const body = fs.createReadStream(spool.pathOf(stored.sha256));
        try {
          await uploadToS3(client, bucket, key, body);
        } catch (e) {
          throw s3Error('upload', bucket, key, e);
        } finally {
          body.destroy();
        }
        return stored;
      } finally {
        await fs.promises.rm(spoolDir, { recursive: true, force: true });
      }
    },
    async *read(sha256) {
      const key = keyOf(sha256);
      let body: unknown;
      try {
        ({ Body: body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })));
      } catch (e) {
        throw s3Error('GetObject', bucket, key, e);
      }
      // in Node the body is the HTTP response itself: chunks as they arrive, never the whole file in memory
      if (body) yield* body as AsyncIterable<Uint8Array>;
    },
    async remove(sha256) {
      const key = keyOf(sha256);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (e) {
        // S3 answers 204 for a missing key; some compatible services answer 404 instead. Either way it is gone
        // (a missing bucket is a misconfiguration, not a missing object).
        const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (e instanceof NoSuchKey || (status === 404 && (e as Error).name !== 'NoSuchBucket')) return;
        throw s3Error('DeleteObject', bucket, key, e);
      }
    },
  };
}

/** The store the settings name: the S3 bucket when one is configured, else the folder. */
export function storageFromConfig(config: { filesDir: string; s3: S3Settings | null }): FileStorage {
  return config.s3 ? s3Storage(config.s3) : folderStorage(config.filesDir);
}
