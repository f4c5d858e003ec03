import { ancestorsOf, perfis, pessoas, planosConciliadores, planosPos, planosTerminal, planosTerminalTerminais, recursos, subtreeOf, terminais } from '@concilia/db';
import { isGiven } from '@concilia/domain';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { OptionItemRef, toOptions } from '../features/options/option-item';
import { builder } from '../graphql/builder';
import { assignableProfiles, myScreens } from './perfis.hooks';
import { visiblePlans } from './planos-conciliadores.hooks';
import { visiblePosPlans, visibleTerminals } from './planos-pos.hooks';

/** The option lists the user, profile and terminal forms need; valor/label like every other list. */

builder.queryField('listarRecursos', (t) =>
  t.field({
    type: [OptionItemRef],
    description: "Screens a profile may grant — those of the caller's own profile: valor = codrecurso, label = nometela.",
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select().from(recursos).where(sql`${recursos.codrecurso} IN ${myScreens(me)}`);
      return toOptions(rows, (r) => r.codrecurso, (r) => r.nometela);
    },
  }),
);

builder.queryField('listarItensPerfis', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'Profiles the caller may give to a user: valor = codperfil, label = nome.',
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select().from(perfis).where(assignableProfiles(me));
      return toOptions(rows, (r) => r.codperfil, (r) => r.nome);
    },
  }),
);

builder.queryField('listarItensPessoas', (t) =>
  t.field({
    type: [OptionItemRef],
    description: "Persons a user may belong to — the caller's own and those under it: valor = codpessoa, label = nome.",
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select().from(pessoas).where(sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`);
      return toOptions(rows, (r) => r.codpessoa, (r) => r.nome);
    },
  }),
);

builder.queryField('listarItensClientes', (t) =>
  t.field({
    type: [OptionItemRef],
    description: "Clients (pessoas of tipo CLIENTE) in the caller's subtree — its own when the caller is a client: valor = codpessoa, label = nome.",
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select().from(pessoas)
        .where(and(eq(pessoas.tipo, 'CLIENTE'), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`))
        .orderBy(asc(pessoas.nome));
      return toOptions(rows, (r) => r.codpessoa, (r) => r.nome);
    },
  }),
);

builder.queryField('listarItensTerminal', (t) =>
  t.field({
    type: [OptionItemRef],
    description:
      "Terminals the caller registered or serves (its subtree as owner or as client): valor = codterminal, label = nome. " +
      'With codpessoa (a reseller, client or unit), only the terminals of the clients on that branch.',
    args: { codpessoa: t.arg.int() },
    resolve: async (_r, { codpessoa }, ctx) => {
      const me = await ctx.requireUser();
      const branch = isGiven(codpessoa)
        // a unit's client is among its ancestors; a reseller's clients are in its subtree
        ? or(sql`${terminais.codpessoacliente} IN ${subtreeOf(codpessoa)}`, sql`${terminais.codpessoacliente} IN ${ancestorsOf(codpessoa)}`)
        : undefined;
      const rows = await ctx.db.select().from(terminais).where(and(visibleTerminals(me), branch));
      return toOptions(rows, (r) => r.codterminal, (r) => r.nome);
    },
  }),
);

builder.queryField('listarItensPlanosConciliadores', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'Reconciliation plans the caller may see (made in its subtree): valor = codplanosconciliadores, label = nome.',
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select().from(planosConciliadores)
        .where(sql`${planosConciliadores.codplanosconciliadores} IN ${visiblePlans(me)}`).orderBy(asc(planosConciliadores.nome));
      return toOptions(rows, (r) => r.codplanosconciliadores, (r) => r.nome);
    },
  }),
);

builder.queryField('getItensUnidadesPlanosConciliadores', (t) =>
  t.field({
    type: [OptionItemRef],
    description: "Reconciliation units a plan's contract may apply to (units in the caller's subtree): valor = codpessoa, label = nome.",
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select().from(pessoas)
        .where(and(eq(pessoas.tipo, 'UNIDADE'), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`)).orderBy(asc(pessoas.nome));
      return toOptions(rows, (r) => r.codpessoa, (r) => r.nome);
    },
  }),
);

builder.queryField('listarItensPlanos', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'POS plans the caller may see (made in its subtree): valor = codplano, label = nome.',
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select().from(planosPos).where(sql`${planosPos.codplano} IN ${visiblePosPlans(me)}`).orderBy(asc(planosPos.nome));
      return toOptions(rows, (r) => r.codplano, (r) => r.nome);
    },
  }),
);

builder.queryField('listarItensTerminalVinculo', (t) =>
  t.field({
    type: [OptionItemRef],
    description: "Terminals a POS plan's contract may link (placed or served in the caller's subtree): valor = codterminal, label = 'nome (código externo)'.",
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select().from(terminais).where(visibleTerminals(me)).orderBy(asc(terminais.nome));
      return toOptions(rows, (r) => r.codterminal, (r) => `${r.nome} (${r.codexterno})`);
    },
  }),
);

builder.queryField('getItensUnidadesPlanos', (t) =>
  t.field({
    type: [OptionItemRef],
    description:
      "Clients and units whose terminals a POS plan may bill (those the caller's visible terminals serve): valor = codpessoa, label = nome. " +
      'With codplano, only those whose terminals that plan\'s contracts hold.',
    args: { codplano: t.arg.int() },
    resolve: async (_r, { codplano }, ctx) => {
      const me = await ctx.requireUser();
      const inPlan = isGiven(codplano)
        ? sql`${terminais.codterminal} IN (SELECT ${planosTerminalTerminais.codterminal} FROM ${planosTerminalTerminais}
            JOIN ${planosTerminal} ON ${planosTerminal.codplanosterminal} = ${planosTerminalTerminais.codplanosterminal}
            WHERE ${planosTerminal.codplanos} = ${codplano} AND ${planosTerminal.codplanos} IN ${visiblePosPlans(me)})`
        : undefined;
      const rows = await ctx.db.selectDistinct({ codpessoa: pessoas.codpessoa, nome: pessoas.nome }).from(pessoas)
        .innerJoin(terminais, eq(terminais.codpessoacliente, pessoas.codpessoa))
        .where(and(visibleTerminals(me), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`, inPlan))
        .orderBy(asc(pessoas.nome));
      return toOptions(rows, (r) => r.codpessoa, (r) => r.nome);
    },
  }),
);
