import { z } from 'zod';
import { defineRegister } from '../register-kit/register';
import { obrigatorio, zDate, zInt, zText } from '../register-kit/zod-fields';
import { STATUS_PESSOA } from './clientes.resource';

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
export const terminaisSchema = z.object({
  codterminal: zInt('Código'),
  codexterno: zText('Código Externo', { required: true, max: 30 }),
  nome: zText('Nome', { required: true, max: 100 }),
  vinculo: z.enum(['POS', 'TEF', 'ECOMMERCE'], { error: obrigatorio('Vínculo') }),
  status: z.enum(['A', 'I'], { error: obrigatorio('Status') }),
  codpessoacliente: zInt('Cliente', { required: true }),
  codoperadora: zInt('Operadora'),
  codexternoconciliador: zText('Código Externo Conciliador', { max: 30 }),
  ativo: z.boolean().default(true),
  datainiciocobranca: zDate('Início da Cobrança'),
});

export const terminaisRegister = defineRegister({
  key: 'terminais',
  typeName: 'Terminal',
  title: 'Terminal',
  page: 'terminal',
  menuSection: 'Cadastros',
  menuIcon: 'PointOfSale',
  id: 'codterminal',
  keyFields: ['codterminal'],
  schema: terminaisSchema,
  ops: { list: 'listarTerminal', get: 'getTerminal', save: 'saveTerminal', delete: 'deletarTerminal' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codterminal: { kind: 'number', label: 'Código', form: 'readonly' },
    codexterno: { kind: 'text', label: 'Código Externo', filter: true, maxLength: 30 },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 100 },
    vinculo: { kind: 'enum', label: 'Vínculo', column: true, filter: true, options: VINCULOS_TERMINAL, todos: true },
    status: { kind: 'enum', label: 'Status', column: true, options: STATUS_PESSOA },
    codpessoacliente: { kind: 'reference', label: 'Cliente', filter: true, optionList: 'listarItensConciliadores' },
    codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras' },
    codexternoconciliador: { kind: 'text', label: 'Código Externo Conciliador', maxLength: 30 },
    // Billing of the terminal's monthly fee (POS plans): whether it is charged, and from when.
    ativo: { kind: 'boolean', label: 'Cobrança Ativa' },
    datainiciocobranca: { kind: 'date', label: 'Início da Cobrança' },
  },
});
