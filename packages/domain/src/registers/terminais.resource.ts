import { defineRegister } from '../register-kit/register';
import { STATUS_PESSOA } from './clientes.resource';
import { pageOf } from './register-pages';

/**
 * How a terminal captures sales. The spec names the field (vinculo) and filters by it but lists no
 * values; these are the capture channels the operators' files distinguish.
 */
export const VINCULOS_TERMINAL = [
  { valor: 'POS', label: 'POS' },
  { valor: 'TEF', label: 'TEF' },
  { valor: 'ECOMMERCE', label: 'E-commerce' },
] as const;

/** Terminal (spec part 2 §2.1, §3 Terminal): a capture device of a client, maintained by its reseller. */
export const terminaisRegister = defineRegister({
  ...pageOf('terminais'),
  typeName: 'Terminal',
  menuSection: 'Cadastros',
  menuIcon: 'PointOfSale',
  id: 'codterminal',
  keyFields: ['codterminal'],
  ops: { list: 'listarTerminal', get: 'getTerminal', save: 'saveTerminal', delete: 'deletarTerminal' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codterminal: { kind: 'number', label: 'Código', form: 'readonly' },
    codexterno: { kind: 'text', label: 'Código Externo', filter: true, maxLength: 30, required: true },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 100, required: true },
    vinculo: { kind: 'enum', label: 'Vínculo', column: true, filter: true, options: VINCULOS_TERMINAL, todos: true, required: true },
    status: { kind: 'enum', label: 'Status', column: true, options: STATUS_PESSOA, required: true },
    codpessoacliente: { kind: 'reference', label: 'Cliente', filter: true, optionList: 'listarItensConciliadores', required: true },
    codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras' },
    codexternoconciliador: { kind: 'text', label: 'Código Externo Conciliador', maxLength: 30 },
    // Billing of the terminal's monthly fee (POS plans): whether it is charged, and from when.
    ativo: { kind: 'boolean', label: 'Cobrança Ativa', default: true },
    datainiciocobranca: { kind: 'date', label: 'Início da Cobrança' },
  },
});
