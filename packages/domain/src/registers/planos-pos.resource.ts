import { z } from 'zod';
import { MSG } from '../messages';
import { lineText } from '../plan-rates';
import { type FormRule, objectSchema } from '../register-kit/field-schema';
import { defineRegister, sublistOf } from '../register-kit/register';
import { dateRangeRule, obrigatorio } from '../register-kit/zod-fields';
import { INSTALLMENT_RANGE_FIELDS, installmentOrderRule, TARIFACAO } from './planos-conciliadores.resource';
import { pageOf } from './register-pages';

/**
 * Planos POS (spec part 2 §2.1, §3 "POS plan", "POS plan rates", "Terminal plan"; §5; §8; §9): what a reseller
 * charges for the POS terminals it places — a monthly fee and rates by product and installment range — and the
 * terminal contracts that put a plan in force on terminals for a period. Billing reads them.
 */

export const COBRA_MENSALIDADE = [
  { valor: 'S', label: 'Sim' },
  { valor: 'N', label: 'Não' },
] as const;

const optional = (v: unknown) => (v === '' || v === undefined ? null : v);

export const planosPosRegister = defineRegister({
  ...pageOf('planosPos'),
  typeName: 'PlanoPos',
  menuSection: 'Cadastros',
  menuIcon: 'PointOfSale',
  id: 'codplano',
  keyFields: ['codplano'],
  rules: [
    [(v) => v.cobramensalidade !== 'S' || v.valormensalidade != null, { message: MSG.mensalidadeObrigatoria, path: ['valormensalidade'] }],
    [(v) => v.cobramensalidade !== 'S' || v.diacorte != null, { message: obrigatorio('Dia de Corte'), path: ['diacorte'] }],
  ],
  ops: { list: 'listarPlanosPOS', get: 'getPlanosPOS', save: 'salvarPlanosPOS', delete: 'deletePlanosPOS' },
  messages: { inserted: MSG.planoPosGravado, saved: MSG.planoPosGravado },
  fields: {
    codplano: { kind: 'number', label: 'Código', form: 'readonly', column: true, width: 100 },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 50, required: true },
    // how billing rounds the rate: on each installment (P) or once on the sale's value (V)
    tarifacao: { kind: 'enum', label: 'Tarifação', column: true, options: TARIFACAO, widget: 'radio', default: 'P', width: 140 },
    cobramensalidade: {
      kind: 'enum', label: 'Cobra Mensalidade', column: true, options: COBRA_MENSALIDADE, widget: 'radio', width: 170, section: 'Mensalidade', default: 'N',
    },
    valormensalidade: { kind: 'money', label: 'Valor Mensalidade', column: true, width: 170, section: 'Mensalidade' },
    // one message for every way a cut-off day can be wrong
    diacorte: {
      kind: 'number', label: 'Dia de Corte', column: true, width: 130, section: 'Mensalidade',
      zod: z.preprocess(optional, z.number().int(MSG.diaCorteInvalido).min(1, MSG.diaCorteInvalido).max(31, MSG.diaCorteInvalido).nullable()),
    },
  },
  actions: [
    { key: 'terminais', label: 'Planos Terminal', icon: 'PointOfSale', scope: 'single', kind: 'sublist', sublist: 'TERMINAL', operation: '', success: '' },
    { key: 'taxas', label: 'Planos Taxas', icon: 'Percent', scope: 'single', kind: 'sublist', sublist: 'TAXASPOS', operation: '', success: '' },
  ],
});

/** One installment range of a POS rate and its percent (faixas). */
const FAIXA_POS_FIELDS = {
  ...INSTALLMENT_RANGE_FIELDS,
  taxa: { kind: 'percent', label: 'Taxa (%)', required: true },
} as const;

const FAIXA_POS_RULES: FormRule[] = [installmentOrderRule];

/** A POS range's own rules, as its server check applies them one line at a time. */
export const faixaPosSchema = objectSchema(FAIXA_POS_FIELDS, { rules: FAIXA_POS_RULES });

/** A product's rates in a POS plan (sublist 'Planos Taxas' of Planos POS): one line per installment range. */
export const planosPosTaxasRegister = defineRegister({
  key: 'planosPosTaxas',
  typeName: 'PlanoPosTaxa',
  title: 'Planos Taxas',
  ...sublistOf(planosPosRegister, 'codplano', 'TAXASPOS'),
  id: 'codplanostaxas',
  keyFields: ['codplanostaxas'],
  ops: { list: 'listarPlanosPOSTaxas', get: 'getPlanosPOSTaxas', save: 'salvarPlanosPosTaxas', delete: 'deletePlanosPosTaxas' },
  messages: { inserted: MSG.planosTaxasSalvo, saved: MSG.planosTaxasSalvo },
  fields: {
    codplanostaxas: { kind: 'number', label: 'Código', form: 'readonly' },
    codplano: { kind: 'reference', label: 'Plano', column: true, filter: true, optionList: 'listarItensPlanos', required: true },
    codprodutos: { kind: 'reference', label: 'Produto', column: true, filter: true, optionList: 'getItensProdutosByOperadoraPos', labelList: 'listarItensProdutos', required: true },
    // Kept in planos_pos_taxas_faixas: the server entry loads and stores them. Each range is checked by the
    // server as it is added (resultadoAddTaxasPos) or taken out (resultadoSubTaxasPos).
    faixas: {
      kind: 'items', label: 'Faixas', virtual: true, items: FAIXA_POS_FIELDS, rules: FAIXA_POS_RULES, required: true, requiredMessage: MSG.taxasAoMenosUma,
      entry: { id: 'codtaxa', add: 'resultadoAddTaxasPos', remove: 'resultadoSubTaxasPos', context: ['codprodutos'], text: lineText },
    },
    taxas: { kind: 'text', label: 'Taxas', column: true, form: false, virtual: true, width: 360 },
  },
});

/** Terminal contracts of a POS plan (sublist 'Planos Terminal'): the plan in force on terminals for a period. */
export const planosTerminalRegister = defineRegister({
  key: 'planosTerminal',
  typeName: 'PlanoTerminal',
  title: 'Planos Terminal',
  ...sublistOf(planosPosRegister, 'codplanos', 'TERMINAL'),
  id: 'codplanosterminal',
  keyFields: ['codplanosterminal'],
  rules: [dateRangeRule('vigenciade', 'vigenciaate')],
  ops: { list: 'listarPlanosTerminal', get: 'getPlanosTerminal', save: 'salvarPlanosTerminal', delete: 'deletePlanosTerminal' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codplanosterminal: { kind: 'number', label: 'Código', form: 'readonly' },
    codplanos: { kind: 'reference', label: 'Plano', column: true, filter: true, optionList: 'listarItensPlanos', required: true },
    vigenciade: { kind: 'date', label: 'Vigência "de"', header: 'De', column: true, required: true },
    vigenciaate: { kind: 'date', label: 'Vigência "até"', header: 'Até', column: true, required: true },
    // Kept in planos_terminal_terminais: the server entry loads and stores it.
    listTerminal: { kind: 'references', label: 'Terminais', optionList: 'listarItensTerminalVinculo', virtual: true, required: true },
    terminais: { kind: 'text', label: 'Terminais', header: 'Terminais', column: true, form: false, virtual: true, width: 360 },
  },
});
