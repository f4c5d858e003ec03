import { OPTION_ALL, POSICAO_CONTRATO_PAGE, posicaoStatusLabel } from '@concilia/domain';
import { builder } from '../../graphql/builder';
import { requirePage } from '../auth/require-page';
import { contractTree, type PosicaoNo, statusHistory } from './contract-position.tree';

const PosicaoNoRef = builder.objectRef<PosicaoNo>('PosicaoContratoNo').implement({
  description: 'A node of the contract-position tree (spec part 2 §3): an operator (type 1), a status of it (2) or an operator code (3, a leaf that opens the detail)',
  fields: (t) => ({
    id: t.exposeString('id'),
    parentId: t.exposeString('parentId', { nullable: true }),
    description: t.exposeString('description'),
    leaf: t.exposeBoolean('leaf'),
    type: t.exposeInt('type'),
    status: t.exposeString('status', { nullable: true }),
    origem: t.exposeString('origem', { nullable: true, description: 'the client / unit the code belongs to; null for a code nobody registered (NN)' }),
    ultimoStatus: t.exposeString('ultimoStatus', { nullable: true, description: 'the status before the current one' }),
    operadora: t.exposeInt('operadora', { nullable: true }),
    codexterno: t.exposeString('codexterno', { nullable: true }),
    codpessoa: t.exposeInt('codpessoa', { nullable: true }),
    codestabelecimento: t.exposeInt('codestabelecimento', { nullable: true }),
    edita: t.exposeBoolean('edita'),
    selecionado: t.exposeBoolean('selecionado'),
    dataRecebimentoPrimeiroArquivo: t.exposeString('dataRecebimentoPrimeiroArquivo', { nullable: true }),
    childCount: t.exposeInt('childCount'),
  }),
});

type Informacao = { codExterno: string; operadora: string; data: string; status: string };
const InformacaoRef = builder.objectRef<Informacao>('PosicaoContratoInformacao').implement({
  description: "A row of the 'Monitor' dialog: a status the code took and since when",
  fields: (t) => ({
    codExterno: t.exposeString('codExterno'),
    operadora: t.exposeString('operadora'),
    data: t.exposeString('data', { description: 'ISO timestamp' }),
    status: t.exposeString('status'),
    descricao: t.string({ resolve: (r) => posicaoStatusLabel(r.status) }),
  }),
});

const FiltroRef = builder.inputType('PosicaoContratoFiltro', {
  fields: (t) => ({ codoperadora: t.int({ required: false, description: 'null or -999: every operator' }) }),
});

builder.queryField('getPosicaoContratosPorClientes', (t) =>
  t.field({
    type: [PosicaoNoRef],
    description: 'The contract positions the caller sees, as a tree grouped by operator and status',
    args: {
      values: t.arg({ type: FiltroRef, required: true }),
      statusFiltro: t.arg.string({ required: false, defaultValue: 'q' }),
    },
    resolve: async (_r, { values, statusFiltro }, ctx) => {
      const me = await requirePage(ctx, POSICAO_CONTRATO_PAGE);
      const op = values.codoperadora == null || values.codoperadora === OPTION_ALL ? null : values.codoperadora;
      return contractTree(ctx.db, me, op, statusFiltro ?? 'q');
    },
  }),
);

builder.queryField('getInformacoesPosicaoContrato', (t) =>
  t.field({
    type: [InformacaoRef],
    description: "The status history of one operator code (the 'Monitor' dialog), newest first",
    args: {
      codPessoa: t.arg.int({ required: false }),
      codExterno: t.arg.string({ required: true }),
      operadora: t.arg.int({ required: true }),
      status: t.arg.string({ required: false }),
    },
    resolve: async (_r, args, ctx) => {
      const me = await requirePage(ctx, POSICAO_CONTRATO_PAGE);
      return statusHistory(ctx.db, me, { codoperadora: args.operadora, codexterno: args.codExterno });
    },
  }),
);
