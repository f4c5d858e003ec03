import { clientesRegister } from '@concilia/domain';
import { builder } from '../../graphql/builder';
import { requirePage } from '../auth/require-page';
import { type PainelCadastro, painelCadastro, savePainelTaxas, type TaxasCadastro } from './painel-cadastro.service';

const TaxasRef = builder.objectRef<TaxasCadastro>('TaxasCadastro').implement({
  description: 'Rates of the quick tiers, in percent (null: none)',
  fields: (t) => ({
    debito: t.exposeFloat('debito', { nullable: true }),
    credito: t.exposeFloat('credito', { nullable: true }),
    parceladoA: t.exposeFloat('parceladoA', { nullable: true, description: 'parcelado loja, 2 to 6 installments' }),
    parceladoB: t.exposeFloat('parceladoB', { nullable: true, description: 'parcelado loja, 7 to 12 installments' }),
    ticket: t.exposeFloat('ticket', { nullable: true }),
  }),
});

const TaxasInput = builder.inputType('TaxasCadastroInput', {
  fields: (t) => ({
    debito: t.float({ required: false }), credito: t.float({ required: false }), parceladoA: t.float({ required: false }),
    parceladoB: t.float({ required: false }), ticket: t.float({ required: false }),
  }),
});

type Operadora = PainelCadastro['operadoras'][number];
const OperadoraRef = builder.objectRef<Operadora>('PainelCadastroOperadora').implement({
  fields: (t) => ({
    codoperadora: t.exposeInt('codoperadora'),
    operadora: t.exposeString('operadora'),
    taxasPlano: t.field({ type: TaxasRef, resolve: (o) => o.taxasPlano }),
  }),
});

type Estab = PainelCadastro['estabelecimentos'][number];
const EstabRef = builder.objectRef<Estab>('PainelCadastroEstabelecimento').implement({
  fields: (t) => ({
    codestabelecimento: t.exposeInt('codestabelecimento'),
    codoperadora: t.exposeInt('codoperadora'),
    operadora: t.exposeString('operadora'),
    codexterno: t.exposeString('codexterno'),
    unidade: t.exposeString('unidade'),
    status: t.exposeString('status'),
    statusDescricao: t.exposeString('statusDescricao'),
    documentos: t.exposeInt('documentos'),
    pendentes: t.exposeInt('pendentes'),
  }),
});

const PainelRef = builder.objectRef<PainelCadastro>('PainelCadastro').implement({
  description: "A client's registration: its establishments' positions and, per operator, its plan's rates beside those declared at sign-up",
  fields: (t) => ({
    codpessoa: t.exposeInt('codpessoa'),
    nome: t.exposeString('nome'),
    cnpj: t.exposeString('cnpj', { nullable: true }),
    cadastro: t.exposeString('cadastro', { nullable: true, description: "the sign-up's state; null for a client registered by hand" }),
    criadoem: t.exposeString('criadoem', { nullable: true }),
    taxasDeclaradas: t.field({ type: TaxasRef, nullable: true, resolve: (p) => p.taxasDeclaradas }),
    operadoras: t.field({ type: [OperadoraRef], resolve: (p) => p.operadoras }),
    estabelecimentos: t.field({ type: [EstabRef], resolve: (p) => p.estabelecimentos }),
  }),
});

// the panel opens from the Clientes screen: its profile resource grants both calls
builder.queryField('getPainelCadastro', (t) =>
  t.field({
    type: PainelRef,
    args: { codpessoa: t.arg.int({ required: true }) },
    resolve: async (_r, { codpessoa }, ctx) => painelCadastro(ctx.db, await requirePage(ctx, clientesRegister.page), codpessoa),
  }),
);

builder.mutationField('savePainelCadastroTaxa', (t) =>
  t.field({
    type: PainelRef,
    args: { codpessoa: t.arg.int({ required: true }), codoperadora: t.arg.int({ required: true }), taxas: t.arg({ type: TaxasInput, required: true }) },
    resolve: async (_r, { codpessoa, codoperadora, taxas }, ctx) => {
      const me = await requirePage(ctx, clientesRegister.page);
      const typed = { debito: taxas.debito ?? null, credito: taxas.credito ?? null, parceladoA: taxas.parceladoA ?? null, parceladoB: taxas.parceladoB ?? null, ticket: taxas.ticket ?? null };
      await savePainelTaxas(ctx, me, codpessoa, codoperadora, typed);
      return painelCadastro(ctx.db, me, codpessoa);
    },
  }),
);
