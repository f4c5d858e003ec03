import { agendamentosRelatorio, type Db, execucoesRelatorio, subtreeOf, usuarios } from '@concilia/db';
import { agendamentoSchema, MSG, RELATORIOS_PAGE, reportByKey } from '@concilia/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../audit';
import type { SessionUser } from '../features/auth/session.service';
import { requirePage } from '../features/auth/require-page';
import { builder } from '../graphql/builder';
import { AppError, fromZod } from '../graphql/errors';
import { fieldError } from '../register-kit/field-error';
import { checkedFilter } from './report-runner';
import { nextRun } from './report-schedules';

/**
 * Relatórios › Agendamentos (spec part 2 §7 salvarRelatorioAgendamento, getAgendamentoRelatorio,
 * getAgendamentosRelatorios): the schedules of the caller's part of the hierarchy. A schedule keeps the user who
 * created it — the report runs with that user's scope — and one above it may change or remove it.
 */

type Execucao = typeof execucoesRelatorio.$inferSelect;
type Agendamento = typeof agendamentosRelatorio.$inferSelect & { usuario: string; historico?: Execucao[]; ultima?: Execucao | null };

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

const ExecucaoRef = builder.objectRef<Execucao>('ExecucaoRelatorio').implement({
  fields: (t) => ({
    codexecucao: t.exposeInt('codexecucao'),
    agendadopara: t.string({ resolve: (e) => iso(e.agendadopara)! }),
    iniciadoem: t.string({ resolve: (e) => iso(e.iniciadoem)! }),
    terminadoem: t.string({ nullable: true, resolve: (e) => iso(e.terminadoem) }),
    status: t.exposeString('status', { description: 'EXECUTANDO, ENTREGUE or ERRO' }),
    linhas: t.exposeInt('linhas', { nullable: true }),
    bytes: t.int({ nullable: true, resolve: (e) => (e.bytes == null ? null : Number(e.bytes)) }),
    mensagem: t.exposeString('mensagem', { nullable: true }),
  }),
});

const AgendamentoRef = builder.objectRef<Agendamento>('AgendamentoRelatorio').implement({
  fields: (t) => ({
    codagendamento: t.exposeInt('codagendamento'),
    relatorio: t.exposeString('relatorio'),
    titulo: t.string({ resolve: (a) => reportByKey(a.relatorio)?.title ?? a.relatorio }),
    parametros: t.string({ description: 'the filter object as JSON text', resolve: (a) => JSON.stringify(a.parametros ?? {}) }),
    periodo: t.exposeString('periodo', { description: "FIXO (the filter's dates) or a period counted from each run's day: ONTEM, ULTIMOS_7, ULTIMOS_30, MES_ANTERIOR" }),
    formato: t.exposeString('formato'),
    frequencia: t.exposeString('frequencia', { description: 'D daily, S weekly, M monthly' }),
    dias: t.intList({ resolve: (a) => (a.dias ?? []).map(Number) }),
    diames: t.exposeInt('diames', { nullable: true }),
    hora: t.exposeString('hora'),
    validade: t.exposeString('validade', { nullable: true }),
    emails: t.exposeStringList('emails'),
    ativo: t.exposeBoolean('ativo'),
    proximaexecucao: t.string({ nullable: true, resolve: (a) => iso(a.proximaexecucao) }),
    usuario: t.exposeString('usuario', { description: 'who scheduled it (its reports run with that user’s scope)' }),
    ultimaexecucao: t.field({ type: ExecucaoRef, nullable: true, resolve: (a) => a.ultima ?? null }),
    historico: t.field({ type: [ExecucaoRef], resolve: (a) => a.historico ?? [] }),
  }),
});

const AgendamentoInput = builder.inputType('AgendamentoRelatorioInput', {
  fields: (t) => ({
    codagendamento: t.int({ required: false }),
    relatorio: t.string({ required: true }),
    parametros: t.string({ required: true }),
    periodo: t.string({ required: false }),
    formato: t.string({ required: true }),
    frequencia: t.string({ required: true }),
    dias: t.intList({ required: false }),
    diames: t.int({ required: false }),
    hora: t.string({ required: true }),
    validade: t.string({ required: false }),
    emails: t.stringList({ required: true }),
    ativo: t.boolean({ required: false }),
  }),
});

