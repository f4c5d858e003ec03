import {
  estabelecimentos, operadoraProdutos, pessoas, planosConciliadores, planosConciliadoresContrato, planosConciliadoresContratoUnidades,
  planosConciliadoresTaxas, produtos, subtreeOf,
} from '@concilia/db';
import { MSG, rangeText, rangesOverlap, rateText, type RateRange } from '@concilia/domain';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../features/auth/session.service';
import type { Ctx } from '../graphql/context';
import { type DateSpan, planSpans, queueFeeReaudit } from '../reconcile/fee-reaudit';
import { fieldError } from '../register-kit/field-error';
import type { RegisterEntry, Row } from '../register-kit/register-entry';

/**
 * Planos & Taxas. A plan belongs to the person who made it (codpessoapai, usually a reseller) and is seen and
 * changed by that person and those above it; its contracts and rates are sublists, seen and changed by whoever
 * sees the plan. Every change that can move a contracted fee queues the fee audit again over the days the plan
 * is in force (queueFeeReaudit), so what the dashboard calls "Cobrado a mais" follows what the user typed.
 */

/** The plans the user may see, as a sub-select of ids: the scope of both sublists. */
export const visiblePlans = (me: SessionUser): SQL =>
  sql`(SELECT ${planosConciliadores.codplanosconciliadores} FROM ${planosConciliadores} WHERE ${planosConciliadores.codpessoapai} IN ${subtreeOf(me.codpessoa)})`;

const reauditPlan = async (ctx: Ctx, codplano: number) => {
  await queueFeeReaudit(ctx.db, await planSpans(ctx.db, codplano));
};

/** The quick insert's rates: which value goes to which catalogue product and installment range. */
const QUICK_TIERS = [
  { value: 'taxaCredito', produto: 'Crédito à vista', de: 1, ate: 1 },
  { value: 'taxaCredito0a6', produto: 'Crédito parcelado loja', de: 2, ate: 6 },
  { value: 'taxaCredito7a12', produto: 'Crédito parcelado loja', de: 7, ate: 12 },
  { value: 'taxaDebito', produto: 'Débito', de: 1, ate: 1 },
] as const;

/**
 * Inserir Rápido: the plan (the caller's), a percent rate per tier the operator offers (ticket: every voucher
 * product it offers), and a contract over the vigência on the caller's units registered at the operator, when
 * there are any (otherwise the plan waits for a contract typed on its own sublist). Then the audit of those days.
 */
async function inserirRapido(ctx: Ctx, v: Row, me: SessionUser): Promise<void> {
  const codoperadora = v.codoperadora as number;
  const offered = await ctx.db.select({ codprodutos: produtos.codprodutos, nome: produtos.nome, tipo: produtos.tipo }).from(produtos)
    .innerJoin(operadoraProdutos, eq(operadoraProdutos.codprodutos, produtos.codprodutos))
    .where(and(eq(operadoraProdutos.codoperadora, codoperadora), eq(produtos.ativo, true)));
  const rate = (codprodutos: number, de: number, ate: number, taxa: unknown) =>
    ({ codoperadora, codprodutos, de, ate, tipotaxa: 'P' as const, tarifacao: 'P' as const, taxa: String(taxa) });
  const rates = [
    ...QUICK_TIERS.flatMap((t) => (v[t.value] == null ? [] : offered.filter((p) => p.nome === t.produto).map((p) => rate(p.codprodutos, t.de, t.ate, v[t.value])))),
    ...(v.taxaTicket == null ? [] : offered.filter((p) => p.tipo === 'VOUCHER').map((p) => rate(p.codprodutos, 1, 1, v.taxaTicket))),
  ];
  if (!rates.length) throw fieldError('taxaCredito', MSG.inserirRapidoSemProdutos);
  const [plano] = await ctx.db.insert(planosConciliadores).values({ nome: v.nomePlano as string, codpessoapai: me.codpessoa, tarifacao: 'P' }).returning();
  const codplanosconciliadores = plano!.codplanosconciliadores;
  await ctx.db.insert(planosConciliadoresTaxas).values(rates.map((r) => ({ ...r, codplanosconciliadores })));
  const units = await ctx.db.selectDistinct({ codpessoa: estabelecimentos.codpessoa }).from(estabelecimentos)
    .where(and(eq(estabelecimentos.codoperadora, codoperadora), sql`${estabelecimentos.codpessoa} IN ${subtreeOf(me.codpessoa)}`));
  if (!units.length) return;
  const span = { de: v.vigenciaDe as string, ate: v.vigenciaAte as string };
  const [contrato] = await ctx.db.insert(planosConciliadoresContrato).values({ codplanosconciliadores, vigenciade: span.de, vigenciaate: span.ate }).returning();
  await ctx.db.insert(planosConciliadoresContratoUnidades).values(units.map((u) => ({
    codplanosconciliadorescontrato: contrato!.codplanosconciliadorescontrato, codoperadora, codpessoa: u.codpessoa,
  })));
  await queueFeeReaudit(ctx.db, [span]);
}

