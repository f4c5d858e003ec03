import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * A real S3-compatible server for tests: s3rver (files in a temporary folder) on 127.0.0.1, a free port.
 *
 * s3rver 3.7.1 checks that the access key exists but not V4 signatures ("Signature version 4 calculation is
 * unimplemented"), nor the payload hash. So requests first go through a SigV4 check of our own (header and
 * presigned-URL forms): a client with the wrong secret key is refused with 403 SignatureDoesNotMatch, as S3
 * would. Bodies in aws-chunked encoding (the SDK's streaming checksums) are refused too: s3rver would store the
 * chunk framing as if it were the object's bytes.
 */
export interface S3TestServer {
  /** http://127.0.0.1:<port>, for path-style addressing */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** creates a bucket (no error when it exists) */
  bucket(name: string): Promise<void>;
  /** every object of the bucket (under `prefix`), key → bytes, as the server keeps them */
  objects(bucket: string, prefix?: string): Promise<Map<string, Buffer>>;
  /** one object with what S3 keeps beside it, or null */
  object(bucket: string, key: string): Promise<S3TestObject | null>;
  /** the requests answered so far, oldest first (to tell e.g. a multipart upload from a single PUT) */
  requests: S3TestRequest[];
  close(): Promise<void>;
}

export interface S3TestObject {
  body: Buffer;
  contentType: string;
  /** x-amz-meta-* headers, and the standard ones S3 keeps (content-disposition, cache-control…) */
  metadata: Record<string, string>;
}

export interface S3TestRequest {
  method: string;
  /** path and query as sent, e.g. /bucket/a/b?uploadId=…&partNumber=1 */
  url: string;
  status: number;
}

/** What the helper uses of s3rver, which ships no types. */
interface S3rverObject {
  key: string;
  content: NodeJS.ReadableStream | null;
  metadata: Record<string, string>;
}
interface S3rverApp {
  store: {
    putBucket(name: string): Promise<unknown>;
    listObjects(bucket: string, options: { prefix?: string }): Promise<{ objects: S3rverObject[] }>;
    getObject(bucket: string, key: string): Promise<S3rverObject | null>;
  };
  logger: { close(): void; exceptions: { unhandle(): void } };
  callback(): http.RequestListener;
}
type S3rverClass = new (options: { directory: string; silent: boolean; vhostBuckets?: boolean; resetOnClose?: boolean }) => S3rverApp;

/** s3rver's built-in account (models/account.js): the only key pair it knows. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export async function startS3Server(): Promise<S3TestServer> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-s3rver-'));
  // vhostBuckets off: every request is path-style, whatever Host header it carries
  const s3rver = new S3rver({ directory, silent: true, vhostBuckets: false });
  const handle = s3rver.callback();
  const requests: S3TestRequest[] = [];

  const server = http.createServer((req, res) => {
    res.on('finish', () => requests.push({ method: req.method ?? '', url: req.url ?? '', status: res.statusCode }));
    const refusal = checkRequest(req);
    if (refusal) {
      req.resume();
      res.writeHead(refusal.status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`);
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const read = async (o: S3rverObject) => {
    const chunks: Buffer[] = [];
    if (o.content) for await (const c of o.content) chunks.push(Buffer.from(c as Uint8Array));
    return Buffer.concat(chunks);
  };

  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    region: REGION,
    requests,
    async bucket(name) {
      await s3rver.store.putBucket(name);
    },
    async objects(bucket, prefix = '') {
      const { objects } = await s3rver.store.listObjects(bucket, { prefix });
      const all = new Map<string, Buffer>();
      for (const listed of objects) {
        const o = await s3rver.store.getObject(bucket, listed.key);
        if (o) all.set(listed.key, await read(o));
      }
      return all;
    },
    async object(bucket, key) {
      const o = await s3rver.store.getObject(bucket, key);
      if (!o) return null;
      const { 'content-type': contentType = 'binary/octet-stream', ...metadata } = o.metadata;
      return { body: await read(o), contentType, metadata };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // what s3rver does when its own server closes
      s3rver.logger.exceptions.unhandle();
      s3rver.logger.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

type Refusal = { status: number; code: string; message: string };

const sha256Hex = (data: string) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
/** RFC 3986, as SigV4 encodes query names and values */
const uriEscape = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The SigV4 check s3rver leaves out (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html).
 * Anonymous requests and unknown keys are left to s3rver, which answers them as S3 does.
 */
function checkRequest(req: http.IncomingMessage): Refusal | null {
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = (q === -1 ? '' : rawUrl.slice(q + 1)).split('&').filter(Boolean).map((pair) => {
    const eq = pair.indexOf('=');
    return eq === -1 ? [safeDecode(pair), ''] as const : [safeDecode(pair.slice(0, eq)), safeDecode(pair.slice(eq + 1))] as const;
  });
  const param = (name: string) => query.find(([k]) => k === name)?.[1];

  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(',') : v;
  };
  if (/aws-chunked/i.test(header('content-encoding') ?? '') || /^STREAMING-/.test(header('x-amz-content-sha256') ?? '')) {
    return { status: 501, code: 'NotImplemented', message: 'aws-chunked bodies are not supported by this test server (s3rver would store the chunk framing)' };
  }

  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  const authorization = header('authorization');
  if (authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
    const parts = new Map(authorization.slice('AWS4-HMAC-SHA256 '.length).split(',').map((p) => {
      const [k, ...v] = p.trim().split('=');
      return [k, v.join('=')];
    }));
    credential = parts.get('Credential') ?? '';
    signedHeaders = parts.get('SignedHeaders') ?? '';
    signature = parts.get('Signature') ?? '';
    amzDate = header('x-amz-date') ?? '';
    payloadHash = header('x-amz-content-sha256') ?? sha256Hex('');
  } else if (param('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    credential = param('X-Amz-Credential') ?? '';
    signedHeaders = param('X-Amz-SignedHeaders') ?? '';
    signature = param('X-Amz-Signature') ?? '';
    amzDate = param('X-Amz-Date') ?? '';
    payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  } else {
    return null;
  }

  const [accessKeyId = '', day = '', region = '', service = '', terminator = ''] = credential.split('/');
  if (accessKeyId !== ACCESS_KEY_ID) return null;
  if (!signedHeaders.split(';').includes('host') || terminator !== 'aws4_request' || !amzDate.startsWith(day)) {
    return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  }

  const canonicalQuery = query
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => `${uriEscape(k)}=${uriEscape(v)}`)
    .sort()
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names.map((n) => `${n}:${(header(n) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  // S3 signs the path as sent (no second encoding, no normalisation)
  const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, day), region), service), 'aws4_request');
  const expected = crypto.createHmac('sha256', key).update(stringToSign).digest('hex');
  const match = expected.length === signature.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
  return match ? null : {
    status: 403,
    code: 'SignatureDoesNotMatch',
    message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  };
}
