import {
  type Db, estabelecimentos, operadoraProdutos, pessoas, planosConciliadores, planosConciliadoresContrato, planosConciliadoresContratoUnidades,
  planosConciliadoresTaxas, produtos, subtreeOf,
} from '@concilia/db';
import {
  type LineCheck, linesText, MSG, putLine, rangeText, rangesOverlap, rateLineSchema, type RateLine, rateText, type RateRange, removeLine, sortLines,
} from '@concilia/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../features/auth/session.service';
import type { Ctx } from '../graphql/context';
import { type DateSpan, planSpans, queueFeeReaudit } from '../reconcile/fee-reaudit';
import { fieldError } from '../register-kit/field-error';
import { AppError } from '../graphql/errors';
import type { EntryAnswer, EntryCall, RegisterEntry, Row } from '../register-kit/register-entry';

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
export const QUICK_TIERS = [
  { value: 'taxaCredito', produto: 'Crédito à vista', de: 1, ate: 1 },
  { value: 'taxaCredito0a6', produto: 'Crédito parcelado loja', de: 2, ate: 6 },
  { value: 'taxaCredito7a12', produto: 'Crédito parcelado loja', de: 7, ate: 12 },
  { value: 'taxaDebito', produto: 'Débito', de: 1, ate: 1 },
] as const;

/** A quick tier's rate row of a plan (no plan code yet). */
export type QuickRate = { codoperadora: number; codprodutos: number; de: number; ate: number; tipotaxa: 'P'; tarifacao: 'P'; taxa: string };

/**
 * The rate rows of the tiers typed in `v` (taxaCredito, taxaCredito0a6, taxaCredito7a12, taxaDebito, taxaTicket:
 * percent or null) for the products the operator offers: a tier's product, and every voucher product for the ticket.
 */
export async function quickRates(db: Pick<Db, 'select'>, codoperadora: number, v: Row): Promise<QuickRate[]> {
  const offered = await db.select({ codprodutos: produtos.codprodutos, nome: produtos.nome, tipo: produtos.tipo }).from(produtos)
    .innerJoin(operadoraProdutos, eq(operadoraProdutos.codprodutos, produtos.codprodutos))
    .where(and(eq(operadoraProdutos.codoperadora, codoperadora), eq(produtos.ativo, true)));
  const rate = (codprodutos: number, de: number, ate: number, taxa: unknown): QuickRate =>
    ({ codoperadora, codprodutos, de, ate, tipotaxa: 'P', tarifacao: 'P', taxa: String(taxa) });
  return [
    ...QUICK_TIERS.flatMap((t) => (v[t.value] == null ? [] : offered.filter((o) => o.nome === t.produto).map((o) => rate(o.codprodutos, t.de, t.ate, v[t.value])))),
    ...(v.taxaTicket == null ? [] : offered.filter((o) => o.tipo === 'VOUCHER').map((o) => rate(o.codprodutos, 1, 1, v.taxaTicket))),
  ];
}

/**
 * A plan of percent rates typed per tier (Inserir Rápido, the sign-up's Taxas step): the plan owned by `owner`,
 * a rate per tier the operator offers (ticket: every voucher product it offers) and, when `units` are given, a
 * contract over `span` on them. Answers the plan's code, or null when the operator offers none of the tiers
 * typed (nothing is written then).
 */
export async function createQuickPlan(
  db: Db, p: { codoperadora: number; nome: string; owner: number; rates: Row; span: DateSpan; units: readonly number[] },
): Promise<number | null> {
  const { codoperadora } = p;
  const rates = await quickRates(db, codoperadora, p.rates);
  if (!rates.length) return null;
  const [plano] = await db.insert(planosConciliadores).values({ nome: p.nome, codpessoapai: p.owner, tarifacao: 'P' }).returning();
  const codplanosconciliadores = plano!.codplanosconciliadores;
  await db.insert(planosConciliadoresTaxas).values(rates.map((r) => ({ ...r, codplanosconciliadores })));
  if (!p.units.length) return codplanosconciliadores;
  const [contrato] = await db.insert(planosConciliadoresContrato)
    .values({ codplanosconciliadores, vigenciade: p.span.de, vigenciaate: p.span.ate }).returning();
  await db.insert(planosConciliadoresContratoUnidades).values(p.units.map((codpessoa) => ({
    codplanosconciliadorescontrato: contrato!.codplanosconciliadorescontrato, codoperadora, codpessoa,
  })));
  return codplanosconciliadores;
}

/**
 * Inserir Rápido: the caller's quick plan, with a contract over the vigência on the caller's units registered
 * at the operator when there are any (otherwise the plan waits for a contract typed on its own sublist). Then
 * the audit of those days.
 */
