import { planosPos, planosPosTaxas, planosPosTaxasFaixas, planosTerminal, planosTerminalTerminais, subtreeOf, terminais } from '@concilia/db';
import { faixaPosSchema, installmentsText, type LineCheck, lineText, MSG, putLine, type RateLine, removeLine, sortLines } from '@concilia/domain';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../features/auth/session.service';
import { fieldError } from '../register-kit/field-error';
import type { Ctx } from '../graphql/context';
import type { EntryAnswer, EntryCall, RegisterEntry, Row } from '../register-kit/register-entry';

/**
 * Planos POS. A POS plan belongs to the person who made it (codpessoapai, the reseller placing terminals) and is
 * seen by it and those above; its rates and terminal contracts are sublists seen by whoever sees the plan. A
 * contract links terminals the caller may see, and a terminal is in one POS plan at a time.
 */

export const visiblePosPlans = (me: SessionUser): SQL =>
  sql`(SELECT ${planosPos.codplano} FROM ${planosPos} WHERE ${planosPos.codpessoapai} IN ${subtreeOf(me.codpessoa)})`;

/** Terminals the caller placed (codpessoapai) or serves (codpessoacliente) in its part of the hierarchy. */
export const visibleTerminals = (me: SessionUser): SQL =>
  or(sql`${terminais.codpessoapai} IN ${subtreeOf(me.codpessoa)}`, sql`${terminais.codpessoacliente} IN ${subtreeOf(me.codpessoa)}`)!;

