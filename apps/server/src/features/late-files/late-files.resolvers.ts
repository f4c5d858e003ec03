import { builder } from '../../graphql/builder';
import { type ArquivoAtrasado, listOpenAlarms } from './late-files.queries';

const ArquivoAtrasadoRef = builder.objectRef<ArquivoAtrasado>('ArquivoAtrasado').implement({
  description: "An open late-file alarm (status 'Z — extrato VAN atrasado'): the operator file of `data` had not arrived by the limit hour",
  fields: (t) => ({
    codestabelecimento: t.exposeInt('codestabelecimento'),
    codexterno: t.exposeString('codexterno'),
    estabelecimento: t.exposeString('estabelecimento', { nullable: true }),
    unidade: t.exposeString('unidade'),
    operadora: t.exposeString('operadora'),
    data: t.exposeString('data', { description: "the business day whose file is missing, 'YYYY-MM-DD'" }),
    abertoem: t.exposeString('abertoem'),
  }),
});

const ArquivosAtrasadosRef = builder.objectRef<{ total: number; itens: ArquivoAtrasado[] }>('ArquivosAtrasados').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    itens: t.field({ type: [ArquivoAtrasadoRef], resolve: (r) => r.itens }),
  }),
});

/** The home page's notice: the open alarms of the establishments the caller sees (units in the caller's subtree). */
builder.queryField('getArquivosAtrasados', (t) =>
  t.field({
    type: ArquivosAtrasadosRef,
    resolve: async (_r, _a, ctx) => {
      const me = await ctx.requireUser();
      return listOpenAlarms(ctx.db, me.codpessoa);
    },
  }),
);