async function inserirRapido(ctx: Ctx, v: Row, me: SessionUser): Promise<void> {
  const codoperadora = v.codoperadora as number;
  const units = await ctx.db.selectDistinct({ codpessoa: estabelecimentos.codpessoa }).from(estabelecimentos)
    .where(and(eq(estabelecimentos.codoperadora, codoperadora), sql`${estabelecimentos.codpessoa} IN ${subtreeOf(me.codpessoa)}`));
  const span = { de: v.vigenciaDe as string, ate: v.vigenciaAte as string };
  const plano = await createQuickPlan(ctx.db, { codoperadora, nome: v.nomePlano as string, owner: me.codpessoa, rates: v, span, units: units.map((u) => u.codpessoa) });
  if (plano === null) throw fieldError('taxaCredito', MSG.inserirRapidoSemProdutos);
  if (units.length) await queueFeeReaudit(ctx.db, [span]);
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

/** A stored rate row (or a line as the API sends it) as a range of the wizard's list. */
const asLine = (r: Row, codtaxa = Number(r.codplanosconciliadorestaxas ?? r.codtaxa)): RateLine => ({
  ...asRange(r), codtaxa, tipotaxa: r.tipotaxa === 'V' ? 'V' : 'P',
  taxa: r.taxa == null ? null : Number(r.taxa), valortaxa: r.valortaxa == null ? null : Number(r.valortaxa),
});

/** What makes rows one rate: its ranges share plan, operator, product, BIN and BNDES flag. */
type RateGroup = { codplanosconciliadores: number; codoperadora: number; codprodutos: number; bincartao: string | null; taxabndes: boolean };

const groupOf = (v: Row): RateGroup => ({
  codplanosconciliadores: Number(v.codplanosconciliadores), codoperadora: Number(v.codoperadora), codprodutos: Number(v.codprodutos),
  bincartao: (v.bincartao as string | null | undefined) || null, taxabndes: v.taxabndes === true,
});

const groupKey = (g: RateGroup) => [g.codplanosconciliadores, g.codoperadora, g.codprodutos, g.bincartao ?? '', g.taxabndes].join('|');

const groupWhere = (g: RateGroup) => {
  const t = planosConciliadoresTaxas;
  return and(
    eq(t.codplanosconciliadores, g.codplanosconciliadores), eq(t.codoperadora, g.codoperadora), eq(t.codprodutos, g.codprodutos),
    eq(t.taxabndes, g.taxabndes), sql`${t.bincartao} IS NOT DISTINCT FROM ${g.bincartao}`,
  );
};

const groupRows = async (ctx: Ctx, g: RateGroup): Promise<Row[]> =>
  ctx.db.select().from(planosConciliadoresTaxas).where(groupWhere(g)).orderBy(asc(planosConciliadoresTaxas.codplanosconciliadorestaxas)) as Promise<Row[]>;

/** A BNDES rate is for the BNDES card, a credit card: a debit, voucher or Pix product cannot have one. */
async function bndesRefused(ctx: Ctx, codprodutos: unknown): Promise<boolean> {
  if (codprodutos == null) return false;
  const [p] = await ctx.db.select({ tipo: produtos.tipo }).from(produtos).where(eq(produtos.codprodutos, Number(codprodutos)));
  return !!p && p.tipo !== 'CREDITO';
}

/**
 * The wizard's checks of a range (resultadoAddTaxas, resultadoAddTaxasBndes, resultadoAtualizaTaxas,
 * resultadoSubTaxas): the line's own rules, the BNDES card's product, then putLine / removeLine. Nothing is
 * stored: the save writes the list the user ends with, and checks it all again.
 */
async function checkRateLine(ctx: Ctx, _me: SessionUser, call: EntryCall): Promise<EntryAnswer> {
  const bndes = call.op === 'addFlagged' || call.context.taxabndes === true;
  // the first add of a new rate starts the list (insert); later ones add to the list the wizard holds
  const list = call.op === 'add' && call.insert ? [] : call.list.map((l) => asLine(l));
  const answer = (r: LineCheck): EntryAnswer => ({ mensagem: r.mensagem, list: r.listDeTaxas, taxas: linesText(r.listDeTaxas, bndes) });
  if (call.op === 'remove') return answer(removeLine(list, Number(call.codigo)));
  const parsed = rateLineSchema.safeParse(call.line);
  if (!parsed.success) return answer({ mensagem: parsed.error.issues[0]!.message, listDeTaxas: sortLines(list) });
  if (bndes && (await bndesRefused(ctx, call.context.codprodutos))) return answer({ mensagem: MSG.taxaBndesSomenteCredito, listDeTaxas: sortLines(list) });
  return answer(putLine(list, asLine(parsed.data, 0), call.op === 'update' ? Number(call.codigo) : null));
}

export const planosConciliadoresTaxasEntry: Omit<RegisterEntry, 'def'> = {
  table: planosConciliadoresTaxas,
  visible: (me) => sql`${planosConciliadoresTaxas.codplanosconciliadores} IN ${visiblePlans(me)}`,
  ownerColumn: 'codplanosconciliadores',
  ownerScope: visiblePlans,
  hooks: {
    entries: { listDeTaxas: checkRateLine },
    /**
     * getPrepareCadastroTaxa: on the wizard's last step, the ranges the plan already has for the operator,
     * product, BIN and BNDES flag chosen, so a new rate of a known product edits those instead of meeting them.
     */
    async prepare(ctx, me, values) {
      const g = groupOf(values);
      const plan = await ctx.db.select({ id: planosConciliadores.codplanosconciliadores }).from(planosConciliadores)
        .where(and(eq(planosConciliadores.codplanosconciliadores, g.codplanosconciliadores), sql`${planosConciliadores.codplanosconciliadores} IN ${visiblePlans(me)}`));
      if (!plan.length) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
      const lines = sortLines((await groupRows(ctx, g)).map((r) => asLine(r)));
      const mensagem = lines.length && values.codplanosconciliadorestaxas == null ? MSG.taxaGrupoCarregado : null;
      return { mensagem, list: lines, taxas: linesText(lines, g.taxabndes) };
    },
    /**
     * The rate's ranges become the rows of its group: lines naming a row of the group (or, editing, of the
     * edited row's group) update it, new lines are inserted, and rows of those the list no longer has are
     * deleted. Ranges may not meet each other, nor rows of the group the save leaves alone.
     */
    async write(ctx, values, { existing }) {
      const t = planosConciliadoresTaxas;
      const g = groupOf(values);
      if (g.taxabndes && (await bndesRefused(ctx, g.codprodutos))) throw fieldError('taxabndes', MSG.taxaBndesSomenteCredito);
      const lines = (values.listDeTaxas as Row[]).map((l, i) => asLine(l, l.codtaxa == null ? -1 - i : Number(l.codtaxa)));
      for (const [i, a] of lines.entries()) {
        const b = lines.slice(i + 1).find((o) => rangesOverlap(a, o));
        if (b) throw fieldError('listDeTaxas', MSG.faixasSobrepostas.replace('{a}', rangeText(a)).replace('{b}', rangeText(b)));
      }
      const rows = await groupRows(ctx, g);
      const before = existing ? await groupRows(ctx, groupOf(existing)) : [];
      const ids = new Set(lines.map((l) => l.codtaxa));
      const mine = new Set([...before, ...rows].map((r) => Number(r.codplanosconciliadorestaxas)).filter((id) => existing ? true : ids.has(id)));
      const clash = rows.filter((r) => !mine.has(Number(r.codplanosconciliadorestaxas))).find((r) => lines.some((l) => rangesOverlap(l, asRange(r))));
      if (clash) throw fieldError('listDeTaxas', MSG.taxaFaixaSobreposta.replace('{faixa}', rangeText(asRange(clash))));
      const gone = [...mine].filter((id) => !ids.has(id));
      if (gone.length) await ctx.db.delete(t).where(inArray(t.codplanosconciliadorestaxas, gone));
      const saved: Row[] = [];
      for (const l of sortLines(lines)) {
        const data = {
          ...g, tarifacao: values.tarifacao as 'P' | 'V', de: l.de, ate: l.ate, valorde: l.valorde, valorate: l.valorate, tipotaxa: l.tipotaxa,
          taxa: l.tipotaxa === 'P' && l.taxa != null ? String(l.taxa) : null, valortaxa: l.tipotaxa === 'V' ? l.valortaxa : null,
        };
        const [row] = mine.has(l.codtaxa)
          ? await ctx.db.update(t).set(data).where(eq(t.codplanosconciliadorestaxas, l.codtaxa)).returning()
          : await ctx.db.insert(t).values(data).returning();
        saved.push(row as Row);
      }
      // the form stands for the row it edited when that range is still there, else the rate's first range
      return saved.find((r) => r.codplanosconciliadorestaxas === existing?.codplanosconciliadorestaxas) ?? saved[0]!;
    },
    afterSave: async (ctx, row, _values, { existing }) => {
      await reauditPlan(ctx, row.codplanosconciliadores as number);
      if (existing && existing.codplanosconciliadores !== row.codplanosconciliadores) await reauditPlan(ctx, existing.codplanosconciliadores as number);
    },
    beforeDelete: (ctx, row) => reauditPlan(ctx, row.codplanosconciliadores as number),
    /** Each row says its range in words (taxas) and carries every range of its rate (listDeTaxas), for the wizard. */
    async afterLoad(ctx, rows) {
      const plans = [...new Set(rows.map((r) => Number(r.codplanosconciliadores)))];
      const all = plans.length ? ((await ctx.db.select().from(planosConciliadoresTaxas).where(inArray(planosConciliadoresTaxas.codplanosconciliadores, plans))) as Row[]) : [];
      const byGroup = new Map<string, RateLine[]>();
      for (const r of all) {
        const k = groupKey(groupOf(r));
        byGroup.set(k, [...(byGroup.get(k) ?? []), asLine(r)]);
      }
      return rows.map((r) => ({
        ...r,
        taxas: rateText({ ...asRange(r), tipotaxa: String(r.tipotaxa), taxa: r.taxa == null ? null : Number(r.taxa), valortaxa: r.valortaxa as number | null, taxabndes: r.taxabndes as boolean }),
        listDeTaxas: sortLines(byGroup.get(groupKey(groupOf(r))) ?? []),
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
