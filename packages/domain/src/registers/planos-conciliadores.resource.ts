import { z } from 'zod';
import { MSG } from '../messages';
import { lineText } from '../plan-rates';
import { defineRegister, sublistOf } from '../register-kit/register';
import { dateRangeRule, maximo, obrigatorio, zDate, zInt, zMoney, zParcela, zPercent, zText } from '../register-kit/zod-fields';

/**
 * Planos & Taxas (spec part 2 §2.1, §3 "Reconciliation plan", "contract", "rates"; §5; §8; §9): a plan is a
 * named fee table of a reseller (or whoever is above its clients); its rates say what each operator may keep
 * per product, card BIN, installment range and value range; its contracts put it in force for a period on
 * units at operators. The fee audit compares what the operators charged with these rates.
 */

/** Tarifação (spec part 2 §3): 'P' each installment priced on its own, 'V' one fee on the sale's total; default P. */
export const TARIFACAO = [
  { valor: 'P', label: 'Por parcela' },
  { valor: 'V', label: 'Por valor' },
] as const;

/** Tipo de taxa (spec part 2 §3): 'P' percent of the amount, 'V' a fixed amount in R$; default P. */
export const TIPO_TAXA = [
  { valor: 'P', label: 'Percentual' },
  { valor: 'V', label: 'Valor' },
] as const;

const enumPV = (label: string) => z.enum(['P', 'V'], { error: obrigatorio(label) }).default('P');

export const planosConciliadoresSchema = z.object({
  codplanosconciliadores: zInt('Código'),
  nome: zText('Nome', { required: true, max: 50 }),
  tarifacao: enumPV('Tarifação'),
});

/**
 * Inserir Rápido (spec part 2 §3 "Quick insert", §5, §9): a plan for one operator in one step — its rates for
 * crédito à vista, crédito parcelado in the tiers 0-6 and 7-12, débito and ticket (vouchers), and a contract
 * over vigência de..até on the caller's units registered at that operator. Rates left empty are not created.
 */
export const inserirRapidoSchema = z
  .object({
    codoperadora: zInt('Operadora', { required: true }),
    nomePlano: zText('Nome do Plano', { required: true, max: 50 }),
    taxaCredito: zPercent('Crédito'),
    taxaCredito0a6: zPercent('Crédito 0-6'),
    taxaCredito7a12: zPercent('Crédito 7-12'),
    taxaDebito: zPercent('Débito'),
    taxaTicket: zPercent('Ticket'),
    vigenciaDe: zDate('Vigência "de"', { required: true }),
    vigenciaAte: zDate('Vigência "até"', { required: true }),
  })
  .refine(...dateRangeRule('vigenciaDe', 'vigenciaAte'))
  .refine((v) => [v.taxaCredito, v.taxaCredito0a6, v.taxaCredito7a12, v.taxaDebito, v.taxaTicket].some((x) => x != null), {
    message: MSG.taxasAoMenosUma, path: ['taxaCredito'],
  });

const INSERIR_RAPIDO_FIELDS = {
  codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras' },
  nomePlano: { kind: 'text', label: 'Nome do Plano', maxLength: 50 },
  taxaCredito: { kind: 'percent', label: 'Crédito', section: 'Taxas (%)' },
  taxaCredito0a6: { kind: 'percent', label: 'Crédito 0-6', section: 'Taxas (%)' },
  taxaCredito7a12: { kind: 'percent', label: 'Crédito 7-12', section: 'Taxas (%)' },
  taxaDebito: { kind: 'percent', label: 'Débito', section: 'Taxas (%)' },
  taxaTicket: { kind: 'percent', label: 'Ticket', section: 'Taxas (%)' },
  vigenciaDe: { kind: 'date', label: 'Vigência "de"', section: 'Vigência' },
  vigenciaAte: { kind: 'date', label: 'Vigência "até"', section: 'Vigência' },
} as const;

export const planosConciliadoresRegister = defineRegister({
  key: 'planosConciliadores',
  typeName: 'PlanoConciliador',
  title: 'Planos & Taxas',
  page: 'planosconciliadores',
  menuSection: 'Cadastros',
  menuIcon: 'RequestQuote',
  id: 'codplanosconciliadores',
  keyFields: ['codplanosconciliadores'],
  schema: planosConciliadoresSchema,
  ops: { list: 'listarPlanosConciliadores', get: 'getPlanosConciliadores', save: 'savePlanosConciliadores', delete: 'deletePlanosConciliadores' },
  messages: { inserted: MSG.planoGravado, saved: MSG.planoGravado },
  fields: {
    codplanosconciliadores: { kind: 'number', label: 'Código', form: 'readonly', column: true, width: 100 },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 50 },
    tarifacao: { kind: 'enum', label: 'Tarifação', column: true, options: TARIFACAO, widget: 'radio' },
  },
  actions: [
    {
      key: 'inserirRapido', label: 'Inserir Rápido', icon: 'Bolt', scope: 'none', kind: 'form', operation: 'inserirRapido',
      success: MSG.inserirRapidoSalvo, form: { typeName: 'InserirRapido', fields: INSERIR_RAPIDO_FIELDS, schema: inserirRapidoSchema },
    },
    { key: 'contratos', label: 'Planos Conciliadores', icon: 'ListAlt', scope: 'single', kind: 'sublist', sublist: 'planosConciliadoresContrato', operation: '', success: '' },
    { key: 'taxas', label: 'Planos Taxas', icon: 'Percent', scope: 'single', kind: 'sublist', sublist: 'planosConciliadoresTaxas', operation: '', success: '' },
  ],
});

