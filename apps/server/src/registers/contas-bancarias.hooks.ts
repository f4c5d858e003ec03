import { contasBancarias, subtreeOf } from '@concilia/db';
import { MSG, normalContaBancaria } from '@concilia/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { fieldError } from '../register-kit/field-error';
import type { RegisterEntry } from '../register-kit/register-entry';

/**
 * Contas Bancárias (issue 21): an account belongs to a client or unit in the caller's subtree. It is stored in the
 * form statements name it (normalContaBancaria: agency to 4 digits, account without leading zeros), so an OFX and a
 * CNAB 240 statement of it both find it. The same bank, agency and account belongs to one person only.
 */
export const contasBancariasEntry: Omit<RegisterEntry, 'def'> = {
  table: contasBancarias,
  visible: (me) => sql`${contasBancarias.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoa',
  hooks: {
    async beforeSave(ctx, values, { existing }) {
      const conta = normalContaBancaria({ banco: String(values.banco), agencia: String(values.agencia), conta: String(values.conta) });
      const digito = typeof values.digito === 'string' && values.digito.trim() !== '' ? values.digito.trim().toUpperCase() : null;
      const [dup] = await ctx.db.select({ id: contasBancarias.codcontabancaria }).from(contasBancarias).where(and(
        eq(contasBancarias.banco, conta.banco), eq(contasBancarias.agencia, conta.agencia), eq(contasBancarias.conta, conta.conta),
        existing ? ne(contasBancarias.codcontabancaria, existing.codcontabancaria as number) : undefined,
      )).limit(1);
      if (dup) throw fieldError('conta', MSG.contaBancariaDuplicada);
      return { ...values, ...conta, digito };
    },
  },
};
