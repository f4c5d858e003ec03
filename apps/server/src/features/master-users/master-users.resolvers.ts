import { randomInt } from 'node:crypto';
import { isUnder, pessoas, pessoaTefs, sessoes, subtreeOf, tefs, usuarios } from '@concilia/db';
import { isGiven, MSG, todayBusiness } from '@concilia/domain';
import { hash } from '@node-rs/argon2';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../audit';
import { builder } from '../../graphql/builder';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import { startSession } from '../auth/auth.resolvers';
import { requirePage } from '../auth/require-page';
import { endUserSessions, type SessionUser } from '../auth/session.service';
import { impersonable } from './master-users.source';
import { fieldError } from '../../register-kit/field-error';

/**
 * Impersonation (spec part 2 §4 "Logar"; §7 logarUsuarioMestre, logarUsuarioMestreRevenda): a master user opens a
 * session as a user below it. The session records the master (sessoes.simuladopor), so the shell can say so and
 * 'Voltar ao meu usuário' (voltarUsuarioMestre) opens the master's own session again; both ends are in the audit
 * log. A session already in someone else's name cannot impersonate a third user.
 */
const MasterSearch = builder.inputType('UsuarioMestreBusca', {
  description: 'The user to sign in as, as the list row carries it (searchValues)',
  fields: (t) => ({
    codperfil: t.int({ required: false }),
    codpessoa: t.int({ required: false }),
    codpessoapai: t.int({ required: false }),
    login: t.string({ required: true }),
  }),
});
const LogarValues = builder.inputType('LogarUsuarioMestreValues', {
  fields: (t) => ({ searchValues: t.field({ type: MasterSearch, required: true }) }),
});

function logar(operation: string, pages: readonly string[]) {
  builder.mutationField(operation, (t) =>
    t.string({
      description: "Signs this browser in as a user below the master's company (the session id); the master's session ends",
      args: { values: t.arg({ type: LogarValues, required: true }) },
      resolve: async (_r, { values }, ctx) => {
        const me = await requirePage(ctx, pages);
        if (me.simuladoPor !== null) throw new AppError('FORBIDDEN', MSG.mestreJaSimulado);
        const s = values.searchValues;
        const login = s.login.trim().toUpperCase();
        const [target] = await ctx.db
          .select({ codusuario: usuarios.codusuario, login: usuarios.login, validade: usuarios.validade })
          .from(usuarios)
          .innerJoin(pessoas, eq(pessoas.codpessoa, usuarios.codpessoa))
          .where(and(sql`upper(${usuarios.login}) = ${login}`, impersonable(me), isGiven(s.codpessoa) ? eq(usuarios.codpessoa, s.codpessoa!) : undefined));
        // an expired user cannot be entered either: its session would be refused at the next call
        if (!target || (target.validade && target.validade < todayBusiness())) {
          throw new AppError('FORBIDDEN', MSG.mestreErroLogar.replace('{login}', login));
        }
        const { id, anterior } = await startSession(ctx, target.codusuario, me.codusuario);
        await audit(ctx.db, {
          codusuario: me.codusuario, acao: 'SIMULACAO_INICIO', entidade: 'sessoes', chave: id,
          dados: { mestre: me.login, comousuario: target.login, codusuariodestino: target.codusuario, sessaomestre: anterior },
        });
        return id;
      },
    }),
  );
}
logar('logarUsuarioMestre', ['buscamestres', 'buscamestresoperadora']);
logar('logarUsuarioMestreRevenda', ['buscamestresrevenda']);

builder.mutationField('voltarUsuarioMestre', (t) =>
  t.string({
    description: "Ends a session opened by a master as another user and signs this browser in as the master again (the session id)",
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser({ pendingPage: true });
      if (me.simuladoPor === null) throw new AppError('FORBIDDEN', MSG.mestreNaoSimulado);
      const [master] = await ctx.db.select({ codusuario: usuarios.codusuario, login: usuarios.login, validade: usuarios.validade })
        .from(usuarios).where(eq(usuarios.codusuario, me.simuladoPor));
      if (!master || (master.validade && master.validade < todayBusiness())) throw new AppError('FORBIDDEN', MSG.semPermissao);
      const [started] = await ctx.db.select({ criadaem: sessoes.criadaem }).from(sessoes).where(eq(sessoes.id, me.sessionId));
      const { id } = await startSession(ctx, master.codusuario);
      await audit(ctx.db, {
        codusuario: master.codusuario, acao: 'SIMULACAO_FIM', entidade: 'sessoes', chave: me.sessionId,
        dados: { mestre: master.login, comousuario: me.login, de: started?.criadaem.toISOString() ?? null, ate: new Date().toISOString(), novasessao: id },
      });
      return id;
    },
  }),
);

