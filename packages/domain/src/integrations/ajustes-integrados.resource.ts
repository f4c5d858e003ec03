import { MSG } from '../messages';
import { defineRegister } from '../register-kit/register';

/**
 * Ajustes integrados (spec part 2 §7 listarIntegracaoAjuste, getIntegracaoAjuste): the operators' adjustment lines
 * (linhas_operadora of kind 'adjustment': credits and debits outside a sale's payment — rent of the terminal, fees,
 * corrections) of the units the caller sees, in a window of their dates, and whether an ERP integration already
 * delivered each one: the delivery (execucoes_integracao ENTREGUE) of an active integration schedule of the unit or
 * its client for the adjustment's day — 'Integrado em' and the file it went in. Read only.
 */
export const ajustesIntegradosScreen = defineRegister({
  readOnly: true,
  key: 'ajustesIntegrados',
  typeName: 'IntegracaoAjuste',
  title: 'Ajustes integrados',
  page: 'integracao',
  menuSection: 'Integração',
  menuIcon: 'Hub',
  id: 'codlinha',
  keyFields: ['codlinha'],
  ops: { list: 'listarIntegracaoAjuste', get: 'getIntegracaoAjuste' },
  window: { de: 'de', ate: 'ate', back: 'month', maxMonths: 3 },
  fields: {
    codlinha: { kind: 'number', label: 'Código', form: false },
    de: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true, filterOn: 'data' },
    ate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true, filterOn: 'data' },
    data: { kind: 'date', label: 'Data', column: true, width: 110 },
    codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras', column: true, filter: 'eq', todos: true, width: 140 },
    codpessoa: { kind: 'reference', label: 'Unidade Conciliadora', optionList: 'listarItensUnidadesConciliadoras', column: true, filter: 'eq', todos: true },
    estabelecimento: { kind: 'text', label: 'Estabelecimento', column: true, filter: true, width: 160 },
    motivo: { kind: 'text', label: MSG.ajusteMotivo, column: true, width: 260 },
    valor: { kind: 'money', label: 'Valor', column: true, width: 130 },
    integrado: {
      kind: 'enum', label: MSG.ajusteIntegrado, filter: 'eq', filterOnly: true, todos: true,
      options: [{ valor: 'S', label: 'Sim' }, { valor: 'N', label: 'Não' }],
    },
    integradoem: { kind: 'datetime', label: MSG.ajusteIntegradoEm, column: true, width: 150 },
    arquivo: { kind: 'text', label: 'Arquivo', column: true, width: 220 },
  },
});