/** The schedules `me` sees (or one of them), with the user's name and the last run; the history when asked. */
async function visibleSchedules(db: Db, me: SessionUser, codagendamento?: number, historico = false): Promise<Agendamento[]> {
  const rows = await db.select({ ag: agendamentosRelatorio, usuario: usuarios.nome }).from(agendamentosRelatorio)
    .innerJoin(usuarios, eq(usuarios.codusuario, agendamentosRelatorio.codusuario))
    .where(and(
      sql`${agendamentosRelatorio.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
      codagendamento === undefined ? undefined : eq(agendamentosRelatorio.codagendamento, codagendamento),
    ))
    .orderBy(agendamentosRelatorio.codagendamento);
  const ids = rows.map((r) => r.ag.codagendamento);
  if (ids.length === 0) return [];
  const newestFirst = [desc(execucoesRelatorio.iniciadoem), desc(execucoesRelatorio.codexecucao)];
  // the list's last runs in one query (the newest of each schedule); the form's history: one schedule's 50 newest
  const execs = historico
    ? await db.select().from(execucoesRelatorio).where(inArray(execucoesRelatorio.codagendamento, ids)).orderBy(...newestFirst).limit(50)
    : await db.selectDistinctOn([execucoesRelatorio.codagendamento]).from(execucoesRelatorio)
      .where(inArray(execucoesRelatorio.codagendamento, ids)).orderBy(execucoesRelatorio.codagendamento, ...newestFirst);
  return rows.map((r) => {
    const own = execs.filter((e) => e.codagendamento === r.ag.codagendamento);
    return { ...r.ag, usuario: r.usuario, ultima: own[0] ?? null, historico: historico ? own : undefined };
  });
}

builder.queryField('getAgendamentosRelatorios', (t) =>
  t.field({
    type: [AgendamentoRef],
    resolve: async (_r, _a, ctx) => visibleSchedules(ctx.db, await requirePage(ctx, RELATORIOS_PAGE)),
  }),
);

builder.queryField('getAgendamentoRelatorio', (t) =>
  t.field({
    type: AgendamentoRef,
    nullable: true,
    args: { codagendamento: t.arg.int({ required: true }) },
    resolve: async (_r, { codagendamento }, ctx) => (await visibleSchedules(ctx.db, await requirePage(ctx, RELATORIOS_PAGE), codagendamento, true))[0] ?? null,
  }),
);

builder.mutationField('salvarRelatorioAgendamento', (t) =>
  t.field({
    type: AgendamentoRef,
    args: { values: t.arg({ type: AgendamentoInput, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, RELATORIOS_PAGE);
      const parsed = agendamentoSchema.safeParse(values);
      if (!parsed.success) throw fromZod(parsed.error);
      const v = parsed.data;
      const def = reportByKey(v.relatorio);
      if (!def) throw fieldError('relatorio', MSG.agendamentoRelatorioDesconhecido);
      if (!def.formats.includes(v.formato)) throw fieldError('formato', MSG.agendamentoFormatoInvalido);
      let raw: unknown;
      try {
        raw = JSON.parse(v.parametros);
      } catch {
        throw fieldError('parametros', MSG.agendamentoRelatorioDesconhecido);
      }
      // the report's own filter, checked as its on-demand call checks it (its field messages come back as they are)
      const parametros = checkedFilter(def, raw);
      const existing = v.codagendamento == null ? null : (await visibleSchedules(ctx.db, me, v.codagendamento))[0];
      if (v.codagendamento != null && !existing) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
      const ativo = v.ativo ?? true;
      const slot = { frequencia: v.frequencia, dias: v.frequencia === 'S' ? [...new Set(v.dias ?? [])].sort((a, b) => a - b) : [], diames: v.frequencia === 'M' ? v.diames ?? null : null, hora: v.hora, validade: v.validade ?? null };
      const row = {
        relatorio: def.key, parametros, periodo: 'de' in def.filter && 'ate' in def.filter ? v.periodo : 'FIXO', formato: v.formato, ...slot, emails: [...new Set(v.emails.map((e) => e.trim().toLowerCase()))], ativo,
        proximaexecucao: ativo ? nextRun(slot, new Date()) : null,
      };
      const [saved] = existing
        ? await ctx.db.update(agendamentosRelatorio).set(row).where(eq(agendamentosRelatorio.codagendamento, existing.codagendamento)).returning()
        : await ctx.db.insert(agendamentosRelatorio).values({ ...row, codusuario: me.codusuario, codpessoa: me.codpessoa }).returning();
      await audit(ctx.db, { codusuario: me.codusuario, acao: existing ? 'ALTERAR' : 'INSERIR', entidade: 'agendamentos_relatorio', chave: saved!.codagendamento, dados: { ...row, proximaexecucao: undefined } });
      return (await visibleSchedules(ctx.db, me, saved!.codagendamento))[0]!;
    },
  }),
);

builder.mutationField('excluirRelatorioAgendamento', (t) =>
  t.boolean({
    args: { codagendamento: t.arg.int({ required: true }) },
    resolve: async (_r, { codagendamento }, ctx) => {
      const me = await requirePage(ctx, RELATORIOS_PAGE);
      const [found] = await visibleSchedules(ctx.db, me, codagendamento);
      if (!found) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
      await ctx.db.delete(agendamentosRelatorio).where(eq(agendamentosRelatorio.codagendamento, codagendamento));
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'EXCLUIR', entidade: 'agendamentos_relatorio', chave: codagendamento });
      return true;
    },
  }),
);
