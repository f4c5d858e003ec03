import {
  bandeiras, cidades, estados, operadoraBandeiras, operadoraProdutos, operadoras, pessoas, produtos, subtreeOf,
} from '@concilia/db';
import { isGiven } from '@concilia/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { OptionItemRef, toOptions } from './option-item';

/**
 * The option-list calls (spec part 2 §7 "Lookups", part 1 §7): each needs a session and answers
 * valor/label items from the reference tables or from the caller's part of the person hierarchy.
 * A code argument that is null or 'Todos' (-999) means "no restriction".
 */


/** Fewest characters of a city search across states, and most cities it answers. */
export const BUSCA_CIDADE_MIN = 3;
export const BUSCA_CIDADE_MAX = 50;

builder.queryField('listarOperadoras', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'Active card operators: valor = codoperadora, label = nome.',
    resolve: async (_r, _a, ctx) => {
      await ctx.requireUser();
      const rows = await ctx.db.select({ codoperadora: operadoras.codoperadora, nome: operadoras.nome }).from(operadoras)
        .where(eq(operadoras.ativo, true));
      return toOptions(rows, (r) => r.codoperadora, (r) => r.nome);
    },
  }),
);

builder.queryField('listarBandeiras', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'Active card brands (valor = codbandeira); with codOperadora, only the brands that operator captures.',
    args: { codOperadora: t.arg.int() },
    resolve: async (_r, { codOperadora }, ctx) => {
      await ctx.requireUser();
      const rows = isGiven(codOperadora)
        ? await ctx.db.select({ codbandeira: bandeiras.codbandeira, nome: bandeiras.nome }).from(bandeiras)
          .innerJoin(operadoraBandeiras, eq(operadoraBandeiras.codbandeira, bandeiras.codbandeira))
          .where(and(eq(bandeiras.ativo, true), eq(operadoraBandeiras.codoperadora, codOperadora)))
        : await ctx.db.select({ codbandeira: bandeiras.codbandeira, nome: bandeiras.nome }).from(bandeiras).where(eq(bandeiras.ativo, true));
      return toOptions(rows, (r) => r.codbandeira, (r) => r.nome);
    },
  }),
);

builder.queryField('listarItensProdutos', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'Active products (crédito à vista, parcelado, débito, voucher, Pix…): valor = codprodutos, label = nome.',
    resolve: async (_r, _a, ctx) => {
      await ctx.requireUser();
      const rows = await ctx.db.select({ codprodutos: produtos.codprodutos, nome: produtos.nome }).from(produtos).where(eq(produtos.ativo, true));
      return toOptions(rows, (r) => r.codprodutos, (r) => r.nome);
    },
  }),
);

builder.queryField('getItensProdutosByOperadora', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'Active products the operator offers: valor = codprodutos, label = nome.',
    args: { codOperadora: t.arg.int({ required: true }) },
    resolve: async (_r, { codOperadora }, ctx) => {
      await ctx.requireUser();
      const cols = { codprodutos: produtos.codprodutos, nome: produtos.nome };
      const rows = isGiven(codOperadora)
        ? await ctx.db.select(cols).from(produtos)
          .innerJoin(operadoraProdutos, eq(operadoraProdutos.codprodutos, produtos.codprodutos))
          .where(and(eq(produtos.ativo, true), eq(operadoraProdutos.codoperadora, codOperadora)))
        : await ctx.db.select(cols).from(produtos).where(eq(produtos.ativo, true));
      return toOptions(rows, (r) => r.codprodutos, (r) => r.nome);
    },
  }),
);

builder.queryField('getItensProdutosByOperadoraPos', (t) =>
  t.field({
    type: [OptionItemRef],
    description:
      'Products a POS plan prices per terminal (card products: crédito, débito, voucher; Pix has no terminal rate): ' +
      'those the operator offers when codOperadora is given, else every one. valor = codprodutos, label = nome.',
    args: { codOperadora: t.arg.int() },
    resolve: async (_r, { codOperadora }, ctx) => {
      await ctx.requireUser();
      const card = and(eq(produtos.ativo, true), inArray(produtos.tipo, ['CREDITO', 'DEBITO', 'VOUCHER']));
      const offered = isGiven(codOperadora)
        ? sql`${produtos.codprodutos} IN (SELECT ${operadoraProdutos.codprodutos} FROM ${operadoraProdutos} WHERE ${operadoraProdutos.codoperadora} = ${codOperadora})`
        : undefined;
      const rows = await ctx.db.select({ codprodutos: produtos.codprodutos, nome: produtos.nome }).from(produtos).where(and(card, offered)).orderBy(asc(produtos.codprodutos));
      return toOptions(rows, (r) => r.codprodutos, (r) => r.nome);
    },
  }),
);

