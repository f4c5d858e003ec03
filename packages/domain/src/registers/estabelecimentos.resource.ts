import { defineRegister } from '../register-kit/register';

/**
 * Estabelecimentos (spec part 2 §7 "Establishments and registration": listarEstabelecimentos,
 * editarEstabelecimento, deleteEstabelecimentoOperadora): an operator's code of a reconciliation unit (EC at
 * Cielo, PV at Rede, StoneCode…). It is how a line of an operator file finds its unit: one code per operator.
 */
export const estabelecimentosRegister = defineRegister({
  key: 'estabelecimentos',
  typeName: 'Estabelecimento',
  title: 'Estabelecimentos',
  page: 'estabelecimentos',
  menuSection: 'Cadastros',
  menuIcon: 'Store',
  id: 'codestabelecimento',
  keyFields: ['codestabelecimento'],
  ops: { list: 'listarEstabelecimentos', get: 'getEstabelecimento', save: 'editarEstabelecimento', delete: 'deleteEstabelecimentoOperadora' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codestabelecimento: { kind: 'number', label: 'Código', form: 'readonly', width: 100 },
    codexterno: { kind: 'text', label: 'Código do Estabelecimento', column: true, filter: true, maxLength: 30, required: true, width: 200 },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 100 },
    codoperadora: { kind: 'reference', label: 'Operadora', column: true, filter: 'eq', optionList: 'listarOperadoras', todos: true, required: true, width: 150 },
    codpessoa: { kind: 'reference', label: 'Unidade Conciliadora', column: true, filter: 'eq', optionList: 'listarItensUnidadesConciliadoras', todos: true, required: true },
  },
});