// Letters and digits a person reads back without doubt (no 0/O, 1/l/I): the password rules take only \w.
const LEGIVEIS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const novaSenha = () => Array.from({ length: 12 }, () => LEGIVEIS[randomInt(LEGIVEIS.length)]).join('');

const TrocarSenhaValues = builder.inputType('TrocarSenhaValues', {
  description: 'The user whose password the master replaces: its company (codpessoa) and login',
  fields: (t) => ({ codpessoa: t.int({ required: true }), login: t.string({ required: false }) }),
});

/**
 * Trocar senha of the plain master list (spec part 2 §7: trocarSenha (codpessoa) returns the new password): a
 * random password replaces the user's and ends its sessions. The answer is the only place it exists in clear:
 * the database keeps its argon2id hash, the audit log says who changed whose password, never the password.
 */
builder.mutationField('trocarSenha', (t) =>
  t.string({
    description: 'A new password for a user below the master, answered once',
    args: { values: t.arg({ type: TrocarSenhaValues, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, 'buscamestres');
      if (me.simuladoPor !== null) throw new AppError('FORBIDDEN', MSG.semPermissao);
      const login = values.login?.trim().toUpperCase();
      const found = await ctx.db
        .select({ codusuario: usuarios.codusuario, login: usuarios.login })
        .from(usuarios)
        .where(and(eq(usuarios.codpessoa, values.codpessoa), impersonable(me), login ? sql`upper(${usuarios.login}) = ${login}` : undefined))
        .orderBy(asc(usuarios.codusuario))
        .limit(2);
      // a company with several users: the login says which one
      if (found.length !== 1) throw new AppError('FORBIDDEN', MSG.semPermissao);
      const target = found[0]!;
      const senha = novaSenha();
      await ctx.db.update(usuarios).set({ senhahash: await hash(senha) }).where(eq(usuarios.codusuario, target.codusuario));
      await endUserSessions(ctx.db, target.codusuario);
      await audit(ctx.db, {
        codusuario: me.codusuario, acao: 'SENHA_TROCADA_MESTRE', entidade: 'usuarios', chave: target.codusuario,
        dados: { mestre: me.login, usuario: target.login },
      });
      return senha;
    },
  }),
);

const TefRef = builder.objectRef<{ codtefs: number; nome: string }>('Tef').implement({
  description: 'A TEF solution (spec part 2 §3 "TEF")',
  fields: (t) => ({ codtefs: t.exposeInt('codtefs'), nome: t.exposeString('nome') }),
});

const TEF_NOME_MAX = 60;

/** A company strictly below the master's (a listed user's): the only ones whose TEFs it reads and writes. */
async function companyBelow(ctx: Ctx, me: SessionUser, codpessoa: number): Promise<void> {
  const r = (await ctx.db.execute(sql`SELECT 1 AS ok WHERE ${isUnder(codpessoa, me.codpessoa)} AND ${codpessoa} <> ${me.codpessoa}`)) as unknown as { rows: unknown[] };
  if (!r.rows.length) throw new AppError('FORBIDDEN', MSG.semPermissao);
}

const tefsOf = (ctx: Ctx, codpessoa: number) =>
  ctx.db.select({ codtefs: tefs.codtefs, nome: tefs.nome }).from(pessoaTefs).innerJoin(tefs, eq(tefs.codtefs, pessoaTefs.codtefs))
    .where(eq(pessoaTefs.codpessoa, codpessoa)).orderBy(asc(tefs.nome));

builder.queryField('listarAllTefsDAO', (t) =>
  t.field({
    type: [TefRef],
    description: 'Every TEF solution of the catalogue, by name',
    resolve: async (_r, _a, ctx) => {
      await requirePage(ctx, 'buscamestres');
      return ctx.db.select({ codtefs: tefs.codtefs, nome: tefs.nome }).from(tefs).orderBy(asc(tefs.nome));
    },
  }),
);

builder.queryField('getTefs', (t) =>
  t.field({
    type: [TefRef],
    description: "The TEF solutions a company below the master runs",
    args: { codpessoa: t.arg.int({ required: true }) },
    resolve: async (_r, { codpessoa }, ctx) => {
      const me = await requirePage(ctx, 'buscamestres');
      await companyBelow(ctx, me, codpessoa);
      return tefsOf(ctx, codpessoa);
    },
  }),
);

const SalvarTefsValues = builder.inputType('SalvarTefsValues', {
  fields: (t) => ({
    codpessoa: t.int({ required: true }),
    codtefs: t.intList({ required: true, description: 'the TEF solutions the company runs, from listarAllTefsDAO' }),
    novo: t.string({ required: false, description: 'a TEF solution not in the catalogue yet: added to it and to the company' }),
  }),
});

builder.mutationField('salvarTefs', (t) =>
  t.field({
    type: [TefRef],
    description: "Sets the TEF solutions a company below the master runs (answers them)",
    args: { values: t.arg({ type: SalvarTefsValues, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, 'buscamestres');
      if (me.simuladoPor !== null) throw new AppError('FORBIDDEN', MSG.semPermissao);
      await companyBelow(ctx, me, values.codpessoa);
      const novo = values.novo?.trim() ?? '';
      if (novo.length > TEF_NOME_MAX) throw fieldError('novo', MSG.tefsNomeLongo);
      return ctx.db.transaction(async (tx) => {
        const ids = new Set(values.codtefs);
        if (novo) {
          // 'paygo' is PayGo: a name already in the catalogue, whatever its case, is that TEF
          let [row] = await tx.select({ codtefs: tefs.codtefs }).from(tefs).where(sql`lower(${tefs.nome}) = lower(${novo})`);
          if (!row) [row] = await tx.insert(tefs).values({ nome: novo }).returning({ codtefs: tefs.codtefs });
          ids.add(row!.codtefs);
        }
        const known = ids.size ? await tx.select({ codtefs: tefs.codtefs }).from(tefs).where(inArray(tefs.codtefs, [...ids])) : [];
        await tx.delete(pessoaTefs).where(eq(pessoaTefs.codpessoa, values.codpessoa));
        if (known.length) await tx.insert(pessoaTefs).values(known.map((k) => ({ codpessoa: values.codpessoa, codtefs: k.codtefs })));
        await audit(tx as never, { codusuario: me.codusuario, acao: 'TEFS_SALVOS', entidade: 'pessoa_tefs', chave: values.codpessoa, dados: { codtefs: known.map((k) => k.codtefs) } });
        return tefsOf({ ...ctx, db: tx as never }, values.codpessoa);
      });
    },
  }),
);

type PlanoReais = {
  codplano: number; nome: string; cobramensalidade: string; valormensalidade: number | null; diacorte: number | null;
  vigenciade: string; vigenciaate: string; terminais: string[];
};

const PlanoReaisRef = builder.objectRef<PlanoReais>('PlanoReais').implement({
  fields: (t) => ({
    codplano: t.exposeInt('codplano'),
    nome: t.exposeString('nome'),
    cobramensalidade: t.exposeString('cobramensalidade', { description: "'S' when the plan charges its monthly fee" }),
    valormensalidade: t.exposeInt('valormensalidade', { nullable: true, description: 'monthly fee in centavos' }),
    diacorte: t.exposeInt('diacorte', { nullable: true }),
    vigenciade: t.exposeString('vigenciade'),
    vigenciaate: t.exposeString('vigenciaate'),
    terminais: t.exposeStringList('terminais', { description: "names of the company's terminals the contract covers" }),
  }),
});

/**
 * Plano R$ (plain master list, spec part 2 §2.1): what a company below the master pays in reais for its POS —
 * the POS plans in force today on its terminals (Planos POS' terminal contracts), each with its monthly fee and
 * cut-off day and the terminals it covers. Read only: the plans and contracts are kept on Planos POS.
 */
builder.queryField('getPlanoReais', (t) =>
  t.field({
    type: [PlanoReaisRef],
    description: 'The POS plans in force today on the terminals of a company below the master',
    args: { codpessoa: t.arg.int({ required: true }) },
    resolve: async (_r, { codpessoa }, ctx) => {
      const me = await requirePage(ctx, 'buscamestres');
      await companyBelow(ctx, me, codpessoa);
      const today = todayBusiness();
      const r = (await ctx.db.execute(sql`
        SELECT pp.codplano, pp.nome, pp.cobramensalidade, pp.valormensalidade::int AS valormensalidade, pp.diacorte,
          pt.vigenciade::text AS vigenciade, pt.vigenciaate::text AS vigenciaate, array_agg(t.nome ORDER BY t.nome) AS terminais
        FROM planos_terminal pt
        JOIN planos_pos pp ON pp.codplano = pt.codplanos
        JOIN planos_terminal_terminais ptt ON ptt.codplanosterminal = pt.codplanosterminal
        JOIN terminais t ON t.codterminal = ptt.codterminal
        WHERE t.codpessoacliente IN ${subtreeOf(codpessoa)} AND ${today}::date BETWEEN pt.vigenciade AND pt.vigenciaate
        GROUP BY pp.codplano, pp.nome, pp.cobramensalidade, pp.valormensalidade, pp.diacorte, pt.codplanosterminal, pt.vigenciade, pt.vigenciaate
        ORDER BY pp.nome, pt.vigenciade`)) as unknown as { rows: PlanoReais[] };
      return r.rows;
    },
  }),
);