builder.queryField('listarEstados', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'The 27 federative units: valor = sigla (as stored in a person\'s estado and taken by listarCidades), label = nome.',
    resolve: async (_r, _a, ctx) => {
      await ctx.requireUser();
      const rows = await ctx.db.select({ sigla: estados.sigla, nome: estados.nome }).from(estados);
      return toOptions(rows, (r) => r.sigla, (r) => r.nome);
    },
  }),
);

/**
 * Without the accents Portuguese uses and in lower case, in SQL and in JS alike, so 'sao jose' finds
 * 'São José'. Accents go before lower(): lower() of a non-ASCII letter depends on the database's locale.
 */
const ACENTOS = 'áàâãäéèêëíìîïóòôõöúùûüçÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇ';
const SEM_ACENTOS = 'aaaaaeeeeiiiiooooouuuucAAAAAEEEEIIIIOOOOOUUUUC';
const fold = (s: string) => [...s].map((ch) => SEM_ACENTOS[ACENTOS.indexOf(ch)] ?? ch).join('').toLowerCase();

builder.queryField('listarCidades', (t) =>
  t.field({
    type: [OptionItemRef],
    description:
      'Municipalities (valor = IBGE 7-digit codcidade). With uf (a state\'s sigla): every city of that state, label = nome. ' +
      `Without uf: nothing — a city select follows a state select — unless busca has at least ${BUSCA_CIDADE_MIN} letters, ` +
      `then up to ${BUSCA_CIDADE_MAX} cities of any state whose name contains it (accents and case ignored), label = "nome/UF".`,
    args: { uf: t.arg.string(), busca: t.arg.string() },
    resolve: async (_r, { uf, busca }, ctx) => {
      await ctx.requireUser();
      const base = ctx.db.select({ codcidade: cidades.codcidade, nome: cidades.nome, sigla: estados.sigla }).from(cidades)
        .innerJoin(estados, eq(estados.coduf, cidades.coduf));
      const termo = fold(busca?.trim() ?? '');
      const porNome = sql`lower(translate(${cidades.nome}, ${ACENTOS}, ${SEM_ACENTOS})) LIKE ${`%${termo.replace(/[\\%_]/g, '\\$&')}%`}`;
      if (uf?.trim()) {
        const rows = await base.where(and(eq(estados.sigla, uf.trim().toUpperCase()), termo ? porNome : undefined));
        return toOptions(rows, (r) => r.codcidade, (r) => r.nome);
      }
      if (termo.length < BUSCA_CIDADE_MIN) return [];
      const rows = await base.where(porNome);
      // Names that start with the search come first, then the rest, each group alphabetically.
      const starts = (r: { nome: string }) => fold(r.nome).startsWith(termo);
      const asOptions = (rs: typeof rows) => toOptions(rs, (r) => r.codcidade, (r) => `${r.nome}/${r.sigla}`);
      return [...asOptions(rows.filter(starts)), ...asOptions(rows.filter((r) => !starts(r)))].slice(0, BUSCA_CIDADE_MAX);
    },
  }),
);

builder.queryField('listarItensUnidadesConciliadoras', (t) =>
  t.field({
    type: [OptionItemRef],
    description:
      "Reconciliation units (persons of tipo UNIDADE) in the caller's part of the hierarchy: valor = codpessoa, label = nome. " +
      'With codpessoa (e.g. a client), only the units under that person.',
    args: { codpessoa: t.arg.int() },
    resolve: async (_r, { codpessoa }, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select({ codpessoa: pessoas.codpessoa, nome: pessoas.nome }).from(pessoas).where(and(
        eq(pessoas.tipo, 'UNIDADE'),
        sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
        isGiven(codpessoa) ? sql`${pessoas.codpessoa} IN ${subtreeOf(codpessoa)}` : undefined,
      ));
      return toOptions(rows, (r) => r.codpessoa, (r) => r.nome);
    },
  }),
);

builder.queryField('listarItensConciliadores', (t) =>
  t.field({
    type: [OptionItemRef],
    description: "Clients (persons of tipo CLIENTE) in the caller's part of the hierarchy: valor = codpessoa, label = nome.",
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select({ codpessoa: pessoas.codpessoa, nome: pessoas.nome }).from(pessoas)
        .where(and(eq(pessoas.tipo, 'CLIENTE'), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`));
      return toOptions(rows, (r) => r.codpessoa, (r) => r.nome);
    },
  }),
);
