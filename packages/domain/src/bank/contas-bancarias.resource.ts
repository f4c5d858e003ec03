import { z } from 'zod';
import { MSG } from '../messages';
import { defineRegister } from '../register-kit/register';
import { obrigatorio } from '../register-kit/zod-fields';
import { pageOf } from '../registers/register-pages';

/**
 * Contas Bancárias (issue 21, conferência bancária): the bank accounts of a client or unit. A bank statement (OFX,
 * CNAB 240 extrato) lands only in the books of the person that registered the account it names.
 */

/** The main Brazilian banks by COMPE code, as the bank select lists them; any other 3-digit code is accepted too. */
export const BANCOS = [
  { valor: '001', label: '001 - Banco do Brasil' },
  { valor: '033', label: '033 - Santander' },
  { valor: '041', label: '041 - Banrisul' },
  { valor: '077', label: '077 - Inter' },
  { valor: '104', label: '104 - Caixa Econômica Federal' },
  { valor: '208', label: '208 - BTG Pactual' },
  { valor: '212', label: '212 - Banco Original' },
  { valor: '237', label: '237 - Bradesco' },
  { valor: '260', label: '260 - Nu Pagamentos (Nubank)' },
  { valor: '336', label: '336 - C6 Bank' },
  { valor: '341', label: '341 - Itaú Unibanco' },
  { valor: '422', label: '422 - Safra' },
  { valor: '655', label: '655 - Banco Votorantim' },
  { valor: '748', label: '748 - Sicredi' },
  { valor: '756', label: '756 - Sicoob' },
] as const;

/** The bank's name for a code ('341' → 'Itaú Unibanco'); the code itself when the list does not know it. */
export function bancoNome(banco: string): string {
  return BANCOS.find((b) => b.valor === banco)?.label.slice(6) ?? banco;
}

const withoutLeadingZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/**
 * The account as statements name it, normalised the way the bank parsers do (packages/engine/src/bank/bank-text.ts):
 * the bank code to 3 digits, the agency to 4 digits (CNAB pads it to 5, some OFX drop its zeros), the account without
 * leading zeros. The register stores this form, so an OFX and a CNAB statement of the account both find it.
 */
export function normalContaBancaria(c: { banco: string; agencia: string; conta: string }): { banco: string; agencia: string; conta: string } {
  const banco = withoutLeadingZeros(c.banco.trim());
  const agencia = c.agencia.trim();
  return {
    banco: banco.length <= 3 ? banco.padStart(3, '0') : banco,
    agencia: agencia === '' ? '' : withoutLeadingZeros(agencia).padStart(4, '0'),
    conta: withoutLeadingZeros(c.conta.trim()),
  };
}

/** 'Banco 341, agência 0001, conta 12345' — how messages name an account. */
export function contaBancariaTexto(c: { banco: string; agencia: string; conta: string; digito?: string | null }): string {
  return `banco ${c.banco}, agência ${c.agencia}, conta ${c.conta}${c.digito ? `-${c.digito}` : ''}`;
}

const digits = (label: string, max: number, message: string) =>
  z.string({ error: obrigatorio(label) }).trim().min(1, obrigatorio(label)).max(max, `${label} não pode exceder ${max} caracteres`).regex(/^\d+$/, message);

export const contasBancariasRegister = defineRegister({
  ...pageOf('contasBancarias'),
  typeName: 'ContaBancaria',
  menuSection: 'Cadastros',
  menuIcon: 'RequestQuote',
  id: 'codcontabancaria',
  keyFields: ['codcontabancaria'],
  ops: { list: 'listarContasBancarias', get: 'getContaBancaria', save: 'salvarContaBancaria', delete: 'excluirContaBancaria' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codcontabancaria: { kind: 'number', label: 'Código', form: 'readonly' },
    codpessoa: { kind: 'reference', label: 'Cliente / Unidade', column: true, filter: 'eq', optionList: 'listarItensPessoas', todos: true, required: true },
    banco: {
      kind: 'enum', label: 'Banco', column: true, filter: 'eq', options: BANCOS, todos: true, required: true,
      zod: digits('Banco', 3, MSG.contaBancariaBancoInvalido).transform((v) => v.padStart(3, '0')),
    },
    agencia: { kind: 'text', label: 'Agência (sem dígito)', column: true, filter: true, required: true, maxLength: 5, zod: digits('Agência', 5, MSG.contaBancariaAgenciaInvalida) },
    conta: { kind: 'text', label: 'Conta (sem dígito)', column: true, filter: true, required: true, maxLength: 12, zod: digits('Conta', 12, MSG.contaBancariaContaInvalida) },
    digito: { kind: 'text', label: 'Dígito', column: true, maxLength: 2 },
    descricao: { kind: 'text', label: 'Descrição', column: true, filter: true, maxLength: 100 },
    ativo: { kind: 'boolean', label: 'Ativa', column: true, default: true },
  },
});