/** One operator and unit a contract applies to, optionally one establishment code (listConciOperadora). */
export const contratoUnidadeSchema = z.object({
  codoperadora: zInt('Operadora', { required: true }),
  codpessoa: zInt('Unidade', { required: true }),
  codexterno: zText('Estabelecimento', { max: 30 }),
});

export const planosConciliadoresContratoSchema = z
  .object({
    codplanosconciliadorescontrato: zInt('Código'),
    codplanosconciliadores: zInt('Plano', { required: true }),
    vigenciade: zDate('Vigência "de"', { required: true }),
    vigenciaate: zDate('Vigência "até"', { required: true }),
    listConciOperadora: z.array(contratoUnidadeSchema, { error: MSG.contratoUnidadeObrigatoria }).min(1, MSG.contratoUnidadeObrigatoria),
  })
  .refine(...dateRangeRule('vigenciade', 'vigenciaate'));

/** Contracts of a plan (sublist 'Planos Conciliadores'): columns Plano, De, Até. */
export const planosConciliadoresContratoRegister = defineRegister({
  key: 'planosConciliadoresContrato',
  typeName: 'PlanoConciliadorContrato',
  title: 'Planos Conciliadores',
  ...sublistOf(planosConciliadoresRegister, 'codplanosconciliadores'),
  id: 'codplanosconciliadorescontrato',
  keyFields: ['codplanosconciliadorescontrato'],
  schema: planosConciliadoresContratoSchema,
  ops: {
    list: 'listarPlanosConciliadoresContrato', get: 'getPlanosConciliadoresContrato',
    save: 'savePlanosConciliadoresContrato', delete: 'deletePlanosConciliadoresContrato',
  },
  messages: { inserted: MSG.planoContratoInserido, saved: 'Registro salvo com sucesso!' },
  fields: {
    codplanosconciliadorescontrato: { kind: 'number', label: 'Código', form: 'readonly' },
    codplanosconciliadores: { kind: 'reference', label: 'Plano', column: true, filter: true, optionList: 'listarItensPlanosConciliadores' },
    vigenciade: { kind: 'date', label: 'De', column: true },
    vigenciaate: { kind: 'date', label: 'Até', column: true },
    // Kept in planos_conciliadores_contrato_unidades: the server entry loads and stores it.
    listConciOperadora: {
      kind: 'items', label: 'Operadoras e Unidades', virtual: true,
      items: {
        codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras' },
        codpessoa: { kind: 'reference', label: 'Unidade', optionList: 'getItensUnidadesPlanosConciliadores' },
        codexterno: { kind: 'text', label: 'Estabelecimento', maxLength: 30 },
      },
    },
  },
});

/**
 * One range of a rate as the wizard adds it (listDeTaxas; spec part 2 §3 "Ranges"): installments de..até,
 * optionally values valorde..valorate, and the fee in percent (P) or R$ (V). `codtaxa` is the stored rate's
 * code, negative for a line not saved yet.
 */
export const rateLineSchema = z
  .object({
    codtaxa: zInt('Código'),
    de: zParcela('Parcela de'),
    ate: zParcela('Parcela até'),
    valorde: zMoney('Valor de'),
    valorate: zMoney('Valor até'),
    tipotaxa: enumPV('Tipo'),
    taxa: zPercent('Taxa (%)'),
    valortaxa: zMoney('Taxa (R$)'),
  })
  .refine((v) => v.de <= v.ate, { message: MSG.faixaParcelasInvertida, path: ['ate'] })
  .refine((v) => v.valorde == null || v.valorate == null || v.valorde <= v.valorate, { message: MSG.faixaValoresInvertida, path: ['valorate'] })
  .refine((v) => v.tipotaxa !== 'P' || v.taxa != null, { message: MSG.taxaPercentualObrigatoria, path: ['taxa'] })
  .refine((v) => v.tipotaxa !== 'V' || v.valortaxa != null, { message: MSG.taxaValorObrigatoria, path: ['valortaxa'] });

/**
 * A rate of a plan as the wizard saves it (savePlanosConciliadoresTaxas): operator, product, BIN and BNDES flag,
 * and its ranges (listDeTaxas), stored one row per range. Editing a row edits every range of its rate.
 */
export const planosConciliadoresTaxasSchema = z.object({
  codplanosconciliadorestaxas: zInt('Código'),
  codplanosconciliadores: zInt('Plano', { required: true }),
  codoperadora: zInt('Operadora', { required: true }),
  codprodutos: zInt('Produto', { required: true }),
  bincartao: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().trim().max(6, maximo('Bin de cartão', 6)).regex(/^\d+$/, MSG.binSomenteDigitos).nullable(),
  ),
  tarifacao: enumPV('Tarifação'),
  taxabndes: z.boolean().default(false),
  listDeTaxas: z.array(rateLineSchema, { error: MSG.taxasAoMenosUma }).min(1, MSG.taxasAoMenosUma),
});

