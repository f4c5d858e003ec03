import crypto from 'node:crypto';
import fs from 'node:fs';
import { arquivos } from '@concilia/db';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion } from '../src/ingest/ingestion';
import { s3Storage, type S3Settings } from '../src/ingest/s3-storage';
import { createTestApp, engines, type TestApp } from './harness';
import { startS3Server, type S3TestServer } from './support/s3-server';

const BUCKET = 'concilia';
const PREFIX = 'originais';
const keyOf = (sha256: string) => `${PREFIX}/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe.each(engines())('originals in S3-compatible storage (%s)', (engine) => {
  let t: TestApp;
  let s3: S3TestServer;
  let settings: S3Settings;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(engine);
    await s3.bucket(BUCKET);
    settings = { endpoint: s3.endpoint, bucket: BUCKET, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, prefix: PREFIX };
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps the original byte-exact in the bucket, loads and reloads it from there and deletes it with the file', async () => {
    const ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 50, storage: s3Storage(settings) });
    try {
      const bytes = fs.readFileSync(new URL('../../../packages/engine/test/samples/rede/R97470EEVD17.cmp', import.meta.url));
      const received = await ing.receive({ source: bytes, name: 'R97470EEVD17.cmp', origem: 'UPLOAD' });
      await ing.drain();
      const [file] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
      expect(file).toMatchObject({ status: 'PROCESSADO', sha256: crypto.createHash('sha256').update(bytes).digest('hex') });
      const key = keyOf(file!.sha256);
      expect((await s3.objects(BUCKET)).get(key)?.equals(bytes)).toBe(true);

      // a reprocess reads the original back from the bucket
      await ing.reprocess(received.codarquivo);
      await ing.drain();
      const [again] = await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, received.codarquivo));
      expect(again).toMatchObject({ status: 'PROCESSADO', linhas: file!.linhas });

      await ing.remove(received.codarquivo);
      expect((await s3.objects(BUCKET)).has(key)).toBe(false);
    } finally {
      await ing.stop();
    }
  });

  it('sends a file larger than a part as a multipart upload and reads it back byte-identical', async () => {
    const storage = s3Storage(settings);
    // 8 MiB parts: two whole ones and a short last one
    const bytes = crypto.randomBytes(2 * 8 * 1024 * 1024 + 123_457);
    async function* inPieces() {
      for (let i = 0; i < bytes.length; i += 1_000_003) yield bytes.subarray(i, i + 1_000_003);
    }
    const before = s3.requests.length;
    const stored = await storage.put(inPieces(), 16);
    expect(stored).toMatchObject({ sha256: crypto.createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
    expect(Buffer.from(stored.head).equals(bytes.subarray(0, 16))).toBe(true);

    const key = keyOf(stored.sha256);
    const sent = s3.requests.slice(before).filter((r) => r.url.startsWith(`/${BUCKET}/${key}`));
    expect(sent.filter((r) => r.method === 'POST' && /[?&]uploads\b/.test(r.url))).toHaveLength(1);
    expect(sent.filter((r) => r.method === 'PUT' && /[?&]partNumber=\d+/.test(r.url)).map((r) => Number(/partNumber=(\d+)/.exec(r.url)![1])).sort()).toEqual([1, 2, 3]);
    expect(sent.filter((r) => r.method === 'POST' && /[?&]uploadId=/.test(r.url))).toHaveLength(1);
    expect(sent.every((r) => r.status < 300)).toBe(true);

    expect((await s3.object(BUCKET, key))?.body.equals(bytes)).toBe(true);
    const back = await collect(storage.read(stored.sha256));
    expect(back.length).toBe(bytes.length);
    expect(back.equals(bytes)).toBe(true);

    await storage.remove(stored.sha256);
    expect(await s3.object(BUCKET, key)).toBeNull();
  });

  it('stores the same bytes sent twice at once (each put has its own spool file)', async () => {
    const storage = s3Storage(settings);
    const bytes = crypto.randomBytes(300_000);
    const [a, b] = await Promise.all([storage.put(bytes, 16), storage.put(Uint8Array.from(bytes), 16)]);
    expect(a.sha256).toBe(b.sha256);
    expect((await collect(storage.read(a.sha256))).equals(bytes)).toBe(true);
  });

  it('refuses the wrong secret key: the put fails and nothing is stored or recorded', async () => {
    const wrong = s3Storage({ ...settings, secretAccessKey: 'not-the-secret' });
    const bytes = fs.readFileSync(new URL('../../../packages/engine/test/samples/rede/R97470EEVD17.cmp', import.meta.url));
    const marked = Buffer.concat([bytes, Buffer.from(`\n${crypto.randomUUID()}`)]);
    const sha256 = crypto.createHash('sha256').update(marked).digest('hex');

    await expect(wrong.put(marked, 16)).rejects.toThrow(/SignatureDoesNotMatch|signature/i);

    const ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 0, storage: wrong });
    try {
      await expect(ing.receive({ source: marked, name: 'segredo-errado.cmp', origem: 'UPLOAD' })).rejects.toThrow(/signature/i);
    } finally {
      await ing.stop();
    }
    expect(await t.db.select().from(arquivos).where(eq(arquivos.nomearquivo, 'segredo-errado.cmp'))).toEqual([]);
    expect(await s3.object(BUCKET, keyOf(sha256))).toBeNull();
    // a multipart upload refused half-way leaves nothing behind either
    const large = crypto.randomBytes(9 * 1024 * 1024);
    await expect(wrong.put(large, 16)).rejects.toThrow(/signature/i);
    expect(await s3.object(BUCKET, keyOf(crypto.createHash('sha256').update(large).digest('hex')))).toBeNull();
  });

  it('removes a missing object without complaint, and says which object could not be read', async () => {
    const storage = s3Storage(settings);
    const missing = crypto.createHash('sha256').update('never stored').digest('hex');
    await expect(storage.remove(missing)).resolves.toBeUndefined();
    await expect(collect(storage.read(missing))).rejects.toThrow(new RegExp(`s3://${BUCKET}/${keyOf(missing)}`));
  });
});
