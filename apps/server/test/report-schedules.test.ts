import { MSG } from '@concilia/domain';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion } from '../src/ingest/ingestion';
import { createMailer } from '../src/mail/mailer';
import { dispatchDueReports, nextRun, REPORT_RUN_QUEUE, runExecution } from '../src/reports/report-schedules';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { type ReceivedMail, startSmtp } from './smtp';

/**
 * Scheduled reports (issue 20): the next slot of a daily, weekly or monthly schedule in São Paulo time (a month
 * without the day runs on its last one; nothing after the validity); the schedule API with the form's messages and
 * the report's own filter checked; each due slot dispatched once however many dispatchers look, a missed one once;
 * the run e-mailed with its file through a real SMTP server; a run its user may no longer make ends in the history
 * with the reason; two worker processes run a due schedule exactly once.
 */
const quiet = pino({ level: 'silent' });
const sp = (local: string) => new Date(`${local}-03:00`);
const SALVAR = `mutation($v: AgendamentoRelatorioInput!) { salvarRelatorioAgendamento(values: $v) {
  codagendamento relatorio titulo parametros periodo formato frequencia dias diames hora validade emails ativo proximaexecucao usuario } }`;
const LISTAR = 'query { getAgendamentosRelatorios { codagendamento titulo usuario ultimaexecucao { status mensagem linhas } } }';
const DETALHE = 'query($c: Int!) { getAgendamentoRelatorio(codagendamento: $c) { codagendamento historico { status mensagem linhas bytes } } }';
const EXCLUIR = 'mutation($c: Int!) { excluirRelatorioAgendamento(codagendamento: $c) }';