/** The fields of one range (listDeTaxas), typed in the wizard's entry row. */
const RATE_LINE_FIELDS = {
  codtaxa: { kind: 'number', label: 'Código', form: 'readonly' },
  de: { kind: 'number', label: 'Parcela de' },
  ate: { kind: 'number', label: 'Parcela até' },
  valorde: { kind: 'money', label: 'Valor de' },
  valorate: { kind: 'money', label: 'Valor até' },
  tipotaxa: { kind: 'enum', label: 'Tipo', options: TIPO_TAXA, widget: 'radio' },
  taxa: { kind: 'percent', label: 'Taxa (%)', shownWhen: { field: 'tipotaxa', values: ['P'] } },
  valortaxa: { kind: 'money', label: 'Taxa (R$)', shownWhen: { field: 'tipotaxa', values: ['V'] } },
} as const;

/**
 * Rates of a plan (sublist 'Planos Taxas'): columns Plano, Op., Produto, Tipo, BIN Cart., Taxas — one row per
 * range. New rates go through the wizard (spec part 2 §4): Operadora, Produto, confirmation, then the ranges,
 * each checked by the server as it is added; editing opens at the ranges with operator and product locked.
 */
export const planosConciliadoresTaxasRegister = defineRegister({
  key: 'planosConciliadoresTaxas',
  typeName: 'PlanoConciliadorTaxa',
  title: 'Planos Taxas',
  ...sublistOf(planosConciliadoresRegister, 'codplanosconciliadores'),
  id: 'codplanosconciliadorestaxas',
  keyFields: ['codplanosconciliadorestaxas'],
  schema: planosConciliadoresTaxasSchema,
  ops: {
    list: 'listarPlanosConciliadoresTaxas', get: 'getPlanosConciliadoresTaxas',
    save: 'savePlanosConciliadoresTaxas', delete: 'deletePlanosConciliadoresTaxas',
  },
  messages: { inserted: MSG.planosTaxasSalvo, saved: MSG.planosTaxasSalvo },
  fields: {
    codplanosconciliadorestaxas: { kind: 'number', label: 'Código', form: 'readonly' },
    codplanosconciliadores: { kind: 'reference', label: 'Plano', column: true, filter: true, optionList: 'listarItensPlanosConciliadores' },
    codoperadora: { kind: 'reference', label: 'Operadora', header: 'Op.', column: true, filter: true, optionList: 'listarOperadoras' },
    codprodutos: { kind: 'reference', label: 'Produto', column: true, filter: true, optionList: 'getItensProdutosByOperadora', optionListArg: 'codoperadora', labelList: 'listarItensProdutos' },
    tipotaxa: { kind: 'enum', label: 'Tipo', column: true, form: false, options: TIPO_TAXA, width: 120 },
    bincartao: { kind: 'text', label: 'Bin de cartão', header: 'BIN Cart.', column: true, maxLength: 6, width: 110 },
    tarifacao: { kind: 'enum', label: 'Tarifação', options: TARIFACAO, widget: 'radio' },
    taxabndes: { kind: 'boolean', label: 'Taxa BNDES' },
    de: { kind: 'number', label: 'Parcela de', form: false },
    ate: { kind: 'number', label: 'Parcela até', form: false },
    valorde: { kind: 'money', label: 'Valor de', form: false },
    valorate: { kind: 'money', label: 'Valor até', form: false },
    taxa: { kind: 'percent', label: 'Taxa (%)', form: false },
    valortaxa: { kind: 'money', label: 'Taxa (R$)', form: false },
    // What the rate is, as one text: '2,39% · 2 a 12 parcelas · até R$ 1.000,00'; the server entry writes it.
    taxas: { kind: 'text', label: 'Taxas', column: true, form: false, virtual: true, width: 280 },
    // Every range of the row's rate (same plan, operator, product, BIN and BNDES flag): one row each in the table.
    listDeTaxas: {
      kind: 'items', label: 'Taxas', virtual: true, items: RATE_LINE_FIELDS,
      entry: {
        id: 'codtaxa', add: 'resultadoAddTaxas', update: 'resultadoAtualizaTaxas', remove: 'resultadoSubTaxas',
        context: ['codoperadora', 'codprodutos', 'taxabndes'], flagged: { field: 'taxabndes', add: 'resultadoAddTaxasBndes' }, text: lineText,
      },
    },
  },
  wizard: {
    steps: [
      { label: 'Operadora', fields: ['codplanosconciliadores', 'codoperadora'] },
      { label: 'Produto', fields: ['codprodutos', 'bincartao', 'taxabndes', 'tarifacao'] },
      { label: 'Confirmação', fields: [] },
      { label: 'Taxas', fields: ['listDeTaxas'] },
    ],
    editFrom: 3,
    prepare: { operation: 'getPrepareCadastroTaxa', field: 'listDeTaxas' },
  },
});
