import { agendamentosIntegracao, bucketsS3, type Db, execucoesIntegracao } from '@concilia/db';
import {
  addDays, agendamentoIntegracaoRegister, BUSINESS_TZ, bucketsS3Register, INTEGRACAO_PAGE, type IntegracaoTipo, integracaoFileName, isBusinessDay,
  fillMessage, MSG, todayBusiness,
} from '@concilia/domain';
import { CronExpressionParser } from 'cron-parser';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { scheduledUser } from '../features/auth/require-page';
import type { SessionUser } from '../features/auth/session.service';
import { enqueue, type QueueHandler, recurringDispatcher, scheduleOnce } from '../jobs/job-queue';
import { openSecret } from '../register-kit/register-secrets';
import { deliver, DeliveryError, type DeliveryOptions, type DeliveryTarget, retryable } from './delivery/delivery';
import { readCodes, readMovement } from './integration-data';
import { LAYOUTS } from './layouts';

/**
 * Integration schedules (issue 20): each business day's file of a client's movement, delivered to its ERP.
 *
 * A recurring dispatcher (INTEGRATION_DISPATCH_QUEUE, one run pending however many processes run) takes the due
 * schedules with FOR UPDATE SKIP LOCKED, moves `proximaexecucao` to the next day's hour and queues a run — in one
 * transaction, like the report schedules. A run (INTEGRATION_RUN_QUEUE) catches up day by day, oldest first: for each
 * business day after the last one delivered (`ultimadatagerada`) up to yesterday in São Paulo, it locks the schedule's
 * row, generates the file, delivers it and only then records it delivered and moves the watermark, all in the same
 * transaction. The row lock is what makes a day go once however many runs and workers there are: a second run finds
 * the row taken (SKIP LOCKED) and leaves, or finds the day already past the watermark. A day that fails is recorded
 * with the delivery's own pt-BR message and blocks the days after it, since an ERP must post them in order; a
 * failure that may pass (the server did not answer) is retried by the job queue with back-off, one that needs a
 * person (a refused login) waits for the next run, so a locked-out account is not hammered.
 */

export const INTEGRATION_DISPATCH_QUEUE = 'integracoes-agendadas';
export const INTEGRATION_RUN_QUEUE = 'integracao-execucao';
const DISPATCH_LOCK = 0x696e746167656e64n; // 'intagend'
export const INTEGRATION_DISPATCH_EVERY_MINUTES = 1;
const RUN_ATTEMPTS = 4;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

export type IntegrationDeps = {
  db: Db;
  config: Pick<Config, 'credentialsKey' | 'filesDir'>;
  log: Logger;
  /** FTPS: the authorities to trust instead of the system's (a test server's own certificate), the timeout */
  delivery?: DeliveryOptions;
};

type Agendamento = typeof agendamentosIntegracao.$inferSelect;

/** The schedule's next look: today at its hour when still ahead, else tomorrow's (São Paulo). Null when inactive. */
export function nextIntegrationRun(s: { hora: string; status: string }, after: Date): Date | null {
  if (s.status !== 'A') return null;
  const [hh, mm] = s.hora.split(':').map(Number) as [number, number];
  return CronExpressionParser.parse(`${mm} ${hh} * * *`, { currentDate: after, tz: BUSINESS_TZ }).next().toDate();
}

/** One file: the business day it is of and the days of movement it carries (the non-business days before it too). */
export type Periodo = { dia: string; de: string; ate: string };

/**
 * The files still owed, oldest first: a business day's file carries its own movement and that of the days since the
 * previous business day (a weekend's or a holiday's payments go in the next business day's file), so nothing is
 * left out. The days after the last business day up to yesterday wait for the next one.
 */
export function pendingPeriods(inicio: string, ultima: string | null, ontem: string): Periodo[] {
  let de = ultima && addDays(ultima, 1) > inicio ? addDays(ultima, 1) : inicio;
  const out: Periodo[] = [];
  for (let d = de; d <= ontem; d = addDays(d, 1)) {
    if (!isBusinessDay(d)) continue;
    out.push({ dia: d, de, ate: d });
    de = addDays(d, 1);
  }
  return out;
}

/** The period of a business day already delivered (a re-delivery): back to the day after the business day before it. */
export function periodOf(dia: string, inicio: string): Periodo {
  let de = addDays(dia, -1);
  while (!isBusinessDay(de) && de >= inicio) de = addDays(de, -1);
  de = addDays(de, 1);
  return { dia, de: de < inicio ? inicio : de, ate: dia };
}

