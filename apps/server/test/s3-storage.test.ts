import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { arquivos } from '@concilia/db';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion } from '../src/ingest/ingestion';
import { s3Storage, signV4 } from '../src/ingest/s3-storage';
import { createTestApp, type TestApp } from './harness';

describe('AWS Signature V4', () => {
  it('signs the AWS test suite request get-vanilla as AWS does', () => {
    const authorization = signV4({
      method: 'GET', url: new URL('https://example.amazonaws.com/'), region: 'us-east-1', service: 'service',
      accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', amzDate: '20150830T123600Z',
      payloadHash: crypto.createHash('sha256').update('').digest('hex'),
    });
    expect(authorization).toBe('AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, '
      + 'SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
  });
});

/** A minimal S3 stand-in: keeps PUT bodies by path, refuses unsigned requests or a body that does not match its hash. */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const signed = String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=chave/');
      if (!signed) return void res.writeHead(403).end();
      if (req.method === 'PUT') {
        if (crypto.createHash('sha256').update(body).digest('hex') !== req.headers['x-amz-content-sha256']) return void res.writeHead(400).end();
        objects.set(req.url!, body);
        return void res.writeHead(200).end();
      }
      if (req.method === 'GET') return void (objects.has(req.url!) ? res.writeHead(200).end(objects.get(req.url!)) : res.writeHead(404).end());
      if (req.method === 'DELETE') return void res.writeHead(objects.delete(req.url!) ? 204 : 404).end();
      res.writeHead(405).end();
    });
  });
  return { server, objects };
}

describe('originals in S3-compatible storage', () => {
  let t: TestApp;
  const s3 = fakeS3();
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    await t.close();
    s3.server.close();
  });

  it('keeps the original byte-exact in the bucket, loads it from there and deletes it with the file', async () => {
    const endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
    const storage = s3Storage({ endpoint, bucket: 'concilia', region: 'sa-east-1', accessKeyId: 'chave', secretAccessKey: 'segredo', prefix: 'originais' });
    const ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 50, storage });
    try {
      const bytes = fs.readFileSync(new URL('../../../packages/engine/test/samples/rede/R97470EEVD17.cmp', import.meta.url));
      const received = await ing.receive({ source: bytes, name: 'R97470EEVD17.cmp', origem: 'UPLOAD' });
      await ing.drain();
      const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
      expect(file).toMatchObject({ status: 'PROCESSADO' });
      const key = `/concilia/originais/${file!.sha256.slice(0, 2)}/${file!.sha256.slice(2, 4)}/${file!.sha256}`;
      expect(s3.objects.get(key)?.equals(bytes)).toBe(true);
      await ing.remove(received.codarquivo);
      expect(s3.objects.has(key)).toBe(false);
    } finally {
      await ing.stop();
    }
  });
});
