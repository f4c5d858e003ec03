import { planosConciliadores, planosConciliadoresTaxas, subtreeOf } from '@concilia/db';
import { MSG, rangeText, rangesOverlap, rateText, type RateRange } from '@concilia/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../features/auth/session.service';
import type { Ctx } from '../graphql/context';
import { planSpans, queueFeeReaudit } from '../reconcile/fee-reaudit';
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

export const planosConciliadoresEntry: Omit<RegisterEntry, 'def'> = {
  table: planosConciliadores,
  visible: (me) => sql`${planosConciliadores.codpessoapai} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoapai',
  hooks: {
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