/** Queues the next dispatcher run unless one is waiting (or, with includeRunning, under way). */
export const scheduleIntegrationDispatch = (db: Db, inMinutes: number, opts: { includeRunning?: boolean } = {}): Promise<boolean> =>
  scheduleOnce(db, INTEGRATION_DISPATCH_QUEUE, DISPATCH_LOCK, inMinutes, opts);

/** Queues a run of the schedule (its catch-up up to yesterday); `reenviar` a re-delivery of one execution's day. */
export const enqueueIntegrationRun = (db: Pick<Db, 'execute'>, codagendamentointegracao: number, reenviar?: number) =>
  enqueue(db, INTEGRATION_RUN_QUEUE, reenviar ? { codagendamentointegracao, reenviar } : { codagendamentointegracao }, { maxAttempts: RUN_ATTEMPTS });

/** Dispatches every due schedule at `now`: a run queued each, the next look moved forward; answers how many. */
export async function dispatchDueIntegrations(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const due = rowsOf<{ codagendamentointegracao: number; hora: string; status: string }>(await tx.execute(sql`
      SELECT codagendamentointegracao, hora, status FROM agendamentos_integracao
      WHERE status = 'A' AND proximaexecucao <= ${now.toISOString()}::timestamptz
      ORDER BY proximaexecucao, codagendamentointegracao
      LIMIT 100
      FOR UPDATE SKIP LOCKED`));
    for (const s of due) {
      await tx.update(agendamentosIntegracao).set({ proximaexecucao: nextIntegrationRun(s, now) })
        .where(eq(agendamentosIntegracao.codagendamentointegracao, Number(s.codagendamentointegracao)));
      await enqueueIntegrationRun(tx, Number(s.codagendamentointegracao));
    }
    return due.length;
  });
}

/** The schedule's user as a session would see it, while it may still use Integrações; null when it may not. */
const runnerOf = (db: Db, codusuario: number | null) => scheduledUser(db, codusuario, INTEGRACAO_PAGE, 'integracao');

/** An expected reason a day cannot go (the user lost access, the bucket is gone): recorded, not retried. */
class RunRefused extends Error {}

/** Where the schedule delivers, with its sealed password opened for this delivery only. */
async function targetOf(db: Db, config: IntegrationDeps['config'], ag: Agendamento): Promise<DeliveryTarget> {
  if (ag.protocolo === 'S3') {
    const [b] = ag.codbuckets3amazon == null ? [] : await db.select().from(bucketsS3)
      .where(and(eq(bucketsS3.codbuckets3amazon, ag.codbuckets3amazon), eq(bucketsS3.codpessoa, ag.codpessoa)));
    if (!b) throw new RunRefused(MSG.integracaoBucketAusente);
    const senha = openSecret(config, bucketsS3Register, 'senha', b.codpessoa, b.senha);
    if (!senha) throw new RunRefused(MSG.integracaoBucketAusente);
    return { protocolo: 'S3', endpoint: b.endpoint, regiao: b.regiao, bucket: b.bucketname, pasta: b.pasta, keyid: b.keyid, senha };
  }
  const senha = openSecret(config, agendamentoIntegracaoRegister, 'senha', ag.codpessoa, ag.senha);
  if (!senha || !ag.host || !ag.login) throw new RunRefused(MSG.integracaoSenhaAusente);
  const server = { host: ag.host, porta: ag.porta, login: ag.login, senha, diretorio: ag.diretorioftp };
  return ag.protocolo === 'SFTP' ? { protocolo: 'SFTP', ...server, chave: ag.chaveservidor } : { protocolo: ag.protocolo, ...server };
}

/** The day's file of the schedule, as its user may see the movement. */
async function generate(db: Db, me: SessionUser, ag: Agendamento, p: Periodo) {
  const tipo = ag.tipo as IntegracaoTipo;
  const layout = LAYOUTS[tipo];
  if (!layout) throw new RunRefused(`Layout desconhecido: ${ag.tipo}.`);
  const linhas = await readMovement(db, me, { ...ag, tipo, conciliadores: ag.conciliadores ?? [] }, p.de, p.ate);
  const out = layout.write({
    dia: p.dia, codcliente: ag.codpessoa, linhas, ...(await readCodes(db, tipo, ag.codpessoa)),
    opcoes: { ajusteconsolidado: ag.ajusteconsolidado, somenteajuste: ag.somenteajuste, exibirenccliente: ag.exibirenccliente, contacorrente: ag.contacorrente },
  });
  return { ...out, arquivo: integracaoFileName(tipo, ag.codpessoa, p.dia, layout.extensao), bytes: Buffer.from(out.body, 'utf8') };
}

