import { pessoas, subtreeOf, terminais } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { and, eq, sql } from 'drizzle-orm';
import { fieldError } from '../register-kit/field-error';
import type { RegisterEntry } from '../register-kit/register-entry';

/**
 * Terminals are maintained by the person they hang from (codpessoapai: whoever registered them, usually
 * the reseller) and its ancestors. The client a terminal serves must be a client the caller can see.
 * Client users see their terminals through listarItensTerminal, not through this screen.
 */
export const terminaisEntry: Omit<RegisterEntry, 'def'> = {
  table: terminais,
  visible: (me) => sql`${terminais.codpessoapai} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoapai',
  hooks: {
    async beforeSave(ctx, values, { me }) {
      const [cliente] = await ctx.db.select({ id: pessoas.codpessoa }).from(pessoas).where(and(
        eq(pessoas.codpessoa, values.codpessoacliente as number),
        eq(pessoas.tipo, 'CLIENTE'),
        sql`${pessoas.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
      ));
      if (!cliente) throw fieldError('codpessoacliente', MSG.terminalClienteInvalido);
      return values;
    },
  },
};
