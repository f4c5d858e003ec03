import { isUnder, subtreeWithin } from '@concilia/db';
import { isBusinessDate, isGiven, MSG } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../graphql/errors';
import { builder } from '../../graphql/builder';
import { CentavosScalar } from '../../register-kit/centavos-scalar';
import { DEFAULT_FEE_TOLERANCE_CENTAVOS } from '../../reconcile/fee-audit';
import { type OverchargeTotal, overchargeTotals } from '../../reconcile/fee-audit.report';
import { listTaxasNaoCadastradas, listUnidadesNaoEncontradas, type Periodo, type TaxaNaoCadastrada, type UnidadeNaoEncontrada } from './fee-audit.queries';

/**
 * Fee-audit calls (spec part 2 §7: getListarTaxasNaoCadastradas, getListaUnidadesNaoEncontradas; issue 5: the
 * over-charge totals). Each needs a session and answers only the caller's part of the person hierarchy.
 */

void CentavosScalar;

const TaxaNaoCadastradaRef = builder.objectRef<TaxaNaoCadastrada>('TaxaNaoCadastrada').implement({
  description: 'Sales of one operator, product code and installment count that no contracted rate fits.',
  fields: (t) => ({
    codoperadora: t.exposeInt('codoperadora'),
    operadora: t.exposeString('operadora'),
    produto: t.exposeString('produto', { nullable: true, description: "The operator's product code, as its file carries it" }),
    produtonome: t.exposeString('produtonome', { nullable: true }),
    codprodutos: t.exposeInt('codprodutos', { nullable: true, description: 'Generic product; null when the operator code has no mapping' }),
    nomeproduto: t.exposeString('nomeproduto', { nullable: true }),
    totparcelas: t.exposeInt('totparcelas'),
    quantidade: t.exposeInt('quantidade'),
    valorbruto: t.expose('valorbruto', { type: 'Centavos' }),
    valortaxa: t.expose('valortaxa', { type: 'Centavos', description: 'Fees the operator charged on these sales' }),
  }),
});

const UnidadeNaoEncontradaRef = builder.objectRef<UnidadeNaoEncontrada>('UnidadeNaoEncontrada').implement({
  description: 'An establishment code found in operator files that no registered unit has.',
  fields: (t) => ({
    codoperadora: t.exposeInt('codoperadora'),
    operadora: t.exposeString('operadora'),
    estabelecimento: t.exposeString('estabelecimento'),
    codpessoa: t.exposeInt('codpessoa', { nullable: true, description: 'Whom the lines were filed under (the file owner); null when nobody' }),
    nomepessoa: t.exposeString('nomepessoa', { nullable: true }),
    quantidade: t.exposeInt('quantidade'),
    arquivos: t.exposeInt('arquivos'),
    primeiradata: t.exposeString('primeiradata'),
    ultimadata: t.exposeString('ultimadata'),
  }),
});

const TaxaCobradaAMaisRef = builder.objectRef<OverchargeTotal>('TaxaCobradaAMais').implement({
  description: 'Fees charged above the contract for one operator, unit and month: what the merchant can claim back.',
  fields: (t) => ({
    codoperadora: t.exposeInt('codoperadora'),
    operadora: t.exposeString('operadora'),
    codpessoa: t.exposeInt('codpessoa'),
    unidade: t.exposeString('unidade'),
    mes: t.exposeString('mes', { description: 'YYYY-MM' }),
    vendas: t.exposeInt('vendas'),
    valorvendas: t.expose('valorvendas', { type: 'Centavos' }),
    antecipacoes: t.exposeInt('antecipacoes'),
    valorantecipacoes: t.expose('valorantecipacoes', { type: 'Centavos' }),
  }),
});

function periodo(dataInicial: string, dataFinal: string): Periodo {
  if (!isBusinessDate(dataInicial) || !isBusinessDate(dataFinal) || dataInicial > dataFinal) {
    throw new AppError('BAD_USER_INPUT', MSG.auditoriaPeriodoInvalido);
  }
  return { de: dataInicial, ate: dataFinal };
}

builder.queryField('getListarTaxasNaoCadastradas', (t) =>
  t.field({
    type: [TaxaNaoCadastradaRef],
    description: 'Operator / product code / installments of sales dated dataInicial..dataFinal with no contracted rate, '
      + 'in the caller\'s part of the hierarchy (with codPessoa, only under that person), with counts and totals.',
    args: { dataInicial: t.arg.string({ required: true }), dataFinal: t.arg.string({ required: true }), codPessoa: t.arg.int() },
    resolve: async (_r, { dataInicial, dataFinal, codPessoa }, ctx) => {
      const me = await ctx.requireUser();
      const p = periodo(dataInicial, dataFinal);
      return listTaxasNaoCadastradas(ctx.db, subtreeWithin(me.codpessoa, isGiven(codPessoa) ? codPessoa : null), p);
    },
  }),
);

builder.queryField('getListaUnidadesNaoEncontradas', (t) =>
  t.field({
    type: [UnidadeNaoEncontradaRef],
    description: 'Establishment codes in operator lines dated dataInicial..dataFinal that no registered unit has, from files '
      + 'owned in the caller\'s part of the hierarchy; the platform also sees files nobody owns.',
    args: { dataInicial: t.arg.string({ required: true }), dataFinal: t.arg.string({ required: true }) },
    resolve: async (_r, { dataInicial, dataFinal }, ctx) => {
      const me = await ctx.requireUser();
      // the platform is the person at the top of the hierarchy: only its users see files of unknown owners
      return listUnidadesNaoEncontradas(ctx.db, me.codpessoa, me.codpessoapai === null, periodo(dataInicial, dataFinal));
    },
  }),
);

builder.queryField('getTotaisTaxasCobradasAMais', (t) =>
  t.field({
    type: [TaxaCobradaAMaisRef],
    description: 'Sale fees and anticipation costs charged above the contract, per operator, unit and month, dated '
      + 'dataInicial..dataFinal, in the caller\'s part of the hierarchy (with codPessoa, only under that person).',
    args: { dataInicial: t.arg.string({ required: true }), dataFinal: t.arg.string({ required: true }), codPessoa: t.arg.int() },
    resolve: async (_r, { dataInicial, dataFinal, codPessoa }, ctx) => {
      const me = await ctx.requireUser();
      const p = periodo(dataInicial, dataFinal);
      if (!isGiven(codPessoa)) return overchargeTotals(ctx.db, me.codpessoa, p, DEFAULT_FEE_TOLERANCE_CENTAVOS);
      // a person outside the caller's subtree answers nothing, as the option lists do
      const rows = (await ctx.db.execute(sql`SELECT 1 WHERE ${isUnder(codPessoa, me.codpessoa)}`)) as unknown as { rows: unknown[] };
      return rows.rows.length ? overchargeTotals(ctx.db, codPessoa, p, DEFAULT_FEE_TOLERANCE_CENTAVOS) : [];
    },
  }),
);
