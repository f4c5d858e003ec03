import { z } from 'zod';
import { MSG } from '../messages';
import { lineText } from '../plan-rates';
import { type FormRule, objectSchema } from '../register-kit/field-schema';
import { actionForm, defineRegister, sublistOf } from '../register-kit/register';
import { dateRangeRule, maximo } from '../register-kit/zod-fields';
import { pageOf } from './register-pages';

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

/**
 * Inserir Rápido (spec part 2 §3 "Quick insert", §5, §9): a plan for one operator in one step — its rates for
 * crédito à vista, crédito parcelado in the tiers 0-6 and 7-12, débito and ticket (vouchers), and a contract
 * over vigência de..até on the caller's units registered at that operator. Rates left empty are not created.
 */
const INSERIR_RAPIDO_FIELDS = {
  codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras', required: true },
  nomePlano: { kind: 'text', label: 'Nome do Plano', maxLength: 50, required: true },
  taxaCredito: { kind: 'percent', label: 'Crédito', section: 'Taxas (%)' },
  taxaCredito0a6: { kind: 'percent', label: 'Crédito 0-6', section: 'Taxas (%)' },
  taxaCredito7a12: { kind: 'percent', label: 'Crédito 7-12', section: 'Taxas (%)' },
  taxaDebito: { kind: 'percent', label: 'Débito', section: 'Taxas (%)' },
  taxaTicket: { kind: 'percent', label: 'Ticket', section: 'Taxas (%)' },
  vigenciaDe: { kind: 'date', label: 'Vigência "de"', section: 'Vigência', required: true },
  vigenciaAte: { kind: 'date', label: 'Vigência "até"', section: 'Vigência', required: true },
} as const;

const INSERIR_RAPIDO_RULES: FormRule[] = [
  dateRangeRule('vigenciaDe', 'vigenciaAte'),
  [(v) => [v.taxaCredito, v.taxaCredito0a6, v.taxaCredito7a12, v.taxaDebito, v.taxaTicket].some((x) => x != null), { message: MSG.taxasAoMenosUma, path: ['taxaCredito'] }],
];

export const planosConciliadoresRegister = defineRegister({
  ...pageOf('planosConciliadores'),
  typeName: 'PlanoConciliador',
  menuSection: 'Cadastros',
  menuIcon: 'RequestQuote',
  id: 'codplanosconciliadores',
  keyFields: ['codplanosconciliadores'],
  ops: { list: 'listarPlanosConciliadores', get: 'getPlanosConciliadores', save: 'savePlanosConciliadores', delete: 'deletePlanosConciliadores' },
  messages: { inserted: MSG.planoGravado, saved: MSG.planoGravado },
  fields: {
    codplanosconciliadores: { kind: 'number', label: 'Código', form: 'readonly', column: true, width: 100 },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 50, required: true },
    tarifacao: { kind: 'enum', label: 'Tarifação', column: true, options: TARIFACAO, widget: 'radio', default: 'P' },
  },
  actions: [
    {
      key: 'inserirRapido', label: 'Inserir Rápido', icon: 'Bolt', scope: 'none', kind: 'form', operation: 'inserirRapido',
      success: MSG.inserirRapidoSalvo, form: actionForm('InserirRapido', INSERIR_RAPIDO_FIELDS, INSERIR_RAPIDO_RULES),
    },
    { key: 'contratos', label: 'Planos Conciliadores', icon: 'ListAlt', scope: 'single', kind: 'sublist', sublist: 'CONTRATO', operation: '', success: '' },
    { key: 'taxas', label: 'Planos Taxas', icon: 'Percent', scope: 'single', kind: 'sublist', sublist: 'TAXAS', operation: '', success: '' },
  ],
});

