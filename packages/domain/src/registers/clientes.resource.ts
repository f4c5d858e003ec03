import { MSG } from '../messages';
import { defineRegister } from '../register-kit/register';
import { pageOf } from './register-pages';

export const STATUS_PESSOA = [
  { valor: 'A', label: 'Ativo' },
  { valor: 'I', label: 'Inativo' },
  // a client of the public sign-up until an administrator approves it (Aprovar cadastro)
  { valor: 'P', label: 'Pendente' },
] as const;

/** Cliente (spec part 2 §2.1, §3 Person): identity, address and bank data of a client under a reseller. */
export const clientesRegister = defineRegister({
  ...pageOf('clientes'),
  typeName: 'Cliente',
  menuSection: 'Cadastros',
  menuIcon: 'Store',
  id: 'codpessoa',
  keyFields: ['codpessoa', 'codpessoapai'],
  ops: { list: 'getClientes', get: 'getCliente', save: 'saveClientes', delete: 'deletarClientes' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  actions: [{
    key: 'aprovarCadastro', label: MSG.cadastroAprovar, icon: 'Check', scope: 'single', kind: 'row', operation: 'aprovarCadastro',
    confirm: MSG.cadastroAprovarConfirmar, success: MSG.cadastroAprovado, enabledWhen: { field: 'status', values: ['P'] },
  },
  // the registration panel (getPainelCadastro, savePainelCadastroTaxa): where the client's registration stands, its rates
  { key: 'painelCadastro', label: MSG.painelCadastroTitulo, icon: 'AssignmentInd', scope: 'single', kind: 'open', operation: '', success: '' }],
  fields: {
    codpessoa: { kind: 'number', label: 'Código', form: 'readonly' },
    codpessoapai: { kind: 'reference', label: 'Revenda', form: false },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, section: 'Identificação', maxLength: 100, required: true },
    nomeabreviado: { kind: 'text', label: 'Nome Abreviado', section: 'Identificação', maxLength: 50 },
    cnpj: { kind: 'cpfCnpj', label: 'CPF/CNPJ', section: 'Identificação' },
    inscestadual: { kind: 'text', label: 'Inscrição Estadual', section: 'Identificação', maxLength: 20 },
    inscmunicipal: { kind: 'text', label: 'Inscrição Municipal', section: 'Identificação', maxLength: 20 },
    email: { kind: 'email', label: 'Email', section: 'Identificação' },
    telefone: { kind: 'phone', label: 'Telefone', section: 'Identificação' },
    status: { kind: 'enum', label: 'Status', column: true, filter: true, options: STATUS_PESSOA, todos: true, section: 'Identificação', required: true },
    cep: { kind: 'cep', label: 'CEP', section: 'Endereço' },
    estado: { kind: 'enum', label: 'Estado', optionList: 'listarEstados', section: 'Endereço', maxLength: 2 },
    codcidade: { kind: 'reference', label: 'Cidade', optionList: 'listarCidades', optionListArg: 'estado', section: 'Endereço' },
    bairro: { kind: 'text', label: 'Bairro', section: 'Endereço', maxLength: 60 },
    endereco: { kind: 'text', label: 'Endereço', section: 'Endereço', maxLength: 100 },
    numero: { kind: 'text', label: 'Número', section: 'Endereço', maxLength: 10 },
    complemento: { kind: 'text', label: 'Complemento', section: 'Endereço', maxLength: 60 },
    agencia: { kind: 'text', label: 'Agência', section: 'Banco', maxLength: 10 },
    conta: { kind: 'text', label: 'Conta', section: 'Banco', maxLength: 20 },
    codestabelecimentobancario: { kind: 'text', label: 'Cód. Estabelecimento Bancário', section: 'Banco', maxLength: 20 },
    diascliente: { kind: 'number', label: 'Dias Cliente', section: 'Outros' },
    exibirusuario: { kind: 'boolean', label: 'Exibir Usuário', section: 'Outros', default: true },
  },
});
