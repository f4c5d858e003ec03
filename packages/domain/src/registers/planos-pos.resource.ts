import { z } from 'zod';
import { MSG } from '../messages';
import { lineText } from '../plan-rates';
import { defineRegister, sublistOf } from '../register-kit/register';
import { dateRangeRule, obrigatorio, zDate, zInt, zMoney, zParcela, zPercent, zRefs, zText } from '../register-kit/zod-fields';

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

export const planosPosSchema = z
  .object({
    codplano: zInt('Código'),
    nome: zText('Nome', { required: true, max: 50 }),
    cobramensalidade: z.enum(['S', 'N'], { error: obrigatorio('Cobra Mensalidade') }).default('N'),
    valormensalidade: zMoney('Valor Mensalidade'),
    diacorte: z.preprocess(optional, z.number().int(MSG.diaCorteInvalido).min(1, MSG.diaCorteInvalido).max(31, MSG.diaCorteInvalido).nullable()),
  })
  .refine((v) => v.cobramensalidade !== 'S' || v.valormensalidade != null, { message: MSG.mensalidadeObrigatoria, path: ['valormensalidade'] })
  .refine((v) => v.cobramensalidade !== 'S' || v.diacorte != null, { message: obrigatorio('Dia de Corte'), path: ['diacorte'] });

export const planosPosRegister = defineRegister({
  key: 'planosPos',
  typeName: 'PlanoPos',
  title: 'Planos POS',
  page: 'planos',
  menuSection: 'Cadastros',
  menuIcon: 'PointOfSale',
  id: 'codplano',
  keyFields: ['codplano'],
  schema: planosPosSchema,
  ops: { list: 'listarPlanosPOS', get: 'getPlanosPOS', save: 'salvarPlanosPOS', delete: 'deletePlanosPOS' },
  messages: { inserted: MSG.planoPosGravado, saved: MSG.planoPosGravado },
  fields: {
    codplano: { kind: 'number', label: 'Código', form: 'readonly', column: true, width: 100 },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 50 },
    cobramensalidade: { kind: 'enum', label: 'Cobra Mensalidade', column: true, options: COBRA_MENSALIDADE, widget: 'radio', width: 170, section: 'Mensalidade' },
    valormensalidade: { kind: 'money', label: 'Valor Mensalidade', column: true, width: 170, section: 'Mensalidade' },
    diacorte: { kind: 'number', label: 'Dia de Corte', column: true, width: 130, section: 'Mensalidade' },
  },
  actions: [
    { key: 'terminais', label: 'Planos Terminal', icon: 'PointOfSale', scope: 'single', kind: 'sublist', sublist: 'planosTerminal', operation: '', success: '' },
    { key: 'taxas', label: 'Planos Taxas', icon: 'Percent', scope: 'single', kind: 'sublist', sublist: 'planosPosTaxas', operation: '', success: '' },
  ],
});

export const faixaPosSchema = z
  .object({ codtaxa: zInt('Código'), de: zParcela('Parcela de'), ate: zParcela('Parcela até'), taxa: zPercent('Taxa (%)', { required: true }) })
  .refine((v) => v.de <= v.ate, { message: MSG.faixaParcelasInvertida, path: ['ate'] });

export const planosPosTaxasSchema = z.object({
  codplanostaxas: zInt('Código'),
  codplano: zInt('Plano', { required: true }),
  codprodutos: zInt('Produto', { required: true }),
  faixas: z.array(faixaPosSchema, { error: MSG.taxasAoMenosUma }).min(1, MSG.taxasAoMenosUma),
});

/** A product's rates in a POS plan (sublist 'Planos Taxas' of Planos POS): one line per installment range. */
export const planosPosTaxasRegister = defineRegister({
  key: 'planosPosTaxas',
  typeName: 'PlanoPosTaxa',
  title: 'Planos Taxas',
  ...sublistOf(planosPosRegister, 'codplano'),
  id: 'codplanostaxas',
  keyFields: ['codplanostaxas'],
  schema: planosPosTaxasSchema,
  ops: { list: 'listarPlanosPOSTaxas', get: 'getPlanosPOSTaxas', save: 'salvarPlanosPosTaxas', delete: 'deletePlanosPosTaxas' },
  messages: { inserted: MSG.planosTaxasSalvo, saved: MSG.planosTaxasSalvo },
  fields: {
    codplanostaxas: { kind: 'number', label: 'Código', form: 'readonly' },
    codplano: { kind: 'reference', label: 'Plano', column: true, filter: true, optionList: 'listarItensPlanos' },
    codprodutos: { kind: 'reference', label: 'Produto', column: true, filter: true, optionList: 'getItensProdutosByOperadoraPos', labelList: 'listarItensProdutos' },
    // Kept in planos_pos_taxas_faixas: the server entry loads and stores them. Each range is checked by the
    // server as it is added (resultadoAddTaxasPos) or taken out (resultadoSubTaxasPos).
    faixas: {
      kind: 'items', label: 'Faixas', virtual: true,
      entry: { id: 'codtaxa', add: 'resultadoAddTaxasPos', remove: 'resultadoSubTaxasPos', context: ['codprodutos'], text: lineText },
      items: {
        codtaxa: { kind: 'number', label: 'Código', form: 'readonly' },
        de: { kind: 'number', label: 'Parcela de' },
        ate: { kind: 'number', label: 'Parcela até' },
        taxa: { kind: 'percent', label: 'Taxa (%)' },
      },
    },
    taxas: { kind: 'text', label: 'Taxas', column: true, form: false, virtual: true, width: 360 },
  },
});

export const planosTerminalSchema = z
  .object({
    codplanosterminal: zInt('Código'),
    codplanos: zInt('Plano', { required: true }),
    vigenciade: zDate('Vigência "de"', { required: true }),
    vigenciaate: zDate('Vigência "até"', { required: true }),
    listTerminal: zRefs('Terminais', { required: true }),
  })
  .refine(...dateRangeRule('vigenciade', 'vigenciaate'));

/** Terminal contracts of a POS plan (sublist 'Planos Terminal'): the plan in force on terminals for a period. */
export const planosTerminalRegister = defineRegister({
  key: 'planosTerminal',
  typeName: 'PlanoTerminal',
  title: 'Planos Terminal',
  ...sublistOf(planosPosRegister, 'codplanos'),
  id: 'codplanosterminal',
  keyFields: ['codplanosterminal'],
  schema: planosTerminalSchema,
  ops: { list: 'listarPlanosTerminal', get: 'getPlanosTerminal', save: 'salvarPlanosTerminal', delete: 'deletePlanosTerminal' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codplanosterminal: { kind: 'number', label: 'Código', form: 'readonly' },
    codplanos: { kind: 'reference', label: 'Plano', column: true, filter: true, optionList: 'listarItensPlanos' },
    vigenciade: { kind: 'date', label: 'De', column: true },
    vigenciaate: { kind: 'date', label: 'Até', column: true },
    // Kept in planos_terminal_terminais: the server entry loads and stores it.
    listTerminal: { kind: 'references', label: 'Terminais', optionList: 'listarItensTerminalVinculo', virtual: true },
    terminais: { kind: 'text', label: 'Terminais', header: 'Terminais', column: true, form: false, virtual: true, width: 360 },
  },
});