export const planosConciliadoresEntry: Omit<RegisterEntry, 'def'> = {
  table: planosConciliadores,
  visible: (me) => sql`${planosConciliadores.codpessoapai} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoapai',
  hooks: {
    formActions: { inserirRapido },
    // its contracts and rates go with it (cascade): the days they priced are audited again without them
    beforeDelete: (ctx, row) => reauditPlan(ctx, row.codplanosconciliadores as number),
  },
};

const asRange = (r: Row): RateRange => ({
  de: Number(r.de), ate: Number(r.ate),
  valorde: r.valorde == null ? null : Number(r.valorde), valorate: r.valorate == null ? null : Number(r.valorate),
});

export const planosConciliadoresTaxasEntry: Omit<RegisterEntry, 'def'> = {
  table: planosConciliadoresTaxas,
  visible: (me) => sql`${planosConciliadoresTaxas.codplanosconciliadores} IN ${visiblePlans(me)}`,
  ownerColumn: 'codplanosconciliadores',
  ownerScope: visiblePlans,
  hooks: {
    /**
     * Two rates of a plan for the same operator, product, BIN and BNDES flag may not claim the same sale: the
     * audit would have to guess which one the contract meant. A percent rate keeps no amount and the reverse.
     */
    async beforeSave(ctx, values, { existing }) {
      const t = planosConciliadoresTaxas;
      const id = (existing?.codplanosconciliadorestaxas ?? null) as number | null;
      const siblings = await ctx.db.select().from(t).where(and(
        eq(t.codplanosconciliadores, values.codplanosconciliadores as number),
        eq(t.codoperadora, values.codoperadora as number),
        eq(t.codprodutos, values.codprodutos as number),
        eq(t.taxabndes, values.taxabndes === true),
        sql`${t.bincartao} IS NOT DISTINCT FROM ${(values.bincartao as string | null) ?? null}`,
        id ? ne(t.codplanosconciliadorestaxas, id) : undefined,
      ));
      const clash = siblings.find((s) => rangesOverlap(asRange(s as Row), asRange(values)));
      if (clash) throw fieldError('de', MSG.taxaFaixaSobreposta.replace('{faixa}', rangeText(asRange(clash as Row))));
      return values.tipotaxa === 'V' ? { ...values, taxa: null } : { ...values, valortaxa: null };
    },
    afterSave: async (ctx, row, _values, { existing }) => {
      await reauditPlan(ctx, row.codplanosconciliadores as number);
      if (existing && existing.codplanosconciliadores !== row.codplanosconciliadores) await reauditPlan(ctx, existing.codplanosconciliadores as number);
    },
    beforeDelete: (ctx, row) => reauditPlan(ctx, row.codplanosconciliadores as number),
    async afterLoad(_ctx, rows) {
      return rows.map((r) => ({
        ...r,
        taxas: rateText({ ...asRange(r), tipotaxa: String(r.tipotaxa), taxa: r.taxa == null ? null : Number(r.taxa), valortaxa: r.valortaxa as number | null, taxabndes: r.taxabndes as boolean }),
      }));
    },
  },
};

/** One line of a contract's listConciOperadora: the operator, the unit and optionally one establishment code. */
type ContratoUnidade = { codoperadora: number; codpessoa: number; codexterno: string | null };

const spanOf = (r: Row): DateSpan => ({ de: String(r.vigenciade), ate: String(r.vigenciaate) });

/**
 * A contract puts its plan in force from vigência de to até on the units and operators of its lines. A line
 * names a unit the caller may see (a contract cannot price another tenant's sales), once per operator; saving
 * rewrites the lines whole and queues the audit of the days before and after the change.
 */
export const planosConciliadoresContratoEntry: Omit<RegisterEntry, 'def'> = {
  table: planosConciliadoresContrato,
  visible: (me) => sql`${planosConciliadoresContrato.codplanosconciliadores} IN ${visiblePlans(me)}`,
  ownerColumn: 'codplanosconciliadores',
  ownerScope: visiblePlans,
  hooks: {
    async beforeSave(ctx, values, { me }) {
      const lines = (values.listConciOperadora as ContratoUnidade[]).map((l) => ({ ...l, codexterno: l.codexterno?.trim() || null }));
      const units = [...new Set(lines.map((l) => l.codpessoa))];
      const allowed = await ctx.db.select({ id: pessoas.codpessoa }).from(pessoas).where(and(
        inArray(pessoas.codpessoa, units), eq(pessoas.tipo, 'UNIDADE'), sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
      ));
      const ok = new Set(allowed.map((a) => a.id));
      if (units.some((u) => !ok.has(u))) throw fieldError('listConciOperadora', MSG.contratoUnidadeInvalida);
      const seen = new Set<string>();
      for (const l of lines) {
        const key = `${l.codoperadora}-${l.codpessoa}`;
        if (seen.has(key)) throw fieldError('listConciOperadora', MSG.contratoUnidadeRepetida);
        seen.add(key);
      }
      return { ...values, listConciOperadora: lines };
    },
    async afterSave(ctx, row, values, { existing }) {
      const id = row.codplanosconciliadorescontrato as number;
      const u = planosConciliadoresContratoUnidades;
      await ctx.db.delete(u).where(eq(u.codplanosconciliadorescontrato, id));
      const lines = values.listConciOperadora as ContratoUnidade[];
      if (lines.length) await ctx.db.insert(u).values(lines.map((l) => ({ codplanosconciliadorescontrato: id, ...l })));
      await queueFeeReaudit(ctx.db, existing ? [spanOf(row), spanOf(existing)] : [spanOf(row)]);
    },
    beforeDelete: async (ctx, row) => {
      await queueFeeReaudit(ctx.db, [spanOf(row)]);
    },
    async afterLoad(ctx, rows) {
      const ids = rows.map((r) => r.codplanosconciliadorescontrato as number);
      const u = planosConciliadoresContratoUnidades;
      const lines = ids.length
        ? await ctx.db.select().from(u).where(inArray(u.codplanosconciliadorescontrato, ids)).orderBy(asc(u.codoperadora), asc(u.codpessoa))
        : [];
      return rows.map((r) => ({
        ...r,
        listConciOperadora: lines
          .filter((l) => l.codplanosconciliadorescontrato === r.codplanosconciliadorescontrato)
          .map(({ codoperadora, codpessoa, codexterno }) => ({ codoperadora, codpessoa, codexterno })),
      }));
    },
  },
};
