import { parametros } from '@concilia/db';
import { parametrosSchema } from '@concilia/domain';
import { eq } from 'drizzle-orm';
import { audit } from '../../audit';
import { builder } from '../../graphql/builder';
import { fromZod } from '../../graphql/errors';
import { requirePage } from '../auth/require-page';

/**
 * Parâmetros (spec part 2 §2.2, §7): the caller's person has one text, 'Fecha Movimento', read by
 * listarParametros and written by salvarParametros. Not a list screen, so not a register.
 */
const PAGE = 'parametros';

type ParametrosRow = { codpessoa: number; texto: string | null };

const ParametrosRef = builder.objectRef<ParametrosRow>('Parametros').implement({
  description: "Parâmetros of the caller's person",
  fields: (t) => ({
    codpessoa: t.exposeInt('codpessoa'),
    texto: t.exposeString('texto', { nullable: true, description: 'Fecha Movimento (report group text), up to 500 characters' }),
  }),
});

const ParametrosInput = builder.inputType('ParametrosInput', {
  fields: (t) => ({
    texto: t.string({ required: false }),
    insert: t.boolean({ required: false }),
  }),
});

builder.queryField('listarParametros', (t) =>
  t.field({
    type: [ParametrosRef],
    description: "The caller's person's parameters: one row, or none before the first save.",
    resolve: async (_r, _a, ctx) => {
      const me = await requirePage(ctx, PAGE);
      return ctx.db.select().from(parametros).where(eq(parametros.codpessoa, me.codpessoa));
    },
  }),
);

builder.mutationField('salvarParametros', (t) =>
  t.field({
    type: ParametrosRef,
    description: "Saves the caller's person's parameters. `insert` is accepted as the client sends it; the row is written either way.",
    args: { values: t.arg({ type: ParametrosInput, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, PAGE);
      const parsed = parametrosSchema.safeParse(values);
      if (!parsed.success) throw fromZod(parsed.error);
      const texto = parsed.data.texto;
      // An upsert: a stale `insert` flag (two tabs, a second save) must not fail on the existing row.
      const [row] = await ctx.db.insert(parametros).values({ codpessoa: me.codpessoa, texto })
        .onConflictDoUpdate({ target: parametros.codpessoa, set: { texto } }).returning();
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'ALTERAR', entidade: 'parametros', chave: me.codpessoa, dados: { texto } });
      return row!;
    },
  }),
);
