import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arquivos } from '@concilia/db';
import { todayBusiness } from '@concilia/domain';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInboxWatcher, type InboxWatcher } from '../src/ingest/inbox-watcher';
import { createIngestion, type Ingestion } from '../src/ingest/ingestion';
import type { ReceiveInput } from '../src/ingest/receive-file';
import { createTestApp, engines, type TestApp } from './harness';

const SAMPLES = new URL('../../../packages/engine/test/samples/', import.meta.url);
const sample = (name: string) => fs.readFileSync(new URL(name, SAMPLES));
const EEVC = 'rede/R97470EEVC01.cmp';
const EEVD = 'rede/R97470EEVD17.cmp';
/** The same statement with CRLF line ends: other bytes (not a duplicate), the same lines. */
const crlf = (bytes: Buffer) => Buffer.from(bytes.toString('latin1').replace(/\n/g, '\r\n'), 'latin1');

describe.each(engines())('inbox folder on %s', (engine) => {
  let t: TestApp;
  let ing: Ingestion;
  let dir: string;
  let logs: string[];
  let received: { name: string; codarquivo: number; duplicate: boolean }[];
  const watchers: InboxWatcher[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    ing = createIngestion({ open: t.opened, log: pino({ level: 'silent' }), filesDir: t.config.filesDir, workers: 1, pollMs: 50 });
  });
  afterAll(async () => {
    await ing.stop();
    await t.close();
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'concilia-entrada-'));
    logs = [];
    received = [];
  });
  afterEach(async () => {
    await Promise.all(watchers.splice(0).map((w) => w.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A watcher on this test's folder whose timer never fires during the test: polls are scanOnce(). */
  function watch(pollSeconds = 3600, receive: (i: ReceiveInput) => ReturnType<Ingestion['receive']> = (i) => ing.receive(i)) {
    const log = pino({ level: 'debug' }, { write: (line: string) => void logs.push(line) });
    const w = startInboxWatcher({
      dir, log, pollSeconds, db: t.db,
      ingestion: {
        receive: async (input) => {
          const r = await receive(input);
          received.push({ name: input.name, codarquivo: r.codarquivo, duplicate: r.duplicate });
          return r;
        },
      },
    });
    watchers.push(w);
    return w;
  }
  const drop = (rel: string, bytes: Buffer | string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), bytes);
  };
  const processed = (name: string) => path.join(dir, 'processados', todayBusiness(), name);
  const receiving = () => (fs.existsSync(path.join(dir, '.recebendo')) ? fs.readdirSync(path.join(dir, '.recebendo')) : []);
  const fileRecord = async (codarquivo: number) => {
    await ing.drain();
    return (await t.db.select().from(arquivos).where(eq(arquivos.codarquivo, codarquivo)))[0]!;
  };
  const personWithoutEstablishment = async () => Number((await t.exec(`SELECT codpessoa FROM pessoas
    WHERE codpessoa NOT IN (SELECT codpessoa FROM estabelecimentos) ORDER BY codpessoa LIMIT 1`))[0]!.codpessoa);

  it('loads a sample dropped in the folder and moves it to processados/<date>/', async () => {
    const w = watch();
    drop('R97470EEVC01.cmp', sample(EEVC));
    expect(await w.scanOnce()).toBe(0); // first look: it may still be arriving
    expect(await w.scanOnce()).toBe(1);
    expect(received).toHaveLength(1);
    expect(await fileRecord(received[0]!.codarquivo)).toMatchObject({
      status: 'PROCESSADO', origem: 'PASTA', nomearquivo: 'R97470EEVC01.cmp', tipo: 'EEVC',
    });
    expect(fs.readFileSync(processed('R97470EEVC01.cmp'))).toEqual(sample(EEVC));
    expect(fs.existsSync(path.join(dir, 'R97470EEVC01.cmp'))).toBe(false);
    expect(receiving()).toEqual([]);
    expect(logs.join('\n')).not.toContain('AUTO GERAL'); // no file content in the logs
  });

  it('leaves a file that is still growing until it looks the same on two polls', async () => {
    const w = watch();
    const bytes = sample(EEVD);
    drop('R97470EEVD17.cmp', bytes.subarray(0, 1000));
    expect(await w.scanOnce()).toBe(0);
    fs.appendFileSync(path.join(dir, 'R97470EEVD17.cmp'), bytes.subarray(1000));
    expect(await w.scanOnce()).toBe(0);
    expect(fs.existsSync(path.join(dir, 'R97470EEVD17.cmp'))).toBe(true);
    expect(await w.scanOnce()).toBe(1);
    expect(await fileRecord(received[0]!.codarquivo)).toMatchObject({ status: 'PROCESSADO', tamanho: bytes.length });
    expect(fs.existsSync(processed('R97470EEVD17.cmp'))).toBe(true);
  });

  it('a file in an owner subfolder belongs to that person', async () => {
    const owner = await personWithoutEstablishment();
    const w = watch();
    drop(`${owner}/extrato-crlf.cmp`, crlf(sample(EEVC)));
    await w.scanOnce();
    expect(await w.scanOnce()).toBe(1);
    expect(await fileRecord(received[0]!.codarquivo)).toMatchObject({ status: 'PROCESSADO', codpessoa: owner, origem: 'PASTA' });
    expect(fs.existsSync(processed('extrato-crlf.cmp'))).toBe(true);
    expect(fs.readdirSync(path.join(dir, String(owner)))).toEqual([]);
  });

  it('leaves the files of a folder that names no person in place, and warns once', async () => {
    const w = watch();
    drop('987654/extrato.cmp', sample(EEVD));
    drop('vendas/extrato.cmp', sample(EEVD));
    for (let i = 0; i < 4; i++) expect(await w.scanOnce()).toBe(0);
    expect(fs.existsSync(path.join(dir, '987654/extrato.cmp'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'vendas/extrato.cmp'))).toBe(true);
    expect(received).toEqual([]);
    const warnings = logs.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
    expect(warnings.map((l) => l.pasta).sort()).toEqual(['987654', 'vendas']);
  });

  it('ignores hidden files, partial downloads and its own folders', async () => {
    const w = watch();
    for (const name of ['.oculto', 'baixando.part', 'copia.tmp', '~lock.cmp', 'winscp.filepart']) drop(name, 'em cópia');
    for (let i = 0; i < 3; i++) expect(await w.scanOnce()).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['.oculto', '.recebendo', 'baixando.part', 'copia.tmp', 'winscp.filepart', '~lock.cmp']);
  });

  it('two watchers on the same folder load each file once', async () => {
    const a = watch();
    const b = watch();
    const names = Array.from({ length: 6 }, (_, i) => `disputado-${i}.txt`);
    for (const name of names) drop(name, `arquivo disputado ${name} ${engine} ${Date.now()}`);
    expect(await a.scanOnce() + await b.scanOnce()).toBe(0);
    const [na, nb] = await Promise.all([a.scanOnce(), b.scanOnce()]);
    expect(na + nb).toBe(names.length);
    expect(received.map((r) => r.name).sort()).toEqual(names);
    expect(fs.readdirSync(path.join(dir, 'processados', todayBusiness())).sort()).toEqual(names);
    expect(receiving()).toEqual([]);
  });

  it('takes again, on start, a file a process that died had claimed', async () => {
    let claimed!: () => void;
    const wasClaimed = new Promise<void>((resolve) => (claimed = resolve));
    // a watcher whose process "dies" mid-receive: never stopped, its receive never ends
    const log = pino({ level: 'silent' });
    const dead = startInboxWatcher({
      dir, log, pollSeconds: 3600, db: t.db,
      ingestion: { receive: () => (claimed(), new Promise(() => undefined)) },
    });
    drop('R97470EEVD17.cmp', crlf(sample(EEVD)));
    await dead.scanOnce();
    void dead.scanOnce();
    await wasClaimed;
    expect(receiving()).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, 'R97470EEVD17.cmp'))).toBe(false);

    const w = watch();
    expect(await w.scanOnce()).toBe(1);
    expect(received).toMatchObject([{ name: 'R97470EEVD17.cmp', duplicate: false }]);
    expect(await fileRecord(received[0]!.codarquivo)).toMatchObject({ status: 'PROCESSADO', nomearquivo: 'R97470EEVD17.cmp' });
    expect(receiving()).toEqual([]);
    expect(fs.existsSync(processed('R97470EEVD17.cmp'))).toBe(true);
  });

  it('an unrecognised file ends in ERRO and is moved all the same', async () => {
    const w = watch();
    drop('planilha.txt', `isto não é um extrato ${engine} ${Date.now()}`);
    await w.scanOnce();
    expect(await w.scanOnce()).toBe(1);
    expect(await fileRecord(received[0]!.codarquivo)).toMatchObject({ status: 'ERRO', origem: 'PASTA' });
    expect(fs.existsSync(processed('planilha.txt'))).toBe(true);
  });

  it('a duplicate is moved too, with a numeric suffix when its name is taken', async () => {
    const w = watch();
    const bytes = Buffer.from(`mesmo conteúdo ${engine} ${Date.now()}`);
    for (let i = 0; i < 2; i++) {
      drop('repetido.txt', bytes);
      await w.scanOnce();
      expect(await w.scanOnce()).toBe(1);
    }
    expect(received.map((r) => r.duplicate)).toEqual([false, true]);
    expect(received[1]!.codarquivo).toBe(received[0]!.codarquivo);
    expect(fs.readdirSync(path.join(dir, 'processados', todayBusiness())).sort()).toEqual(['repetido-1.txt', 'repetido.txt']);
  });

  it('the timer loop picks a file up on its own', async () => {
    watch(0.05);
    drop('R97470EEVC01.cmp', sample(EEVC));
    await vi.waitFor(() => expect(fs.existsSync(processed('R97470EEVC01.cmp'))).toBe(true), { timeout: 5000, interval: 50 });
    expect(received).toHaveLength(1);
  });
});
