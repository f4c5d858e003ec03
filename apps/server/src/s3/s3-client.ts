import type { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/**
 * The one way the product talks to S3 or an S3-compatible service (MinIO, Ceph…): the originals' store
 * (STORAGE_S3_*) and the integrations' buckets both go through here. The AWS SDK signs, retries and splits large
 * bodies into a multipart upload.
 */
export interface S3Target {
  /** an S3-compatible service's address (path-style addressing); null or empty: AWS itself, by the region */
  endpoint?: string | null;
  region: string;
  bucket: string;
  /** absent: the SDK's standard credential chain (environment, shared files, instance role) */
  accessKeyId?: string | null;
  secretAccessKey?: string | null;
  /**
   * Idle limits, in ms: to connect, and for a socket that goes silent mid-request. Not a limit on the whole
   * transfer, so a large file on a slow link still goes through. Absent: none (the SDK's default).
   */
  timeoutMs?: number;
}

export function makeS3Client(target: S3Target): S3Client {
  return new S3Client({
    region: target.region || 'us-east-1',
    ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
    ...(target.accessKeyId && target.secretAccessKey
      ? { credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey } }
      : {}),
    ...(target.timeoutMs ? { requestHandler: { connectionTimeout: target.timeoutMs, socketTimeout: target.timeoutMs } } : {}),
    maxAttempts: 4,
    // checksums only where S3 requires them: S3-compatible services do not all read the SDK's default trailers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Streams a body of any size to `key` (one PUT when small, a multipart upload when large). */
export async function uploadToS3(client: S3Client, bucket: string, key: string, body: Readable | Uint8Array | string, contentType?: string): Promise<void> {
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: body, ...(contentType ? { ContentType: contentType } : {}) },
    // 8 MiB parts, two at a time: bounded memory on a 2-CPU worker
    partSize: 8 * 1024 * 1024,
    queueSize: 2,
  });
  await upload.done();
}