export const planosPosEntry: Omit<RegisterEntry, 'def'> = {
  table: planosPos,
  visible: (me) => sql`${planosPos.codpessoapai} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoapai',
  hooks: {
    // a plan that charges no monthly fee keeps no amount
    beforeSave: (_ctx, values) => (values.cobramensalidade === 'N' ? { ...values, valormensalidade: null } : values),
  },
};

type Faixa = { de: number; ate: number; taxa: number };

/** A POS range as a rate line (percent, any value), so the wizard's rules (putLine, removeLine) check it too. */
const asLine = (f: Row): RateLine => ({
  codtaxa: Number(f.codtaxa ?? 0), de: Number(f.de), ate: Number(f.ate), valorde: null, valorate: null, tipotaxa: 'P',
  taxa: f.taxa == null ? null : Number(f.taxa), valortaxa: null,
});
const asFaixa = (l: RateLine): Row => ({ codtaxa: l.codtaxa, de: l.de, ate: l.ate, taxa: l.taxa });
const faixasText = (faixas: readonly Faixa[]) => faixas.map(lineText).join('; ');

/**
 * resultadoAddTaxasPos / resultadoSubTaxasPos: a POS range is checked as it is added or taken out — its own
 * rules, and no other range of the product's list may meet it. Nothing is stored until the rate is saved.
 */
async function checkPosLine(_ctx: Ctx, _me: SessionUser, call: EntryCall): Promise<EntryAnswer> {
  const list = call.op === 'add' && call.insert ? [] : call.list.map(asLine);
  const answer = (r: LineCheck): EntryAnswer => {
    const faixas = r.listDeTaxas.map(asFaixa);
    return { mensagem: r.mensagem, list: faixas, taxas: faixasText(faixas as Faixa[]) };
  };
  if (call.op === 'remove') return answer(removeLine(list, Number(call.codigo)));
  const parsed = faixaPosSchema.safeParse(call.line);
  if (!parsed.success) return answer({ mensagem: parsed.error.issues[0]!.message, listDeTaxas: sortLines(list) });
  return answer(putLine(list, asLine(parsed.data), null));
}

export const planosPosTaxasEntry: Omit<RegisterEntry, 'def'> = {
  table: planosPosTaxas,
  visible: (me) => sql`${planosPosTaxas.codplano} IN ${visiblePosPlans(me)}`,
  ownerColumn: 'codplano',
  ownerScope: visiblePosPlans,
  hooks: {
    entries: { faixas: checkPosLine },
    /** One entry per product in a plan, and its installment ranges do not meet. */
    async beforeSave(ctx, values, { existing }) {
      const faixas = [...(values.faixas as Faixa[])].sort((a, b) => a.de - b.de);
      for (let i = 1; i < faixas.length; i++) {
        const [a, b] = [faixas[i - 1]!, faixas[i]!];
        if (b.de <= a.ate) throw fieldError('faixas', MSG.faixasSobrepostas.replace('{a}', installmentsText(a)).replace('{b}', installmentsText(b)));
      }
      const t = planosPosTaxas;
      const [twin] = await ctx.db.select({ id: t.codplanostaxas }).from(t).where(and(
        eq(t.codplano, values.codplano as number), eq(t.codprodutos, values.codprodutos as number),
        existing ? ne(t.codplanostaxas, existing.codplanostaxas as number) : undefined,
      ));
      if (twin) throw fieldError('codprodutos', MSG.produtoJaNoPlano);
      return { ...values, faixas };
    },
    async afterSave(ctx, row, values) {
      const id = row.codplanostaxas as number;
      await ctx.db.delete(planosPosTaxasFaixas).where(eq(planosPosTaxasFaixas.codplanostaxas, id));
      await ctx.db.insert(planosPosTaxasFaixas).values((values.faixas as Faixa[]).map((f) => ({ codplanostaxas: id, de: f.de, ate: f.ate, taxa: String(f.taxa) })));
    },
    async afterLoad(ctx, rows) {
      const ids = rows.map((r) => r.codplanostaxas as number);
      const f = planosPosTaxasFaixas;
      const all = ids.length ? await ctx.db.select().from(f).where(inArray(f.codplanostaxas, ids)).orderBy(asc(f.de)) : [];
      return rows.map((r): Row => {
        // a range's code is its place in the list: the ranges are stored by their first installment
        const faixas = all.filter((x) => x.codplanostaxas === r.codplanostaxas).map((x, i) => ({ codtaxa: i + 1, de: x.de, ate: x.ate, taxa: Number(x.taxa) }));
        return { ...r, faixas, taxas: faixasText(faixas) };
      });
    },
  },
};

export const planosTerminalEntry: Omit<RegisterEntry, 'def'> = {
  table: planosTerminal,
  visible: (me) => sql`${planosTerminal.codplanos} IN ${visiblePosPlans(me)}`,
  ownerColumn: 'codplanos',
  ownerScope: visiblePosPlans,
  hooks: {
    async beforeSave(ctx, values, { me, existing }) {
      const ids = values.listTerminal as number[];
      const mine = await ctx.db.select({ id: terminais.codterminal }).from(terminais).where(and(inArray(terminais.codterminal, ids), visibleTerminals(me)));
      if (mine.length !== ids.length) throw fieldError('listTerminal', MSG.terminalNaoEncontrado);
      // any POS plan's contract, seen by the caller or not: a terminal is billed by one plan at a time
      const [busy] = await ctx.db.select({ nome: terminais.nome }).from(planosTerminalTerminais)
        .innerJoin(planosTerminal, eq(planosTerminal.codplanosterminal, planosTerminalTerminais.codplanosterminal))
        .innerJoin(terminais, eq(terminais.codterminal, planosTerminalTerminais.codterminal))
        .where(and(
          inArray(planosTerminalTerminais.codterminal, ids),
          sql`${planosTerminal.vigenciade} <= ${values.vigenciaate as string}::date AND ${planosTerminal.vigenciaate} >= ${values.vigenciade as string}::date`,
          existing ? ne(planosTerminal.codplanosterminal, existing.codplanosterminal as number) : undefined,
        ))
        .limit(1);
      if (busy) throw fieldError('listTerminal', MSG.terminalEmOutroPlano.replace('{terminal}', busy.nome));
      return values;
    },
    async afterSave(ctx, row, values) {
      const id = row.codplanosterminal as number;
      await ctx.db.delete(planosTerminalTerminais).where(eq(planosTerminalTerminais.codplanosterminal, id));
      const ids = values.listTerminal as number[];
      if (ids.length) await ctx.db.insert(planosTerminalTerminais).values(ids.map((codterminal) => ({ codplanosterminal: id, codterminal })));
    },
    async afterLoad(ctx, rows) {
      const ids = rows.map((r) => r.codplanosterminal as number);
      const links = ids.length
        ? await ctx.db.select({ contrato: planosTerminalTerminais.codplanosterminal, codterminal: terminais.codterminal, nome: terminais.nome })
          .from(planosTerminalTerminais).innerJoin(terminais, eq(terminais.codterminal, planosTerminalTerminais.codterminal))
          .where(inArray(planosTerminalTerminais.codplanosterminal, ids)).orderBy(asc(terminais.codterminal))
        : [];
      return rows.map((r): Row => {
        const mine = links.filter((l) => l.contrato === r.codplanosterminal);
        return { ...r, listTerminal: mine.map((l) => l.codterminal), terminais: mine.map((l) => l.nome).join(', ') };
      });
    },
  },
};
