import { estabelecimentos, pessoas, subtreeOf } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { fieldError } from '../register-kit/field-error';
import type { RegisterEntry } from '../register-kit/register-entry';
import { positionsOf, positionStatusOf, recordContractPositions } from '../features/contract-position/contract-position.service';
import { approveAsMerchant, validatePending } from '../features/contract-position/registration-approval.service';

/**
 * An establishment hangs from its unit (codpessoa): the users of the unit and of everyone above it see it. The
 * unit must be a reconciliation unit the caller sees, and an operator's code names one establishment only — a
 * code already registered (to anyone) is refused beside the field, without saying whose it is.
 */
export const estabelecimentosEntry: Omit<RegisterEntry, 'def'> = {
  table: estabelecimentos,
  visible: (me) => sql`${estabelecimentos.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoa',
  hooks: {
    async beforeSave(ctx, values, { me, existing }) {
      const [unidade] = await ctx.db.select({ id: pessoas.codpessoa }).from(pessoas).where(and(
        eq(pessoas.codpessoa, values.codpessoa as number),
        eq(pessoas.tipo, 'UNIDADE'),
        sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
      ));
      if (!unidade) throw fieldError('codpessoa', MSG.estabelecimentoUnidadeInvalida);
      const codexterno = String(values.codexterno ?? '').trim();
      const [taken] = await ctx.db.select({ id: estabelecimentos.codestabelecimento }).from(estabelecimentos).where(and(
        eq(estabelecimentos.codoperadora, values.codoperadora as number),
        eq(estabelecimentos.codexterno, codexterno),
        existing ? ne(estabelecimentos.codestabelecimento, existing.codestabelecimento as number) : undefined,
      ));
      if (taken) throw fieldError('codexterno', MSG.estabelecimentoJaCadastrado);
      return { ...values, codexterno };
    },
    // a new code, a changed one or a new situação moves the position: its history gets the row now
    afterSave: async (ctx, row) => {
      await recordContractPositions(ctx.db, [{ codoperadora: row.codoperadora as number, codexterno: row.codexterno as string }]);
    },
    // the list shows each row's derived position (Posição), which also offers or hides the approval actions: the
    // list reads it with its rows (one statement), a get or a save's answer asks for it after
    listColumns: () => ({ status: positionStatusOf(sql`${estabelecimentos.codestabelecimento}`) }),
    async afterLoad(ctx, rows) {
      if (rows.every((r) => 'status' in r)) return rows;
      const status = await positionsOf(ctx.db, rows.map((r) => r.codestabelecimento as number));
      return rows.map((r) => ({ ...r, status: status.get(r.codestabelecimento as number) ?? null }));
    },
    actions: { aprovarEc: (ctx, row, me) => approveAsMerchant(ctx, row.codestabelecimento as number, me) },
    formActions: {
      validar: (ctx, v, me) => validatePending(ctx, {
        codestabelecimento: v.codestabelecimento as number, aprovado: v.aprovado === 'S', motivo: (v.motivo as string | null) ?? null,
      }, me),
    },
  },
};
