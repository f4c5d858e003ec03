import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fillMessage, MSG } from '@concilia/domain';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/http/server';
import { housekeepingHandler } from '../src/jobs/housekeeping';
import { createMailer, type Mailer } from '../src/mail/mailer';
import { REPORT_LINK_DAYS, signReportLink } from '../src/reports/report-files';
import { runExecution } from '../src/reports/report-schedules';
import { BASE_URL, createTestApp, dataOf, engines, type TestApp } from './harness';
import { type ReceivedMail, startSmtp } from './smtp';

/**
 * A scheduled report too large to attach (issue 20) goes as a link: the e-mail carries no file but
 * PUBLIC_URL/relatorios/arquivo/<token>; the link gives the stored file byte for byte to a signed-in user who sees the
 * schedule, and refuses — in pt-BR, without telling a stranger whether the file exists — no session, another client's
 * user, an altered token and an expired one (410). Housekeeping then removes the expired file, unless another run's
 * live link or a received file shares the bytes. The attachment limit is lowered for the test instead of generating 8 MB.
 */
const quiet = pino({ level: 'silent' });
const SALVAR = `mutation($v: AgendamentoRelatorioInput!) { salvarRelatorioAgendamento(values: $v) { codagendamento } }`;
const LINK = /http:\/\/localhost:3000\/relatorios\/arquivo\/([\w.-]+)/;

