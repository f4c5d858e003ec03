import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileStorage } from './file-storage';
import { folderStorage } from './file-storage';

/**
 * Original files in S3-compatible object storage (AWS S3, MinIO, Ceph…), by config (STORAGE_S3_*): the same
 * content-addressed keys as the folder store. Requests are signed with AWS Signature V4 by hand — three verbs
 * do not justify an SDK. The bytes are first written and hashed in a local spool folder (the key is their
 * SHA-256, known only at the end), then sent with one PUT.
 */
export interface S3Settings {
  /** https://s3.sa-east-1.amazonaws.com or http://localhost:9000 (path-style addressing) */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** folder under the bucket */
  prefix?: string;
}

const sha256Hex = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  url: URL;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** 'YYYYMMDDTHHMMSSZ' */
  amzDate: string;
  payloadHash: string;
  /** headers to sign besides host (lower-case names) */
  headers?: Record<string, string>;
}

/** AWS Signature Version 4: the Authorization header of a request. */
export function signV4(input: SignInput): string {
  const headers: Record<string, string> = { host: input.url.host, 'x-amz-date': input.amzDate, ...input.headers };
  const names = Object.keys(headers).map((h) => h.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const query = [...input.url.searchParams.entries()]
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
    .sort()
    .join('&');
  const canonical = [
    input.method,
    input.url.pathname.split('/').map((s) => encodeSegment(decodeURIComponent(s))).join('/') || '/',
    query,
    names.map((n) => `${n}:${lower[n]}\n`).join(''),
    names.join(';'),
    input.payloadHash,
  ].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

export function s3Storage(settings: S3Settings): FileStorage {
  const spool = folderStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-s3-spool-')));
  const objectUrl = (sha256: string) => {
    const key = [settings.prefix, sha256.slice(0, 2), sha256.slice(2, 4), sha256].filter(Boolean).join('/');
    return new URL(`${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}/${key}`);
  };
  async function send(method: 'PUT' | 'GET' | 'DELETE', sha256: string, body?: Uint8Array): Promise<Response> {
    const url = objectUrl(sha256);
    const amzDate = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const payloadHash = body ? sha256Hex(body) : sha256Hex('');
    const headers = { 'x-amz-content-sha256': payloadHash };
    const authorization = signV4({ method, url, region: settings.region, service: 's3', accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, amzDate, payloadHash, headers });
    const res = await fetch(url, { method, headers: { ...headers, 'x-amz-date': amzDate, authorization }, body: body as BodyInit | undefined });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`S3 ${method} ${url.pathname}: HTTP ${res.status}`);
    }
    return res;
  }
  return {
    async put(source, headBytes) {
      const stored = await spool.put(source, headBytes);
      // one PUT with the whole body: S3 wants its length up front (multipart upload for very large files is not built)
      const bytes = new Uint8Array(await fs.promises.readFile(spool.pathOf(stored.sha256)));
      try {
        await send('PUT', stored.sha256, bytes);
      } finally {
        await spool.remove(stored.sha256);
      }
      return stored;
    },
    async *read(sha256) {
      const res = await send('GET', sha256);
      if (!res.body) return;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) yield chunk;
    },
    async remove(sha256) {
      await send('DELETE', sha256);
    },
  };
}

/** The store the settings name: the S3 bucket when one is configured, else the folder. */
export function storageFromConfig(config: { filesDir: string; s3: S3Settings | null }): FileStorage {
  return config.s3 ? s3Storage(config.s3) : folderStorage(config.filesDir);
}
