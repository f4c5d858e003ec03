import { defineRegister } from '../register-kit/register';
import { pageOf, registerPage } from '../registers/register-pages';

/**
 * What keeps the fee audit from pricing a sale (spec part 2 §7: getListarTaxasNaoCadastradas,
 * getListaUnidadesNaoEncontradas) as list screens: the operator / product / installments no contracted rate
 * fits, with 'Cadastrar taxa' opening the rate form prefilled; and the establishment codes no unit has.
 * Rows come from the same queries as those calls (apps/server/src/features/fee-audit/pendencias.source.ts).
 */

export const taxasNaoCadastradasScreen = defineRegister({
  readOnly: true,
  ...pageOf('taxasNaoCadastradas'),
  typeName: 'TaxaSemCadastro',
  menuSection: 'Conciliação',
  menuIcon: 'Percent',
  id: 'id',
  keyFields: ['id'],
  ops: { list: 'listarTaxasNaoCadastradas' },
  window: { de: 'de', ate: 'ate', back: 'month', maxMonths: registerPage('taxasNaoCadastradas').maxMonths },
  actions: [{ key: 'cadastrar', kind: 'open', label: 'Cadastrar taxa', icon: 'Add', scope: 'single', operation: '', success: '' }],
  fields: {
    id: { kind: 'text', label: 'ID', form: false },
    de: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true },
    ate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true },
    codpessoa: { kind: 'reference', label: 'Unidade', filter: 'eq', filterOnly: true, optionList: 'listarItensUnidadesConciliadoras', todos: true },
    codoperadora: { kind: 'reference', label: 'Operadora', column: true, filter: 'eq', form: false, optionList: 'listarOperadoras', todos: true, width: 130 },
    nomeproduto: { kind: 'text', label: 'Produto', column: true, form: false },
    produto: { kind: 'text', label: 'Código do Produto', column: true, form: false, width: 150 },
    codprodutos: { kind: 'number', label: 'Produto (código interno)', form: false },
    totparcelas: { kind: 'number', label: 'Parcelas', column: true, form: false, width: 100 },
    quantidade: { kind: 'number', label: 'Vendas', column: true, form: false, width: 100 },
    valorbruto: { kind: 'money', label: 'Valor Bruto', column: true, form: false, width: 150 },
    valortaxa: { kind: 'money', label: 'Taxa Cobrada', column: true, form: false, width: 150 },
  },
});

export const unidadesNaoEncontradasScreen = defineRegister({
  readOnly: true,
  ...pageOf('unidadesNaoEncontradas'),
  typeName: 'UnidadeSemCadastro',
  menuSection: 'Conciliação',
  menuIcon: 'Store',
  id: 'id',
  keyFields: ['id'],
  ops: { list: 'listarUnidadesNaoEncontradas' },
  window: { de: 'de', ate: 'ate', back: 'month', maxMonths: registerPage('unidadesNaoEncontradas').maxMonths },
  fields: {
    id: { kind: 'text', label: 'ID', form: false },
    de: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true },
    ate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true },
    codoperadora: { kind: 'reference', label: 'Operadora', column: true, filter: 'eq', form: false, optionList: 'listarOperadoras', todos: true, width: 130 },
    estabelecimento: { kind: 'text', label: 'Estabelecimento', column: true, filter: true, form: false, width: 170 },
    nomepessoa: { kind: 'text', label: 'Arquivos de', column: true, form: false },
    quantidade: { kind: 'number', label: 'Linhas', column: true, form: false, width: 100 },
    arquivos: { kind: 'number', label: 'Arquivos', column: true, form: false, width: 100 },
    primeiradata: { kind: 'date', label: 'Primeira Data', column: true, form: false, width: 130 },
    ultimadata: { kind: 'date', label: 'Última Data', column: true, form: false, width: 130 },
  },
});