/** A quoted-printable body as text (the mailer encodes accented text so). */
const unQuote = (qp: string) => Buffer.from(qp.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

function attachment(mail: ReceivedMail, filename: string): Buffer | null {
  const part = mail.raw.split(/\r?\n--/).find((p) => p.includes(`filename=${filename}`) || p.includes(`filename="${filename}"`));
  if (!part) return null;
  return Buffer.from(part.split(/\r?\n\r?\n/).slice(1).join('\n').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
}

describe('the next slot of a schedule', () => {
  const slot = (s: Partial<Parameters<typeof nextRun>[0]>) => ({ frequencia: 'D', dias: [], diames: null, hora: '07:00', validade: null, ...s });
  it('daily: today at the hour when it is still ahead, else tomorrow (São Paulo time)', () => {
    expect(nextRun(slot({}), sp('2026-11-23T06:59:00'))).toEqual(sp('2026-11-23T07:00:00'));
    expect(nextRun(slot({}), sp('2026-11-23T07:00:00'))).toEqual(sp('2026-11-24T07:00:00'));
  });
  it('weekly on the chosen days (1 = Domingo)', () => {
    // Monday 23/11/2026 after the hour: Wednesday, then Monday
    const s = slot({ frequencia: 'S', dias: [2, 4] });
    expect(nextRun(s, sp('2026-11-23T08:00:00'))).toEqual(sp('2026-11-25T07:00:00'));
    expect(nextRun(s, sp('2026-11-25T07:00:00'))).toEqual(sp('2026-11-30T07:00:00'));
  });
  it('monthly on a day; a month without that day runs on its last one', () => {
    expect(nextRun(slot({ frequencia: 'M', diames: 5, hora: '18:30' }), sp('2026-11-23T00:00:00'))).toEqual(sp('2026-12-05T18:30:00'));
    const d31 = slot({ frequencia: 'M', diames: 31 });
    expect(nextRun(d31, sp('2027-01-31T08:00:00'))).toEqual(sp('2027-02-28T07:00:00'));
    expect(nextRun(d31, sp('2027-02-28T08:00:00'))).toEqual(sp('2027-03-31T07:00:00'));
    expect(nextRun(d31, sp('2027-03-31T08:00:00'))).toEqual(sp('2027-04-30T07:00:00'));
  });
  it('none after its validity', () => {
    expect(nextRun(slot({ validade: '2026-11-23' }), sp('2026-11-23T06:00:00'))).toEqual(sp('2026-11-23T07:00:00'));
    expect(nextRun(slot({ validade: '2026-11-23' }), sp('2026-11-23T08:00:00'))).toBeNull();
  });
});

describe.each(engines())('scheduled reports (%s)', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: string;
  const valores = (v: Record<string, unknown> = {}) => ({
    relatorio: 'arquivos-rejeitados', parametros: JSON.stringify({ de: '2026-01-01', ate: '2026-12-31' }), formato: 'xlsx',
    frequencia: 'S', dias: [2, 4], hora: '07:00', emails: ['financeiro@padaria.test', 'Dono@Padaria.test'], ...v,
  });
  const salvar = (v: Record<string, unknown>, cookie = admin) => t.call(SALVAR, { v: valores(v) }, { cookie });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(engine, { SMTP_URL: smtp.url });
    admin = await t.login('ADMIN');
    // a file that ended in error: the report's one row
    await t.exec(`INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, mensagem, dataenvio, sha256, tamanho, datarecebimento)
      VALUES (NULL, 1, 'ERRO', 'UPLOAD', 'quebrado.txt', 'Linha 3: registro desconhecido', '2026-06-10', md5('quebrado'), 10, '2026-06-10T12:00:00-03:00')`);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('saves a schedule with its next slot, refusing what the form refuses and a filter the report refuses', async () => {
    expect(errorOf(await salvar({ dias: [] })).message).toBe(MSG.agendamentoDiasObrigatorio);
    expect(errorOf(await salvar({ hora: '7h' })).message).toBe(MSG.agendamentoHoraInvalida);
    expect(errorOf(await salvar({ emails: ['não é e-mail'] })).message).toBe(MSG.emailInvalido);
    expect(errorOf(await salvar({ relatorio: 'nao-existe' })).message).toBe(MSG.agendamentoRelatorioDesconhecido);
    expect(errorOf(await salvar({ parametros: JSON.stringify({ de: '2026-12-31', ate: '2026-01-01' }) })).message).toBe('A data final não pode ser anterior à inicial.');
    const saved = dataOf(await salvar({})).salvarRelatorioAgendamento;
    expect(saved).toMatchObject({
      relatorio: 'arquivos-rejeitados', titulo: 'Arquivos rejeitados', frequencia: 'S', dias: [2, 4], ativo: true, usuario: 'Administrador da Plataforma',
      emails: ['financeiro@padaria.test', 'dono@padaria.test'],
    });
    expect(Date.parse(saved.proximaexecucao)).toBeGreaterThan(Date.now());
    // inactive: no next slot
    const off = dataOf(await salvar({ codagendamento: saved.codagendamento, ativo: false })).salvarRelatorioAgendamento;
    expect(off.proximaexecucao).toBeNull();
    dataOf(await salvar({ codagendamento: saved.codagendamento, ativo: true }));
  });

  it("a schedule is seen from its user's person up, and changed or removed only there", async () => {
    const cliente = await t.login('CLIENTE');
    const own = dataOf(await salvar({ relatorio: 'vendas-operadora', parametros: JSON.stringify({ de: '2026-01-01', ate: '2026-01-31' }) }, cliente)).salvarRelatorioAgendamento;
    const seen = async (cookie: string) => dataOf(await t.call(LISTAR, {}, { cookie })).getAgendamentosRelatorios.map((a: { codagendamento: number }) => a.codagendamento);
    expect(await seen(admin)).toContain(own.codagendamento);
    expect(await seen(await t.login('REVENDA'))).toContain(own.codagendamento);
    const outro = await t.login('CLIENTE2');
    expect(await seen(outro)).not.toContain(own.codagendamento);
    expect(errorOf(await salvar({ codagendamento: own.codagendamento }, outro)).code).toBe('FORBIDDEN');
    expect(errorOf(await t.call(EXCLUIR, { c: own.codagendamento }, { cookie: outro })).code).toBe('FORBIDDEN');
    expect(dataOf(await t.call(EXCLUIR, { c: own.codagendamento }, { cookie: cliente })).excluirRelatorioAgendamento).toBe(true);
  });

  it('dispatches each due slot once however many dispatchers look, a slot missed for days once, and moves it forward', async () => {
    await t.exec(`UPDATE agendamentos_relatorio SET proximaexecucao = now() - interval '9 days' WHERE relatorio = 'arquivos-rejeitados'`);
    const counts = await Promise.all([dispatchDueReports(t.db), dispatchDueReports(t.db), dispatchDueReports(t.db)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await dispatchDueReports(t.db)).toBe(0);
    const [ag] = await t.exec(`SELECT proximaexecucao > now() AS futuro FROM agendamentos_relatorio WHERE relatorio = 'arquivos-rejeitados'`);
    expect(ag!.futuro).toBe(true);
    expect(await t.exec(`SELECT count(*)::int AS n FROM jobs WHERE queue = '${REPORT_RUN_QUEUE}'`)).toEqual([{ n: 1 }]);
  });

  it('runs the report as its user and e-mails the file to each address; a second run of the same execution sends nothing', async () => {
    const [exec] = await t.exec(`SELECT codexecucao FROM execucoes_relatorio ORDER BY codexecucao DESC LIMIT 1`);
    const mailer = createMailer(t.db, { smtpUrl: smtp.url, from: 'relatorios@concilia.test' }, quiet);
    await runExecution({ db: t.db, mailer, storage: t.app.services.ingestion.storage, config: t.config }, Number(exec!.codexecucao));
    await runExecution({ db: t.db, mailer, storage: t.app.services.ingestion.storage, config: t.config }, Number(exec!.codexecucao));
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails).toHaveLength(2);
    const mail = smtp.mails[0]!;
    expect(unQuote(mail.text)).toContain('Segue o relatório "Arquivos rejeitados"');
    expect(unQuote(mail.text)).toContain('Semanal (Seg, Qua) às 07:00');
    const file = mail.raw.match(/filename="?(arquivos-rejeitados_\d{8}_\d{4}\.xlsx)/)![1]!;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(attachment(mail, file)! as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Recebido em', 'Arquivo', 'Operadora', 'De', 'Origem', 'Mensagem']);
    expect(sheet.getRow(2).getCell(2).value).toBe('quebrado.txt');
    expect(sheet.getRow(2).getCell(6).value).toBe('Linha 3: registro desconhecido');
    const [c] = dataOf(await t.call(LISTAR, {}, { cookie: admin })).getAgendamentosRelatorios.filter((a: { titulo: string }) => a.titulo === 'Arquivos rejeitados');
    expect(c.ultimaexecucao).toMatchObject({ status: 'ENTREGUE', linhas: 1 });
  });

  it("a relative period sends the dates of each run's day, not the stored ones", async () => {
    const ontem = dataOf(await salvar({ periodo: 'ONTEM', frequencia: 'D', emails: ['ontem@padaria.test'] })).salvarRelatorioAgendamento;
    expect(ontem.periodo).toBe('ONTEM');
    const run = async (slot: string) => {
      const [e] = await t.exec(`INSERT INTO execucoes_relatorio (codagendamento, agendadopara) VALUES (${ontem.codagendamento}, '${slot}-03:00') RETURNING codexecucao`);
      const mailer = createMailer(t.db, { smtpUrl: smtp.url, from: 'relatorios@concilia.test' }, quiet);
      await runExecution({ db: t.db, mailer, storage: t.app.services.ingestion.storage, config: t.config }, Number(e!.codexecucao));
      return (await t.exec(`SELECT linhas FROM execucoes_relatorio WHERE codexecucao = ${e!.codexecucao}`))[0]!.linhas;
    };
    // the erroneous file came on 10/06: the run of the 11th reports it, the run of the 20th has nothing of its yesterday
    expect(await run('2026-06-11T07:00:00')).toBe(1);
    expect(await run('2026-06-20T07:00:00')).toBe(0);
    dataOf(await t.call(EXCLUIR, { c: ontem.codagendamento }, { cookie: admin }));
  });

  it('a run its user may no longer make ends in the history with the reason, without retries', async () => {
    const [ag] = await t.exec(`SELECT codagendamento FROM agendamentos_relatorio WHERE relatorio = 'arquivos-rejeitados'`);
    const [exec] = await t.exec(`INSERT INTO execucoes_relatorio (codagendamento, agendadopara) VALUES (${ag!.codagendamento}, now()) RETURNING codexecucao`);
    await t.exec(`UPDATE usuarios SET permitido = false WHERE login = 'ADMIN'`);
    try {
      const mailer = createMailer(t.db, { smtpUrl: smtp.url, from: 'relatorios@concilia.test' }, quiet);
      await runExecution({ db: t.db, mailer, storage: t.app.services.ingestion.storage, config: t.config }, Number(exec!.codexecucao));
    } finally {
      await t.exec(`UPDATE usuarios SET permitido = true WHERE login = 'ADMIN'`);
    }
    const h = dataOf(await t.call(DETALHE, { c: Number(ag!.codagendamento) }, { cookie: admin })).getAgendamentoRelatorio.historico;
    expect(h[0]).toMatchObject({ status: 'ERRO', mensagem: 'O usuário do agendamento não tem mais acesso aos relatórios.' });
    expect(h[1]).toMatchObject({ status: 'ENTREGUE', linhas: 1 });
  });

  it('two worker processes run a due schedule exactly once', async () => {
    const para = () => smtp.mails.filter((m) => m.to.includes('um@padaria.test')).length;
    await t.exec(`DELETE FROM jobs`);
    await t.exec(`UPDATE agendamentos_relatorio SET proximaexecucao = now() - interval '1 minute', emails = '{um@padaria.test}' WHERE relatorio = 'arquivos-rejeitados'`);
    const mailer = createMailer(t.db, { smtpUrl: smtp.url, from: 'relatorios@concilia.test' }, quiet);
    const start = () => createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 2, pollMs: 20, reports: { mailer, config: t.config } });
    const [a, b] = [start(), start()];
    try {
      await expect.poll(para, { timeout: 15_000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 500));
      expect(para()).toBe(1);
      expect(await t.exec(`SELECT count(*)::int AS n FROM execucoes_relatorio WHERE agendadopara > now() - interval '5 minutes' AND status = 'ENTREGUE'`)).toEqual([{ n: 1 }]);
    } finally {
      await a.stop();
      await b.stop();
      await t.exec(`DELETE FROM jobs`);
    }
  });
});
