import { defineRegister, type FieldDef } from '../register-kit/register';

const codigo = (label: string, section: string, extra: Partial<FieldDef> = {}): FieldDef => ({ kind: 'text', label, maxLength: 30, section, ...extra });

/**
 * Parâmetros TOTVS (spec part 2 §3 "ERP parameters", §7 listarParametrosTOTVS, getParametroTOTVS,
 * salvarParametrosTOTVS): the codes a client's TOTVS (Protheus/RM) posts the card receipts under — one row per client.
 */
export const parametrosTotvsRegister = defineRegister({
  key: 'parametrosTotvs',
  typeName: 'ParametroTOTVS',
  title: 'Parâmetros TOTVS',
  page: 'integracao',
  menuSection: 'Integração',
  menuIcon: 'Hub',
  id: 'codparametrototvs',
  keyFields: ['codparametrototvs'],
  ops: { list: 'listarParametrosTOTVS', get: 'getParametroTOTVS', save: 'salvarParametrosTOTVS' },
  messages: { inserted: 'Parâmetros salvos com sucesso.', saved: 'Parâmetros salvos com sucesso.' },
  fields: {
    codparametrototvs: { kind: 'number', label: 'Código', form: false },
    codpessoa: { kind: 'reference', label: 'Cliente', optionList: 'listarItensConciliadores', column: true, filter: 'eq', todos: true, required: true, section: 'Cliente' },
    codfilial: codigo('Filial', 'Lançamento', { column: true, width: 110 }),
    coddepartamento: codigo('Departamento', 'Lançamento', { column: true, width: 140 }),
    codcentrocusto: codigo('Centro de custo', 'Lançamento', { column: true, width: 150 }),
    tipocontabil: codigo('Tipo contábil', 'Lançamento'),
    codmoeda: codigo('Moeda', 'Lançamento', { width: 100 }),
    codcontacaixa: codigo('Conta caixa', 'Lançamento', { column: true, width: 130 }),
    statuslancamento: codigo('Status do lançamento', 'Lançamento'),
    codevento: codigo('Evento', 'Lançamento', { column: true, width: 110 }),
    codcoligadaclifor: codigo('Coligada do cli/for', 'Coligadas'),
    codcoligadacontacaixa: codigo('Coligada da conta caixa', 'Coligadas'),
    tiposacado: codigo('Tipo de sacado', 'Coligadas'),
    opcional1: codigo('Opcional 1', 'Opcionais', { maxLength: 100 }),
    opcional2: codigo('Opcional 2', 'Opcionais', { maxLength: 100 }),
  },
});