/** How one day ended: delivered, or the error (a DeliveryError's code tells whether trying again soon may help). */
type DayOutcome = { dia: string; error: Error | null } | 'nada' | 'ocupado';

const toRow = (dia: string) => sql`(${dia}::date)`;

/**
 * Delivers one day of the schedule under its row lock: the next day owed (or `reenviar`'s day), generated,
 * delivered and recorded in one transaction. Nothing is recorded delivered unless the server took the file.
 */
async function deliverDay(deps: IntegrationDeps, codag: number, reenviar: number | null): Promise<DayOutcome> {
  return deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [locked] = rowsOf<{ codagendamentointegracao: number }>(await tx.execute(sql`
      SELECT codagendamentointegracao FROM agendamentos_integracao WHERE codagendamentointegracao = ${codag} FOR UPDATE SKIP LOCKED`));
    if (!locked) return 'ocupado';
    const [ag] = await tx.select().from(agendamentosIntegracao).where(eq(agendamentosIntegracao.codagendamentointegracao, codag));
    if (!ag) return 'nada';
    let periodo: Periodo | undefined;
    if (reenviar) {
      const [e] = await tx.select().from(execucoesIntegracao)
        .where(and(eq(execucoesIntegracao.codexecucao, reenviar), eq(execucoesIntegracao.codagendamentointegracao, codag)));
      // a day not yet delivered is the catch-up's: it goes in order with the days before it
      if (!e || !ag.ultimadatagerada || e.datamovimento > ag.ultimadatagerada) return 'nada';
      periodo = periodOf(e.datamovimento, ag.datainiciogeracao);
    } else {
      if (ag.status !== 'A') return 'nada';
      periodo = pendingPeriods(ag.datainiciogeracao, ag.ultimadatagerada, addDays(todayBusiness(), -1))[0];
      if (!periodo) return 'nada';
    }
    const [exec] = await tx.insert(execucoesIntegracao)
      .values({ codagendamentointegracao: codag, datamovimento: periodo.dia, tentativas: 1 })
      .onConflictDoUpdate({
        target: [execucoesIntegracao.codagendamentointegracao, execucoesIntegracao.datamovimento],
        set: { status: 'EXECUTANDO', tentativas: sql`${execucoesIntegracao.tentativas} + 1`, iniciadoem: new Date(), terminadoem: null, mensagem: null },
      })
      .returning({ codexecucao: execucoesIntegracao.codexecucao });
    const end = (v: Partial<typeof execucoesIntegracao.$inferInsert>) =>
      tx.update(execucoesIntegracao).set({ ...v, terminadoem: new Date() }).where(eq(execucoesIntegracao.codexecucao, exec!.codexecucao));
    try {
      const me = await runnerOf(tx, ag.codusuario);
      if (!me) throw new RunRefused(MSG.integracaoUsuarioSemAcesso);
      const file = await generate(tx, me, ag, periodo);
      const target = await targetOf(tx, deps.config, ag);
      const delivered = await deliver(target, file.arquivo, file.bytes, deps.delivery);
      const entregue = file.linhas ? MSG.integracaoEntregue.replace('{linhas}', String(file.linhas)) : MSG.integracaoEntregueVazio;
      // trust on first use: the first SFTP server key seen is the one later deliveries must meet
      const pinned = target.protocolo === 'SFTP' && !target.chave && delivered.chaveServidor ? delivered.chaveServidor : null;
      if (pinned) await tx.update(agendamentosIntegracao).set({ chaveservidor: pinned }).where(eq(agendamentosIntegracao.codagendamentointegracao, codag));
      const gravada = pinned ? [fillMessage(MSG.entregaChaveServidorGravada, { chave: pinned })] : [];
      await end({ status: 'ENTREGUE', arquivo: file.arquivo, linhas: file.linhas, bytes: file.bytes.length, mensagem: [entregue, ...gravada, ...file.avisos].join(' ') });
      if (!reenviar) await tx.update(agendamentosIntegracao).set({ ultimadatagerada: periodo.dia }).where(eq(agendamentosIntegracao.codagendamentointegracao, codag));
      return { dia: periodo.dia, error: null };
    } catch (err) {
      if (!(err instanceof DeliveryError || err instanceof RunRefused)) throw err;
      // the delivery's own words: they name the server and what to fix, never the password
      await end({ status: 'ERRO', arquivo: integracaoFileName(ag.tipo, ag.codpessoa, periodo.dia, LAYOUTS[ag.tipo as IntegracaoTipo]?.extensao), mensagem: err.message });
      return { dia: periodo.dia, error: err };
    }
  });
}

