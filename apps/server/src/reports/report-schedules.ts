import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agendamentosRelatorio, type Db, execucoesRelatorio } from '@concilia/db';
import { BUSINESS_TZ, describeFrequency, fillMessage, MSG, periodoRelativo, RELATORIOS_PAGE, reportByKey, todayBusiness } from '@concilia/domain';
import { CronExpressionParser } from 'cron-parser';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { scheduledUser } from '../features/auth/require-page';
import type { FileStorage } from '../ingest/file-storage';
import { type QueueHandler, enqueue, recurringDispatcher, scheduleOnce } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';
import { keepReportFile, REPORT_LINK_DAYS, type ReportLinkConfig } from './report-files';
import { checkedFilter, runReport } from './report-runner';
import { REPORT_SOURCES } from './sources';

/**
 * Scheduled reports (issue 20). A recurring dispatcher (queue REPORT_DISPATCH_QUEUE, one run pending however many
 * processes run, like the late-file check) takes the schedules whose slot has come with FOR UPDATE SKIP LOCKED, records
 * an execution, moves the slot forward and queues the execution — all in one transaction, so each slot is dispatched
 * once even with several workers. A schedule missed while the server was down is due once: its next slot is counted
 * from now. The execution (queue REPORT_RUN_QUEUE, retried with back-off by the job queue) runs the report as the
 * schedule's user and e-mails the file through the outbox — attached, or when too large kept in the file storage and
 * sent as a link (report-files.ts); its end — delivered, or the error — is kept in the history.
 */

export const REPORT_DISPATCH_QUEUE = 'relatorios-agendados';
export const REPORT_RUN_QUEUE = 'relatorio-execucao';
const DISPATCH_LOCK = 0x72656c6167656e64n; // 'relagend'
/** the dispatcher looks every minute: a schedule's hour is a minute's precision */
export const DISPATCH_EVERY_MINUTES = 1;
/** a file up to this size travels attached (what mail servers commonly take); a larger one travels as a link */
export const REPORT_ATTACHMENT_MAX_BYTES = 8 * 1024 * 1024;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

type Slot = { frequencia: string; dias: readonly number[] | null; diames: number | null; hora: string; validade: string | null };

/** The first slot of the schedule strictly after `after`, or null once past its validity (the day's end in São Paulo). */
export function nextRun(s: Slot, after: Date): Date | null {
  const [hh, mm] = s.hora.split(':').map(Number) as [number, number];
  const next = (expr: string) => CronExpressionParser.parse(expr, { currentDate: after, tz: BUSINESS_TZ }).next().toDate();
  let at: Date;
  if (s.frequencia === 'S') at = next(`${mm} ${hh} * * ${[...(s.dias ?? [])].map((d) => d - 1).join(',')}`);
  else if (s.frequencia === 'M') {
    const dia = s.diames ?? 1;
    at = next(`${mm} ${hh} ${dia} * *`);
    if (dia > 28) {
      // a month without that day runs on its last one
      const last = next(`${mm} ${hh} L * *`);
      const lastDay = Number(new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, day: '2-digit' }).format(last));
      if (lastDay < dia && last < at) at = last;
    }
  } else at = next(`${mm} ${hh} * * *`);
  if (s.validade && todayBusiness(at) > s.validade) return null;
  return at;
}

/** Queues the next dispatcher run unless one is waiting (or, with includeRunning, under way). */
export const scheduleReportDispatch = (db: Db, inMinutes: number, opts: { includeRunning?: boolean } = {}): Promise<boolean> =>
  scheduleOnce(db, REPORT_DISPATCH_QUEUE, DISPATCH_LOCK, inMinutes, opts);

/** Dispatches every due slot at `now`: one execution each, the slot moved forward; answers how many. */
export async function dispatchDueReports(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const due = rowsOf<{ codagendamento: number; frequencia: string; dias: number[] | null; diames: number | null; hora: string; validade: string | null; proximaexecucao: Date | string }>(
      await tx.execute(sql`
        SELECT codagendamento, frequencia, dias, diames, hora, validade::text AS validade, proximaexecucao
        FROM agendamentos_relatorio
        WHERE ativo AND proximaexecucao <= ${now.toISOString()}::timestamptz
        ORDER BY proximaexecucao, codagendamento
        LIMIT 100
        FOR UPDATE SKIP LOCKED`),
    );
    for (const s of due) {
      const [exec] = await tx.insert(execucoesRelatorio)
        .values({ codagendamento: Number(s.codagendamento), agendadopara: new Date(s.proximaexecucao) })
        .returning({ codexecucao: execucoesRelatorio.codexecucao });
      await tx.update(agendamentosRelatorio)
        .set({ proximaexecucao: nextRun({ ...s, dias: s.dias?.map(Number) ?? [] }, now) })
        .where(eq(agendamentosRelatorio.codagendamento, Number(s.codagendamento)));
      await enqueue(tx, REPORT_RUN_QUEUE, { codexecucao: exec!.codexecucao }, { maxAttempts: 4 });
    }
    return due.length;
  });
}

/** The schedule's user as a session would see it, while it may still run reports; null when it may not. */
const runnerOf = (db: Db, codusuario: number | null) => scheduledUser(db, codusuario, RELATORIOS_PAGE, 'agendamento');

