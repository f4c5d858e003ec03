import { defineRegister } from '../register-kit/register';

/**
 * Códigos de Operadora TOTVS (spec part 2 §7 listarCodigoOperadoraTOTVS, getCodigoOperadoraTOTVS; the save,
 * salvarCodigoOperadoraTOTVS, is the register's): the code each card operator has as customer/supplier (cli/for) in a
 * client's TOTVS, with its store (loja) and financial nature — one per client and operator.
 */
export const codigosOperadoraTotvsRegister = defineRegister({
  key: 'codigosOperadoraTotvs',
  typeName: 'CodigoOperadoraTOTVS',
  title: 'Códigos de Operadora TOTVS',
  page: 'integracao',
  menuSection: 'Integração',
  menuIcon: 'Hub',
  id: 'codcodigooperadoratotvs',
  keyFields: ['codcodigooperadoratotvs'],
  ops: { list: 'listarCodigoOperadoraTOTVS', get: 'getCodigoOperadoraTOTVS', save: 'salvarCodigoOperadoraTOTVS', delete: 'excluirCodigoOperadoraTOTVS' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codcodigooperadoratotvs: { kind: 'number', label: 'Código', form: false },
    codpessoa: { kind: 'reference', label: 'Cliente', optionList: 'listarItensConciliadores', column: true, filter: 'eq', todos: true, required: true },
    codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras', column: true, filter: 'eq', todos: true, required: true, width: 150 },
    codclifor: { kind: 'text', label: 'Código cli/for no TOTVS', column: true, filter: true, maxLength: 30, required: true, width: 200 },
    loja: { kind: 'text', label: 'Loja', column: true, maxLength: 10, width: 100 },
    natureza: { kind: 'text', label: 'Natureza', column: true, maxLength: 30, width: 140 },
  },
});