/**
 * Runs a schedule: every business day owed, oldest first, until one fails or none is left; answers the days
 * delivered. A failure that may pass throws after it is recorded, so the job queue tries again with back-off.
 */
export async function runIntegration(deps: IntegrationDeps, codag: number): Promise<string[]> {
  const entregues: string[] = [];
  for (;;) {
    const r = await deliverDay(deps, codag, null);
    if (r === 'nada' || r === 'ocupado') return entregues;
    if (r.error) {
      deps.log.warn({ codagendamentointegracao: codag, dia: r.dia, code: (r.error as DeliveryError).code, error: r.error.message }, 'integration delivery failed');
      if (retryable(r.error)) throw r.error;
      return entregues;
    }
    entregues.push(r.dia);
    deps.log.info({ codagendamentointegracao: codag, dia: r.dia }, 'integration file delivered');
  }
}

/** Delivers again the day of an execution already delivered (the ERP lost it); the watermark stays. */
export async function redeliver(deps: IntegrationDeps, codag: number, codexecucao: number): Promise<void> {
  // another run holding the row: wait for it, this re-delivery was asked for by a person
  for (let i = 0; i < 50; i++) {
    const r = await deliverDay(deps, codag, codexecucao);
    if (r === 'nada') return runIntegration(deps, codag).then(() => undefined);
    if (r !== 'ocupado') {
      if (r.error && retryable(r.error)) throw r.error;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`integration schedule ${codag} stayed locked`);
}

export function integrationScheduleHandlers(deps: IntegrationDeps): Record<string, QueueHandler> {
  return {
    [INTEGRATION_DISPATCH_QUEUE]: recurringDispatcher(deps.db, INTEGRATION_DISPATCH_QUEUE, DISPATCH_LOCK, INTEGRATION_DISPATCH_EVERY_MINUTES,
      () => dispatchDueIntegrations(deps.db), (n) => deps.log.info({ agendamentos: n }, 'integration schedules dispatched')),
    [INTEGRATION_RUN_QUEUE]: {
      run: async (job) => {
        const codag = Number(job.payload.codagendamentointegracao);
        if (job.payload.reenviar) await redeliver(deps, codag, Number(job.payload.reenviar));
        else await runIntegration(deps, codag);
      },
      // every attempt failed: the day's row keeps the delivery's message (or says the run failed), the log the cause;
      // the day is still owed, so the next dispatch tries it again
      giveUp: async (job, error) => {
        const codag = Number(job.payload.codagendamentointegracao);
        deps.log.error({ codagendamentointegracao: codag, error }, 'integration run failed');
        const falhou = sql`CASE WHEN execucoes_integracao.status = 'ERRO' AND execucoes_integracao.mensagem IS NOT NULL
          THEN execucoes_integracao.mensagem || ' ' || ${MSG.integracaoFalhou} ELSE ${MSG.integracaoFalhou} END`;
        if (job.payload.reenviar) {
          await deps.db.execute(sql`UPDATE execucoes_integracao SET status = 'ERRO', terminadoem = now(), mensagem = ${falhou}
            WHERE codexecucao = ${Number(job.payload.reenviar)}`);
          return;
        }
        const [ag] = await deps.db.select().from(agendamentosIntegracao).where(eq(agendamentosIntegracao.codagendamentointegracao, codag));
        const p = ag && pendingPeriods(ag.datainiciogeracao, ag.ultimadatagerada, addDays(todayBusiness(), -1))[0];
        if (!p) return;
        await deps.db.execute(sql`
          INSERT INTO execucoes_integracao (codagendamentointegracao, datamovimento, status, tentativas, mensagem, terminadoem)
          VALUES (${codag}, ${toRow(p.dia)}, 'ERRO', 1, ${MSG.integracaoFalhou}, now())
          ON CONFLICT (codagendamentointegracao, datamovimento) DO UPDATE SET status = 'ERRO', terminadoem = now(), mensagem = ${falhou}`);
      },
    },
  };
}