const finish = (db: Db, codexecucao: number, v: Partial<typeof execucoesRelatorio.$inferInsert>) =>
  db.update(execucoesRelatorio).set({ ...v, terminadoem: new Date() }).where(eq(execucoesRelatorio.codexecucao, codexecucao));

/** An expected reason a run cannot happen: recorded as the run's end, not retried. */
class RunRefused extends Error {}

export type ReportRunDeps = {
  db: Db;
  mailer: Mailer;
  /** where a file too large to attach is kept for its link: the app's file storage */
  storage: FileStorage;
  config: ReportLinkConfig;
  /** where the report is written before it is sent; a temporary folder unless given */
  dir?: string;
  /** REPORT_ATTACHMENT_MAX_BYTES unless given (tests: a small limit instead of a large report) */
  attachmentMaxBytes?: number;
};

/** '8 MB', '12,4 MB', '900 KB': a size as the e-mail and the history say it */
function sizeText(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1 ? `${mb.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;
}

/** Runs one execution: the report as its schedule's user, e-mailed to the schedule's addresses. */
export async function runExecution(deps: ReportRunDeps, codexecucao: number): Promise<void> {
  const { db } = deps;
  const [e] = await db.select({ exec: execucoesRelatorio, ag: agendamentosRelatorio }).from(execucoesRelatorio)
    .innerJoin(agendamentosRelatorio, eq(agendamentosRelatorio.codagendamento, execucoesRelatorio.codagendamento))
    .where(eq(execucoesRelatorio.codexecucao, codexecucao));
  if (!e || e.exec.status !== 'EXECUTANDO') return; // already ended (a retry after the e-mail went): nothing twice
  try {
    const def = reportByKey(e.ag.relatorio);
    const source = def ? REPORT_SOURCES[def.key] : undefined;
    if (!def || !source) throw new RunRefused(MSG.agendamentoRelatorioNaoExiste);
    const me = await runnerOf(db, e.ag.codusuario);
    if (!me) throw new RunRefused(MSG.agendamentoUsuarioSemAcesso);
    // a relative period replaces the stored dates with those of the slot's day
    const relativo = periodoRelativo(e.ag.periodo, todayBusiness(e.exec.agendadopara));
    const filtro = checkedFilter(def, relativo ? { ...e.ag.parametros, ...relativo } : e.ag.parametros);
    const file = await runReport(db, deps.dir ?? path.join(os.tmpdir(), 'concilia-agendados'), me, def, source, filtro, e.ag.formato as never);
    try {
      const limit = deps.attachmentMaxBytes ?? REPORT_ATTACHMENT_MAX_BYTES;
      const attach = file.bytes <= limit;
      const content = attach ? await fs.promises.readFile(file.caminho) : null;
      const tamanho = sizeText(file.bytes);
      const link = attach ? null : await keepReportFile(deps, codexecucao, file, new Date(Date.now() + REPORT_LINK_DAYS * 24 * 60 * 60 * 1000));
      const corpo = fillMessage(MSG.agendamentoEmailCorpo, {
        titulo: def.title, usuario: me.nome, quando: describeFrequency({ ...e.ag, dias: e.ag.dias ?? [] }), mensagem: file.mensagem,
      }) + (link ? `\n\n${fillMessage(MSG.agendamentoEmailLink, { arquivo: file.arquivo, tamanho, limite: sizeText(limit), dias: REPORT_LINK_DAYS, url: link })}` : '');
      for (const to of e.ag.emails) {
        await deps.mailer.send({
          to, subject: fillMessage(MSG.agendamentoEmailAssunto, { titulo: def.title }), text: corpo,
          attachments: content ? [{ filename: file.arquivo, contentType: file.contentType, content }] : undefined,
        });
      }
      await finish(db, codexecucao, {
        status: 'ENTREGUE', linhas: file.linhas, bytes: file.bytes,
        mensagem: link ? fillMessage(MSG.agendamentoEnviadoLink, { tamanho, dias: REPORT_LINK_DAYS }) : file.mensagem,
      });
    } finally {
      await fs.promises.rm(file.caminho, { force: true });
    }
  } catch (err) {
    if (err instanceof RunRefused) {
      await finish(db, codexecucao, { status: 'ERRO', mensagem: err.message });
      return;
    }
    throw err;
  }
}

export function reportScheduleHandlers(deps: ReportRunDeps & { log: Logger }): Record<string, QueueHandler> {
  return {
    [REPORT_DISPATCH_QUEUE]: recurringDispatcher(deps.db, REPORT_DISPATCH_QUEUE, DISPATCH_LOCK, DISPATCH_EVERY_MINUTES, () => dispatchDueReports(deps.db),
      (n) => deps.log.info({ agendamentos: n }, 'scheduled reports dispatched')),
    [REPORT_RUN_QUEUE]: {
      run: (job) => runExecution(deps, Number(job.payload.codexecucao)),
      // every attempt failed (the database, the disk): the history says so in words a user can act on, the log keeps
      // the cause; the schedule keeps its next slot
      giveUp: async (job, error) => {
        deps.log.error({ codexecucao: job.payload.codexecucao, error }, 'scheduled report failed');
        await finish(deps.db, Number(job.payload.codexecucao), { status: 'ERRO', mensagem: MSG.agendamentoFalhou });
      },
    },
  };
}