describe.each(engines())('scheduled report links (%s)', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailer: Mailer;
  let cliente: string;
  let codagendamento: number;
  let codexecucao: number;
  let token: string;
  let sha256: string;
  let mail: ReceivedMail;

  const get = async (path: string, cookie?: string) => {
    const res = await t.app.fetch(`${BASE_URL}${path}`, { method: 'GET', headers: cookie ? { cookie } : {} });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const stored = async (sha: string): Promise<Buffer | null> => {
    try {
      const chunks: Uint8Array[] = [];
      for await (const c of t.app.services.ingestion.storage.read(sha)) chunks.push(c);
      return Buffer.concat(chunks);
    } catch {
      return null;
    }
  };
  const newRun = async (v: { sha256: string; expira: string }) => (await t.exec(`INSERT INTO execucoes_relatorio
    (codagendamento, agendadopara, status, arquivo, sha256, contenttype, expiraem, terminadoem)
    VALUES (${codagendamento}, now(), 'ENTREGUE', 'outro.csv', '${v.sha256}', 'text/csv', ${v.expira}, now()) RETURNING codexecucao`))[0]!.codexecucao as number;
  const shaOf = async (cod: number) => (await t.exec(`SELECT sha256 FROM execucoes_relatorio WHERE codexecucao = ${cod}`))[0]!.sha256;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(engine, { SMTP_URL: smtp.url });
    mailer = createMailer(t.db, { smtpUrl: smtp.url, from: 'relatorios@concilia.test' }, quiet);
    cliente = await t.login('CLIENTE');
    // a file of the client's that ended in error: the report's one row
    await t.exec(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, mensagem, dataenvio, sha256, tamanho, datarecebimento)
      VALUES ((SELECT codpessoa FROM usuarios WHERE login = 'CLIENTE'), 1, 'ERRO', 'UPLOAD', 'quebrado.txt', 'Linha 3: registro desconhecido', '2026-06-10', md5('quebrado'), 10, '2026-06-10T12:00:00-03:00')`);
    codagendamento = dataOf(await t.call(SALVAR, { v: {
      relatorio: 'arquivos-rejeitados', parametros: JSON.stringify({ de: '2026-01-01', ate: '2026-12-31' }), formato: 'csv',
      frequencia: 'D', hora: '07:00', emails: ['financeiro@padaria.test'],
    } }, { cookie: cliente })).salvarRelatorioAgendamento.codagendamento;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('e-mails a link instead of the file when it passes the attachment limit, and keeps the file for it', async () => {
    const [e] = await t.exec(`INSERT INTO execucoes_relatorio (codagendamento, agendadopara) VALUES (${codagendamento}, now()) RETURNING codexecucao`);
    codexecucao = Number(e!.codexecucao);
    await runExecution({ db: t.db, mailer, storage: t.app.services.ingestion.storage, config: t.config, attachmentMaxBytes: 16 }, codexecucao);
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(1);
    mail = smtp.mails[0]!;
    expect(mail.raw).not.toMatch(/filename=/i);
    expect(mail.text).toContain('Segue o relatório "Arquivos rejeitados"');
    expect(mail.text).toContain('acima do limite para anexos');
    token = LINK.exec(mail.text)![1]!;
    const [run] = await t.exec(`SELECT status, mensagem, arquivo, sha256, contenttype, expiraem, bytes FROM execucoes_relatorio WHERE codexecucao = ${codexecucao}`);
    expect(run).toMatchObject({ status: 'ENTREGUE', contenttype: 'text/csv; charset=utf-8' });
    expect(String(run!.arquivo)).toMatch(/^arquivos-rejeitados_\d{8}_\d{4}\.csv$/);
    expect(mail.text).toContain(String(run!.arquivo));
    expect(run!.mensagem).toBe(fillMessage(MSG.agendamentoEnviadoLink, { tamanho: '1 KB', dias: REPORT_LINK_DAYS }));
    const dias = (new Date(String(run!.expiraem)).getTime() - Date.now()) / 86_400_000;
    expect(dias).toBeGreaterThan(REPORT_LINK_DAYS - 0.01);
    expect(dias).toBeLessThanOrEqual(REPORT_LINK_DAYS);
    sha256 = String(run!.sha256);
    const kept = await stored(sha256);
    expect(kept!.length).toBe(Number(run!.bytes));
    expect(kept!.toString('utf8')).toContain('quebrado.txt');
  });

  it("gives the file, byte for byte, to the owner's session and to a user above it, through the HTTP server too", async () => {
    const kept = (await stored(sha256))!;
    const own = await get(`/relatorios/arquivo/${token}`, cliente);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="arquivos-rejeitados_\d{8}_\d{4}\.csv"/);
    expect(own.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(own.bytes.equals(kept)).toBe(true);
    expect(crypto.createHash('sha256').update(own.bytes).digest('hex')).toBe(sha256);
    expect((await get(`/relatorios/arquivo/${token}`, await t.login('REVENDA'))).bytes.equals(kept)).toBe(true);

    const server = createHttpServer(t.app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/relatorios/arquivo/${token}`, { headers: { cookie: cliente } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(kept)).toBe(true);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('refuses, in pt-BR, no session, a stranger (the same answer whether the run exists or not) and an altered token', async () => {
    const text = (r: { bytes: Buffer }) => r.bytes.toString('utf8');
    const anonymous = await get(`/relatorios/arquivo/${token}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text(anonymous)).toContain(MSG.relatorioArquivoEntrar);

    const outro = await t.login('CLIENTE2');
    const stranger = await get(`/relatorios/arquivo/${token}`, outro);
    expect(stranger.status).toBe(403);
    expect(text(stranger)).toContain(MSG.relatorioArquivoSemAcesso);
    const nowhere = await get(`/relatorios/arquivo/${signReportLink(t.config, 987654, new Date(Date.now() + 3_600_000))}`, outro);
    expect([nowhere.status, text(nowhere)]).toEqual([stranger.status, text(stranger)]);

    const [id, end, mac] = token.split('.') as [string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const altered of [`${id}.${end}.${flipped}`, `${Number(id) + 1}.${end}.${mac}`, `${id}.${Number(end) + 86_400}.${mac}`, `${id}.${end}`, 'x']) {
      const r = await get(`/relatorios/arquivo/${altered}`, cliente);
      expect(r.status, altered).toBe(404);
      expect(text(r)).toContain(MSG.relatorioArquivoLinkInvalido);
    }
  });

  it('an expired link answers 410 with the pt-BR reason', async () => {
    const r = await get(`/relatorios/arquivo/${signReportLink(t.config, codexecucao, new Date(Date.now() - 1000))}`, cliente);
    expect(r.status).toBe(410);
    expect(r.bytes.toString('utf8')).toContain(fillMessage(MSG.relatorioArquivoExpirado, { dias: REPORT_LINK_DAYS }));
  });

  it('housekeeping removes an expired file, unless a live link or a received file shares its bytes', async () => {
    const sweep = () => housekeepingHandler({
      db: t.db, log: quiet, mailer, storage: t.app.services.ingestion.storage,
      settings: { housekeepingEveryMinutes: 5, retentionJobsDays: 14, retentionMailDays: 30, sessionIdleMinutes: 60, loginWindowMinutes: 15 },
    }).run({ id: 0, queue: 'manutencao', payload: {}, attempts: 1, maxAttempts: 1 });
    // the store is content-addressed: another run's live link to the same bytes keeps them
    const vivo = await newRun({ sha256, expira: `now() + interval '1 day'` });
    await t.exec(`UPDATE execucoes_relatorio SET expiraem = now() - interval '1 minute' WHERE codexecucao = ${codexecucao}`);
    await sweep();
    expect(await shaOf(codexecucao)).toBeNull();
    expect(await stored(sha256)).not.toBeNull();
    // and so does a received file with those bytes
    await t.exec(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho, datarecebimento)
      VALUES (NULL, 1, 'PROCESSADO', 'UPLOAD', 'mesmos-bytes.csv', '2026-06-10', '${sha256}', 10, now())`);
    await t.exec(`UPDATE execucoes_relatorio SET expiraem = now() - interval '1 minute' WHERE codexecucao = ${vivo}`);
    await sweep();
    expect(await shaOf(vivo)).toBeNull();
    expect(await stored(sha256)).not.toBeNull();
    // nothing else: the bytes go, and a link still inside its time says the file is gone
    await t.exec(`DELETE FROM arquivos WHERE nomearquivo = 'mesmos-bytes.csv'`);
    const ultimo = await newRun({ sha256, expira: `now() - interval '1 minute'` });
    await sweep();
    expect(await shaOf(ultimo)).toBeNull();
    expect(await stored(sha256)).toBeNull();
    const gone = await newRun({ sha256, expira: `now() + interval '1 day'` });
    const r = await get(`/relatorios/arquivo/${signReportLink(t.config, gone, new Date(Date.now() + 86_400_000))}`, cliente);
    expect(r.status).toBe(404);
    expect(r.bytes.toString('utf8')).toContain(MSG.relatorioArquivoIndisponivel);
    await t.exec(`DELETE FROM execucoes_relatorio WHERE codexecucao = ${gone}`);
  });
});
