import { estabelecimentos, subtreeOf } from '@concilia/db';
import { isGiven } from '@concilia/domain';
import { and, eq, sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { OptionItemRef, toOptions } from '../options/option-item';

/** Option list of Incluir Ticket (spec part 1 §7): a unit's client codes at an operator (listarItensTerminal is the registers'). */

builder.queryField('listarItensConciliadoresCodExterno', (t) =>
  t.field({
    type: [OptionItemRef],
    description: "Client codes (establishment codes EC/PV) of the caller's units at an operator: valor = code, label = code - name.",
    args: { codpessoa: t.arg.int(), codOperadora: t.arg.int() },
    resolve: async (_r, { codpessoa, codOperadora }, ctx) => {
      const me = await ctx.requireUser();
      const rows = await ctx.db.select({ codexterno: estabelecimentos.codexterno, nome: estabelecimentos.nome }).from(estabelecimentos).where(and(
        sql`${estabelecimentos.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
        isGiven(codpessoa) ? sql`${estabelecimentos.codpessoa} IN ${subtreeOf(codpessoa)}` : undefined,
        isGiven(codOperadora) ? eq(estabelecimentos.codoperadora, codOperadora) : undefined,
      ));
      return toOptions(rows, (r) => r.codexterno, (r) => (r.nome ? `${r.codexterno} - ${r.nome}` : r.codexterno));
    },
  }),
);
