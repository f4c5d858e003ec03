import { operadoras } from '@concilia/db';
import { FILE_ORIGINS, FILE_STATUS, isGiven } from '@concilia/domain';
import { FILE_TYPES, OPERATOR_NAMES } from '@concilia/engine';
import { eq } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { OptionItemRef, toOptions } from '../options/option-item';

/**
 * The option lists of the file screens (spec part 1 §4 and §7): the business values of a received file are
 * served as valor/label items, so the screens show labels only and never hard-code a value. Each needs a
 * session, as every option list does.
 */

builder.queryField('listarItensStatusArquivo', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'Statuses of a received file, in lifecycle order: valor = the stored status, label = pt-BR label.',
    resolve: async (_r, _a, ctx) => {
      await ctx.requireUser();
      // Not sorted by label: read top to bottom the select follows a file's life (waiting, loading, loaded,
      // error); alphabetically 'Erro' would sit between 'Em processamento' and 'Processado'.
      return Object.entries(FILE_STATUS).map(([valor, label]) => ({ valor, label }));
    },
  }),
);

builder.queryField('listarItensTipoArquivo', (t) =>
  t.field({
    type: [OptionItemRef],
    description:
      'File types the engine reads: valor = the stored tipo, label = pt-BR label. With codOperadora (not null, not -999), ' +
      'only that operator\'s types; the merchant\'s own sales files belong to no operator and appear only in the full list.',
    args: { codOperadora: t.arg.int() },
    resolve: async (_r, { codOperadora }, ctx) => {
      await ctx.requireUser();
      if (!isGiven(codOperadora)) return toOptions(FILE_TYPES, (f) => f.value, (f) => f.label);
      // Engine types name their operator by key; the operators table is matched by name (OPERATOR_NAMES).
      const [op] = await ctx.db.select({ nome: operadoras.nome }).from(operadoras).where(eq(operadoras.codoperadora, codOperadora));
      const types = op ? FILE_TYPES.filter((f) => OPERATOR_NAMES[f.operator] === op.nome) : [];
      return toOptions(types, (f) => f.value, (f) => f.label);
    },
  }),
);

builder.queryField('listarItensOrigemArquivoRecebido', (t) =>
  t.field({
    type: [OptionItemRef],
    description: 'Where a received file came from (upload, inbox folder, command line, demo): valor = the stored origem, label = pt-BR label.',
    resolve: async (_r, _a, ctx) => {
      await ctx.requireUser();
      return toOptions(Object.entries(FILE_ORIGINS), ([valor]) => valor, ([, label]) => label);
    },
  }),
);
