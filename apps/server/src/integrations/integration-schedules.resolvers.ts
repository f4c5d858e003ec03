import { agendamentosIntegracao, bucketsS3, execucoesIntegracao, subtreeOf } from '@concilia/db';
import { type ExecucaoIntegracao, INTEGRACAO_PAGE, isGiven, MSG } from '@concilia/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { audit } from '../audit';
import { requirePage } from '../features/auth/require-page';
import type { SessionUser } from '../features/auth/session.service';
import { OptionItemRef, toOptions } from '../features/options/option-item';
import { builder } from '../graphql/builder';
import type { Ctx } from '../graphql/context';
import { AppError } from '../graphql/errors';
import { enqueueIntegrationRun } from './integration-schedules';

/**
 * Integrações › Agendamentos beyond the register kit: the history of a schedule's days (its 'Histórico' drawer),
 * the re-delivery of one day, and the buckets a schedule may deliver to. All under the page that grants the
 * register, each for schedules whose client is in the caller's part of the hierarchy.
 */

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

const ExecucaoIntegracaoRef = builder.objectRef<ExecucaoIntegracao>('ExecucaoIntegracao').implement({
  description: "One business day's file of an integration schedule: its last attempt and how it ended",
  fields: (t) => ({
    codexecucao: t.exposeInt('codexecucao'),
    datamovimento: t.exposeString('datamovimento', { description: 'the business day the file is of (YYYY-MM-DD)' }),
    iniciadoem: t.exposeString('iniciadoem'),
    terminadoem: t.exposeString('terminadoem', { nullable: true }),
    status: t.exposeString('status', { description: 'EXECUTANDO, ENTREGUE or ERRO' }),
    tentativas: t.exposeInt('tentativas'),
    arquivo: t.exposeString('arquivo', { nullable: true }),
    linhas: t.exposeInt('linhas', { nullable: true }),
    bytes: t.exposeInt('bytes', { nullable: true }),
    mensagem: t.exposeString('mensagem', { nullable: true, description: 'what happened, in pt-BR (a delivery error names the server and what to fix)' }),
  }),
});

const visibleSchedule = (me: SessionUser) => sql`${agendamentosIntegracao.codpessoa} IN ${subtreeOf(me.codpessoa)}`;

builder.queryField('getExecucoesIntegracao', (t) =>
  t.field({
    type: [ExecucaoIntegracaoRef],
    description: "The days of an integration schedule the caller sees, the newest first (its 'Histórico')",
    args: { codagendamentointegracao: t.arg.int({ required: true }) },
    resolve: async (_r, { codagendamentointegracao }, ctx) => {
      const me = await requirePage(ctx, INTEGRACAO_PAGE);
      const rows = await ctx.db.select({ e: execucoesIntegracao }).from(execucoesIntegracao)
        .innerJoin(agendamentosIntegracao, eq(agendamentosIntegracao.codagendamentointegracao, execucoesIntegracao.codagendamentointegracao))
        .where(and(eq(execucoesIntegracao.codagendamentointegracao, codagendamentointegracao), visibleSchedule(me)))
        .orderBy(desc(execucoesIntegracao.datamovimento))
        .limit(400);
      return rows.map(({ e }) => ({
        codexecucao: e.codexecucao, datamovimento: e.datamovimento, iniciadoem: iso(e.iniciadoem)!, terminadoem: iso(e.terminadoem), status: e.status,
        tentativas: e.tentativas, arquivo: e.arquivo, linhas: e.linhas, bytes: e.bytes == null ? null : Number(e.bytes), mensagem: e.mensagem,
      }));
    },
  }),
);

builder.mutationField('reenviarExecucaoIntegracao', (t) =>
  t.boolean({
    description: "Generates and delivers again the file of one day of a schedule (Reenviar, in its 'Histórico'); a day not yet delivered goes with the catch-up, in order",
    args: { codexecucao: t.arg.int({ required: true }) },
    resolve: async (_r, { codexecucao }, ctx: Ctx) => {
      const me = await requirePage(ctx, INTEGRACAO_PAGE);
      const [row] = await ctx.db.select({ e: execucoesIntegracao }).from(execucoesIntegracao)
        .innerJoin(agendamentosIntegracao, eq(agendamentosIntegracao.codagendamentointegracao, execucoesIntegracao.codagendamentointegracao))
        .where(and(eq(execucoesIntegracao.codexecucao, codexecucao), visibleSchedule(me)));
      if (!row) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
      if (row.e.status === 'EXECUTANDO') throw new AppError('BAD_USER_INPUT', MSG.integracaoReenviarEmExecucao);
      await enqueueIntegrationRun(ctx.db, row.e.codagendamentointegracao, codexecucao);
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'reenviar', entidade: 'agendamentoIntegracao', chave: row.e.codagendamentointegracao, dados: { codexecucao, datamovimento: row.e.datamovimento } });
      return true;
    },
  }),
);

builder.queryField('listarItensBucketsS3', (t) =>
  t.field({
    type: [OptionItemRef],
    description: "S3 buckets an integration may deliver to (those of clients in the caller's subtree): valor = codbuckets3amazon, label = 'nome (bucket)'. With codpessoa, only that client's.",
    args: { codpessoa: t.arg.int() },
    resolve: async (_r, { codpessoa }, ctx) => {
      const me = await requirePage(ctx, INTEGRACAO_PAGE);
      const rows = await ctx.db.select().from(bucketsS3).where(and(
        sql`${bucketsS3.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
        isGiven(codpessoa) ? eq(bucketsS3.codpessoa, codpessoa) : undefined,
      )).orderBy(asc(bucketsS3.nome));
      return toOptions(rows, (r) => r.codbuckets3amazon, (r) => `${r.nome} (${r.bucketname})`);
    },
  }),
);
