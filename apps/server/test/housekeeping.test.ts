import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion } from '../src/ingest/ingestion';
import { HOUSEKEEPING_QUEUE, pruneExpired, scheduleHousekeeping } from '../src/jobs/housekeeping';
import { retryDelaySeconds, startWorkers } from '../src/jobs/job-queue';
import { createMailer, MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from '../src/mail/mailer';
import { createTestApp, engines, type TestApp } from './harness';
import { startSmtp } from './smtp';

/**
 * Housekeeping on the queue: what has expired goes and nothing else; one run is scheduled however many
 * processes ask; failed e-mail is tried again with growing, jittered delays; a dead worker's job is taken at the
 * next poll once its lease has expired.
 */
const quiet = pino({ level: 'silent' });
const SETTINGS = { housekeepingEveryMinutes: 5, retentionJobsDays: 14, retentionMailDays: 30, sessionIdleMinutes: 60, loginWindowMinutes: 15 };

describe.each(engines())('housekeeping on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const ids = async (q: string) => (await t.exec(q)).map((r) => String(Object.values(r)[0]));

  it('removes only what has expired: each kind by its own rule, rows just inside their window stay', async () => {
    const user = await t.userId('CLIENTE');
    for (const table of ['jobs', 'sessoes', 'tentativas_login', 'caixa_saida', 'tokens_acesso']) await t.exec(`DELETE FROM ${table}`);
    await t.exec(`INSERT INTO jobs (queue, payload, state, finished_at, run_at) VALUES
      ('ingest', '{"k":"velho-feito"}', 'done', now() - interval '15 days', now() - interval '15 days'),
      ('ingest', '{"k":"velho-falhou"}', 'failed', now() - interval '15 days', now() - interval '15 days'),
      ('ingest', '{"k":"recente-feito"}', 'done', now() - interval '13 days', now() - interval '13 days'),
      ('ingest', '{"k":"velho-pendente"}', 'pending', NULL, now() - interval '20 days')`);
    await t.exec(`INSERT INTO sessoes (tokenhash, codusuario, expiraem, ultimoacesso) VALUES
      ('fim-absoluto', ${user}, now() - interval '1 minute', now()),
      ('ociosa', ${user}, now() + interval '1 hour', now() - interval '61 minutes'),
      ('viva', ${user}, now() + interval '1 hour', now() - interval '59 minutes')`);
    await t.exec(`INSERT INTO tentativas_login (chave, janelainicio, tentativas) VALUES
      ('janela-acabou', now() - interval '16 minutes', 3), ('janela-aberta', now() - interval '14 minutes', 3)`);
    await t.exec(`INSERT INTO caixa_saida (para, assunto, texto, enviadoem, criadoem, viasmtp, erro) VALUES
      ('a@x.com', 'entregue-velha', '.', now() - interval '31 days', now() - interval '31 days', true, NULL),
      ('a@x.com', 'entregue-recente', '.', now() - interval '29 days', now() - interval '29 days', true, NULL),
      ('a@x.com', 'nao-entregue-velha', '.', NULL, now() - interval '90 days', true, 'falhou')`);

    await t.exec(`INSERT INTO tokens_acesso (tokenhash, tipo, codusuario, expiraem) VALUES
      ('painel-velho', 'PAINEL', ${user}, now() - interval '31 days'), ('troca-recente', 'TROCA_SENHA', ${user}, now() - interval '29 days'),
      ('painel-vivo', 'PAINEL', ${user}, now() + interval '1 hour')`);

    expect(await pruneExpired(t.db, SETTINGS)).toEqual({ jobs: 2, sessoes: 2, tentativasLogin: 1, caixaSaida: 1, tokensAcesso: 1 });
    expect(await ids(`SELECT tokenhash FROM tokens_acesso ORDER BY tokenhash`)).toEqual(['painel-vivo', 'troca-recente']);
    expect(await ids(`SELECT payload->>'k' FROM jobs ORDER BY id`)).toEqual(['recente-feito', 'velho-pendente']);
    expect(await ids(`SELECT tokenhash FROM sessoes`)).toEqual(['viva']);
    expect(await ids(`SELECT chave FROM tentativas_login`)).toEqual(['janela-aberta']);
    expect(await ids(`SELECT assunto FROM caixa_saida ORDER BY codemail`)).toEqual(['entregue-recente', 'nao-entregue-velha']);
    await t.exec(`DELETE FROM jobs`);
  });

  it('one run is scheduled however many processes ask at once, and the run schedules the next', async () => {
    const asked = await Promise.all(Array.from({ length: 5 }, () => scheduleHousekeeping(t.db, 0, { includeRunning: true })));
    expect(asked.filter(Boolean)).toHaveLength(1);
    const mailer = createMailer(t.db, { smtpUrl: null, from: 'x@y.z' }, quiet);
    const ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 20, housekeeping: { mailer, settings: SETTINGS } });
    try {
      await expect.poll(async () => ids(`SELECT state FROM jobs WHERE queue = '${HOUSEKEEPING_QUEUE}' ORDER BY id`), { timeout: 10_000 }).toEqual(['done', 'pending']);
      const [next] = await t.exec(`SELECT extract(epoch FROM run_at - now())::int AS s FROM jobs WHERE queue = '${HOUSEKEEPING_QUEUE}' AND state = 'pending'`);
      expect(Number(next!.s)).toBeGreaterThan(4 * 60);
      expect(Number(next!.s)).toBeLessThanOrEqual(5 * 60);
      await ing.drain(); // the always-scheduled run does not hold a drain
    } finally {
      await ing.stop();
      await t.exec(`DELETE FROM jobs`);
    }
  });

  it('an e-mail SMTP refused is tried again later, after a growing delay, and delivered once', async () => {
    const smtp = await startSmtp({ refuseFirst: 2 });
    try {
      const mailer = createMailer(t.db, { smtpUrl: smtp.url, from: 'Concilia <nao-responda@concilia.test>' }, quiet);
      await mailer.send({ to: 'cliente@example.com', subject: 'Tentativas', text: 'Olá' });
      await mailer.idle();
      const row = async () => (await t.exec(`SELECT tentativas, enviadoem IS NOT NULL AS enviada,
        extract(epoch FROM proximatentativa - now())::int AS espera FROM caixa_saida WHERE assunto = 'Tentativas'`))[0] as { tentativas: number; enviada: boolean; espera: number | null };
      let r = await row();
      expect([r.tentativas, r.enviada]).toEqual([1, false]);
      expect(r.espera).toBeGreaterThanOrEqual(29);
      expect(r.espera).toBeLessThanOrEqual(60);
      // not due yet: nothing is tried
      expect(await mailer.retryFailed()).toEqual({ tried: 0, sent: 0 });
      await t.exec(`UPDATE caixa_saida SET proximatentativa = now() - interval '1 second' WHERE assunto = 'Tentativas'`);
      expect(await mailer.retryFailed()).toEqual({ tried: 1, sent: 0 });
      r = await row();
      expect([r.tentativas, r.enviada]).toEqual([2, false]);
      expect(r.espera).toBeGreaterThanOrEqual(59);
      expect(r.espera).toBeLessThanOrEqual(120);
      await t.exec(`UPDATE caixa_saida SET proximatentativa = now() - interval '1 second' WHERE assunto = 'Tentativas'`);
      expect(await mailer.retryFailed()).toEqual({ tried: 1, sent: 1 });
      expect(await row()).toEqual({ tentativas: 3, enviada: true, espera: null });
      expect(smtp.refused()).toBe(2);
      expect(smtp.mails.map((m) => m.to)).toEqual([['cliente@example.com']]);
      expect(await mailer.retryFailed()).toEqual({ tried: 0, sent: 0 });
    } finally {
      await smtp.close();
    }
  });

  it('a job whose worker died is taken by another worker at its next poll once the lease has expired', async () => {
    await t.exec(`INSERT INTO jobs (queue, payload, state, attempts, locked_by, locked_until, run_at)
      VALUES ('orfao', '{}', 'running', 1, 'maquina-morta:1', now() - interval '1 second', now() - interval '2 minutes')`);
    const ran: number[] = [];
    const t0 = performance.now();
    const workers = startWorkers({ db: t.db, log: quiet, pollMs: 50, leaseSeconds: 5, handlers: { orfao: { run: async (j) => void ran.push(j.id), giveUp: async () => {} } } });
    try {
      await expect.poll(() => ran.length, { timeout: 5000, interval: 10 }).toBe(1);
      expect(performance.now() - t0).toBeLessThan(1000);
      expect(await ids(`SELECT state FROM jobs WHERE queue = 'orfao'`)).toEqual(['done']);
    } finally {
      await workers.stop();
      await t.exec(`DELETE FROM jobs`);
    }
  });
});

describe('retry delays', () => {
  it('grow with each attempt, with jitter inside the bounds', () => {
    expect([retryDelaySeconds(3, () => 0), retryDelaySeconds(3, () => 1)]).toEqual([4, 8]);
    expect([mailRetryDelayMs(1, () => 0), mailRetryDelayMs(1, () => 1), mailRetryDelayMs(3, () => 1)]).toEqual([30_000, 60_000, 240_000]);
    const delays = Array.from({ length: 50 }, () => retryDelaySeconds(4));
    expect(new Set(delays).size).toBeGreaterThan(40);
    expect(delays.every((d) => d >= 8 && d <= 16)).toBe(true);
    expect(MAIL_MAX_ATTEMPTS).toBeGreaterThan(3);
  });
});