/** Contracts of a plan (sublist 'Planos Conciliadores'): columns Plano, De, Até. */
export const planosConciliadoresContratoRegister = defineRegister({
  key: 'planosConciliadoresContrato',
  typeName: 'PlanoConciliadorContrato',
  title: 'Planos Conciliadores',
  ...sublistOf(planosConciliadoresRegister, 'codplanosconciliadores', 'CONTRATO'),
  id: 'codplanosconciliadorescontrato',
  keyFields: ['codplanosconciliadorescontrato'],
  rules: [dateRangeRule('vigenciade', 'vigenciaate')],
  ops: {
    list: 'listarPlanosConciliadoresContrato', get: 'getPlanosConciliadoresContrato',
    save: 'savePlanosConciliadoresContrato', delete: 'deletePlanosConciliadoresContrato',
  },
  messages: { inserted: MSG.planoContratoInserido, saved: 'Registro salvo com sucesso!' },
  fields: {
    codplanosconciliadorescontrato: { kind: 'number', label: 'Código', form: 'readonly' },
    codplanosconciliadores: { kind: 'reference', label: 'Plano', column: true, filter: true, optionList: 'listarItensPlanosConciliadores', required: true },
    vigenciade: { kind: 'date', label: 'Vigência "de"', header: 'De', column: true, required: true },
    vigenciaate: { kind: 'date', label: 'Vigência "até"', header: 'Até', column: true, required: true },
    // One operator and unit a contract applies to, optionally one establishment code; kept in
    // planos_conciliadores_contrato_unidades: the server entry loads and stores it.
    listConciOperadora: {
      kind: 'items', label: 'Operadoras e Unidades', virtual: true, required: true, requiredMessage: MSG.contratoUnidadeObrigatoria,
      items: {
        codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras', required: true },
        codpessoa: { kind: 'reference', label: 'Unidade', optionList: 'getItensUnidadesPlanosConciliadores', required: true },
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
/** A range's code and installments de..até (1 to 99): the lines of a plan's rates and of a POS plan's alike. */
export const INSTALLMENT_RANGE_FIELDS = {
  codtaxa: { kind: 'number', label: 'Código', form: 'readonly' },
  de: { kind: 'number', label: 'Parcela de', required: true, min: 1, max: 99 },
  ate: { kind: 'number', label: 'Parcela até', required: true, min: 1, max: 99 },
} as const;

/** 'até' not below 'de', for those installments. */
export const installmentOrderRule: FormRule = [(v) => Number(v.de) <= Number(v.ate), { message: MSG.faixaParcelasInvertida, path: ['ate'] }];

const RATE_LINE_FIELDS = {
  ...INSTALLMENT_RANGE_FIELDS,
  valorde: { kind: 'money', label: 'Valor de' },
  valorate: { kind: 'money', label: 'Valor até' },
  tipotaxa: { kind: 'enum', label: 'Tipo', options: TIPO_TAXA, widget: 'radio', default: 'P' },
  taxa: { kind: 'percent', label: 'Taxa (%)', shownWhen: { field: 'tipotaxa', values: ['P'] } },
  valortaxa: { kind: 'money', label: 'Taxa (R$)', shownWhen: { field: 'tipotaxa', values: ['V'] } },
} as const;

const RATE_LINE_RULES: FormRule[] = [
  installmentOrderRule,
  [(v) => v.valorde == null || v.valorate == null || Number(v.valorde) <= Number(v.valorate), { message: MSG.faixaValoresInvertida, path: ['valorate'] }],
  [(v) => v.tipotaxa !== 'P' || v.taxa != null, { message: MSG.taxaPercentualObrigatoria, path: ['taxa'] }],
  [(v) => v.tipotaxa !== 'V' || v.valortaxa != null, { message: MSG.taxaValorObrigatoria, path: ['valortaxa'] }],
];

/** A range's own rules, as the wizard's server checks apply them one line at a time. */
export const rateLineSchema = objectSchema(RATE_LINE_FIELDS, { rules: RATE_LINE_RULES });

/**
 * Rates of a plan (sublist 'Planos Taxas'): columns Plano, Op., Produto, Tipo, BIN Cart., Taxas — one row per
 * range. New rates go through the wizard (spec part 2 §4): Operadora, Produto, confirmation, then the ranges,
 * each checked by the server as it is added; editing opens at the ranges with operator and product locked.
 */
export const planosConciliadoresTaxasRegister = defineRegister({
  key: 'planosConciliadoresTaxas',
  typeName: 'PlanoConciliadorTaxa',
  title: 'Planos Taxas',
  ...sublistOf(planosConciliadoresRegister, 'codplanosconciliadores', 'TAXAS'),
  id: 'codplanosconciliadorestaxas',
  keyFields: ['codplanosconciliadorestaxas'],
  ops: {
    list: 'listarPlanosConciliadoresTaxas', get: 'getPlanosConciliadoresTaxas',
    save: 'savePlanosConciliadoresTaxas', delete: 'deletePlanosConciliadoresTaxas',
  },
  messages: { inserted: MSG.planosTaxasSalvo, saved: MSG.planosTaxasSalvo },
  fields: {
    codplanosconciliadorestaxas: { kind: 'number', label: 'Código', form: 'readonly' },
    codplanosconciliadores: { kind: 'reference', label: 'Plano', column: true, filter: true, optionList: 'listarItensPlanosConciliadores', required: true },
    codoperadora: { kind: 'reference', label: 'Operadora', header: 'Op.', column: true, filter: true, optionList: 'listarOperadoras', required: true },
    codprodutos: {
      kind: 'reference', label: 'Produto', column: true, filter: true, required: true,
      optionList: 'getItensProdutosByOperadora', optionListArg: 'codoperadora', labelList: 'listarItensProdutos',
    },
    tipotaxa: { kind: 'enum', label: 'Tipo', column: true, form: false, options: TIPO_TAXA, width: 120 },
    // the first digits of the card: any card when empty
    bincartao: {
      kind: 'text', label: 'Bin de cartão', header: 'BIN Cart.', column: true, maxLength: 6, width: 110,
      zod: z.preprocess(
        (v) => (v === '' || v === undefined ? null : v),
        z.string().trim().max(6, maximo('Bin de cartão', 6)).regex(/^\d+$/, MSG.binSomenteDigitos).nullable(),
      ),
    },
    tarifacao: { kind: 'enum', label: 'Tarifação', options: TARIFACAO, widget: 'radio', default: 'P' },
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
      kind: 'items', label: 'Taxas', virtual: true, items: RATE_LINE_FIELDS, rules: RATE_LINE_RULES,
      required: true, requiredMessage: MSG.taxasAoMenosUma,
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
