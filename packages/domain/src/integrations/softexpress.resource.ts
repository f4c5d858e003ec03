import { defineRegister } from '../register-kit/register';

/**
 * SoftExpress (spec part 2 §7 listarIntegracaoSoftExpressCadastro, getIntegracaoSoftExpressCadastro; the save,
 * salvarIntegracaoSoftExpressCadastro, is the register's): a unit or client registered at SoftExpress (SiTef), by the
 * store code its sales come under there.
 */
export const softExpressRegister = defineRegister({
  key: 'softExpress',
  typeName: 'IntegracaoSoftExpressCadastro',
  title: 'SoftExpress',
  page: 'integracao',
  menuSection: 'Integração',
  menuIcon: 'Hub',
  id: 'codintegracaosoftexpress',
  keyFields: ['codintegracaosoftexpress'],
  ops: { list: 'listarIntegracaoSoftExpressCadastro', get: 'getIntegracaoSoftExpressCadastro', save: 'salvarIntegracaoSoftExpressCadastro', delete: 'excluirIntegracaoSoftExpressCadastro' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codintegracaosoftexpress: { kind: 'number', label: 'Código', form: false },
    codpessoa: { kind: 'reference', label: 'Cliente ou unidade', optionList: 'listarItensPessoas', column: true, filter: 'eq', todos: true, required: true },
    codigoloja: { kind: 'text', label: 'Código da loja (SiTef)', column: true, filter: true, maxLength: 20, required: true, width: 190 },
    cnpj: { kind: 'cpfCnpj', label: 'CNPJ', column: true, width: 170 },
    ativo: { kind: 'boolean', label: 'Ativo', column: true, default: true, width: 90 },
    criadoem: { kind: 'datetime', label: 'Criado em', column: true, width: 150 },
  },
});
