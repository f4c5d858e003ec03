import crypto from 'node:crypto';
import { MSG } from '@concilia/domain';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../src/app';
import { offerDownload } from '../src/downloads/download-store';
import type { SessionUser } from '../src/features/auth/session.service';
import type { Ctx } from '../src/graphql/context';
import { housekeepingHandler } from '../src/jobs/housekeeping';
import { isStored } from '../src/ingest/stored-refs';
import { BASE_URL, createTestApp, dataOf, engines, type TestApp } from './harness';

/**
 * Download offers with several web processes (docs/scaling.md): two apps over one database and one file store stand
 * for two processes behind a load balancer. An offer made by one is fetched through the other, once; of two fetches
 * of one token at once exactly one gets the file; another user's session and an expired offer get the 404; and
 * housekeeping removes an expired offer's stored bytes, but never bytes a received file (or a download still being
 * read) holds.
 */
const quiet = pino({ level: 'silent' });
const PREVISAO = 'mutation($f: FechaMovimentoPrevisaoFiltro!, $d: [Int!]!) { getRelatorioFechaMovimentoPrevisao(filtro: $f, dias: $d) }';
const tokenHash = (p: string) => crypto.createHash('sha256').update(p.slice('/download/'.length)).digest('hex');
const sha = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

describe.each(engines())('download offers shared between web processes (%s)', (engine) => {
  let t: TestApp;
  /** the second web process: its own app, the same database and file store */
  let other: App;
  let revenda: string;
  let cliente: string;
  let codusuario: number;

  const get = async (app: App, path: string, cookie: string) => {
    const res = await app.fetch(`${BASE_URL}${path}`, { method: 'GET', headers: { cookie } });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  };
  /** an offer made through the first app's real download mutation */
  const offerByMutation = async () =>
    dataOf(await t.call(PREVISAO, { f: { datavendade: '2026-03-01', datavendaate: '2026-03-15' }, d: [1, 2, 3, 4, 5, 6, 7] }, { cookie: revenda }))
      .getRelatorioFechaMovimentoPrevisao as string;
  /** an offer of chosen bytes, as a resolver of the first app makes it */
  const offer = (body: Parameters<typeof offerDownload>[1]['body'], fileName = 'relatório de março.csv') => {
    const ctx = { ...t.app.services, open: t.opened, requireUser: async () => ({ codusuario }) as SessionUser } as unknown as Ctx;
    return offerDownload(ctx, { fileName, contentType: 'text/csv; charset=utf-8', body });
  };
  const rowOf = async (path: string) => (await t.exec(`SELECT * FROM downloads_oferecidos WHERE tokenhash = '${tokenHash(path)}'`))[0];
  const storage = () => t.app.services.ingestion.storage;

  beforeAll(async () => {
    t = await createTestApp(engine);
    other = createApp({ db: t.opened, config: t.config, log: quiet });
    revenda = await t.login('REVENDA');
    cliente = await t.login('CLIENTE');
    codusuario = await t.userId('REVENDA');
  });
  afterAll(async () => {
    await other?.stop();
    await t?.close();
  });

  it('an offer made by one process is fetched through another, once; only its hash is stored', async () => {
    const path = await offerByMutation();
    expect(path).toMatch(/^\/download\/[\w-]{16,64}$/);
    const row = await rowOf(path);
    expect(row).toMatchObject({ codusuario, tomadaem: null });
    expect(JSON.stringify(await t.exec('SELECT * FROM downloads_oferecidos'))).not.toContain(path.slice('/download/'.length));
    const r = await get(other, path, revenda);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha(r.bytes)).toBe(row!.sha256);
    const again = await get(t.app, path, revenda);
    expect(again.status).toBe(404);
    expect(new TextDecoder().decode(again.bytes)).toBe(MSG.downloadIndisponivel);
    expect((await get(other, path, revenda)).status).toBe(404);
  });

  it('streams a large body written as it is produced, byte for byte, with its exact name', async () => {
    const chunk = crypto.randomBytes(256 * 1024);
    const path = await offer(async function* () {
      for (let i = 0; i < 12; i++) yield chunk;
    }, 'relatório "março".csv');
    const r = await get(other, path, revenda);
    expect(r.status).toBe(200);
    expect(r.bytes.length).toBe(12 * chunk.length);
    expect(r.headers.get('content-length')).toBe(String(12 * chunk.length));
    expect(Buffer.from(r.bytes.subarray(11 * chunk.length)).equals(chunk)).toBe(true);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="relatorio _marco_.csv"; filename*=UTF-8''${encodeURIComponent('relatório "março".csv')}`);
    // a string body is UTF-8
    const text = await get(t.app, await offer('Razão Social;Valor\n'), revenda);
    expect(new TextDecoder().decode(text.bytes)).toBe('Razão Social;Valor\n');
  });

  it('two processes fetching one token at once: exactly one gets the file', async () => {
    for (let round = 0; round < 3; round++) {
      const path = await offer(crypto.randomBytes(64));
      const answers = await Promise.all([get(t.app, path, revenda), get(other, path, revenda), get(other, path, revenda), get(t.app, path, revenda)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404]);
    }
  });

  it("another user's session and an expired offer get the 404; neither takes the offer from its user", async () => {
    const path = await offer('dados\n');
    const stranger = await get(other, path, cliente);
    expect(stranger.status).toBe(404);
    expect(new TextDecoder().decode(stranger.bytes)).toBe(MSG.downloadIndisponivel);
    expect((await rowOf(path))!.tomadaem).toBeNull();
    expect((await get(other, path, revenda)).status).toBe(200);

    const expired = await offer('dados\n');
    await t.exec(`UPDATE downloads_oferecidos SET expiraem = now() - interval '1 second' WHERE tokenhash = '${tokenHash(expired)}'`);
    const late = await get(other, expired, revenda);
    expect(late.status).toBe(404);
    expect(new TextDecoder().decode(late.bytes)).toBe(MSG.downloadIndisponivel);
    expect((await rowOf(expired))!.tomadaem).toBeNull();
  });

  it("housekeeping removes an expired offer's bytes, but not bytes a received file or a download under way holds", async () => {
    const logs: Record<string, unknown>[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
    const sweep = () => housekeepingHandler({
      db: t.db, log, mailer: t.app.services.mailer, storage: storage(),
      settings: { housekeepingEveryMinutes: 5, retentionJobsDays: 14, retentionMailDays: 30, sessionIdleMinutes: 60, loginWindowMinutes: 15 },
    }).run({ id: 0, queue: 'manutencao', payload: {}, attempts: 1, maxAttempts: 1 });
    await t.exec('DELETE FROM downloads_oferecidos');

    const alone = crypto.randomBytes(100);
    const original = crypto.randomBytes(100);
    const reading = crypto.randomBytes(100);
    const pAlone = await offer(alone);
    const pOriginal = await offer(original);
    const pReading = await offer(reading);
    const live = await offer(crypto.randomBytes(100));
    // the original of a received file has the same key as its download (the store is content-addressed)
    await t.exec(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho, datarecebimento)
      VALUES (NULL, 1, 'PROCESSADO', 'UPLOAD', 'mesmos-bytes-download.csv', '2026-06-10', '${sha(original)}', 100, now())`);
    // taken a moment ago and since expired: its download may still be reading the bytes
    expect((await get(other, pReading, revenda)).status).toBe(200);
    await t.exec(`UPDATE downloads_oferecidos SET expiraem = now() - interval '1 second' WHERE tokenhash IN ('${tokenHash(pAlone)}', '${tokenHash(pOriginal)}', '${tokenHash(pReading)}')`);

    await sweep();
    expect(await rowOf(pAlone)).toBeUndefined();
    expect(await isStored(storage(), sha(alone))).toBe(false);
    expect(await rowOf(pOriginal)).toBeUndefined();
    expect(await isStored(storage(), sha(original))).toBe(true);
    expect(await rowOf(pReading)).toBeDefined();
    expect(await isStored(storage(), sha(reading))).toBe(true);
    expect(await rowOf(live)).toBeDefined();
    expect(logs.find((l) => l.msg === 'housekeeping')?.pruned).toMatchObject({ downloads: 2, arquivosDownload: 1 });

    // once the download has had its time, its row and its bytes go too
    await t.exec(`UPDATE downloads_oferecidos SET tomadaem = now() - interval '2 hours' WHERE tokenhash = '${tokenHash(pReading)}'`);
    await sweep();
    expect(await rowOf(pReading)).toBeUndefined();
    expect(await isStored(storage(), sha(reading))).toBe(false);
    expect((await get(t.app, live, revenda)).status).toBe(200);
    await t.exec(`DELETE FROM arquivos WHERE nomearquivo = 'mesmos-bytes-download.csv'`);
  });

  it('a received file deleted while its download is offered keeps its bytes for the offer', async () => {
    const bytes = crypto.randomBytes(80);
    const { sha256 } = await storage().put(bytes, 0);
    const [{ codarquivo }] = (await t.exec(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho, datarecebimento)
      VALUES (NULL, 1, 'PROCESSADO', 'UPLOAD', 'apagado.csv', '2026-06-10', '${sha256}', 80, now()) RETURNING codarquivo`)) as [{ codarquivo: number }];
    const path = await offer({ stored: sha256 }, 'apagado.csv');
    expect(await t.app.services.ingestion.remove(Number(codarquivo))).toBe(true);
    const r = await get(other, path, revenda);
    expect(r.status).toBe(200);
    expect(Buffer.from(r.bytes).equals(bytes)).toBe(true);
  });
});
