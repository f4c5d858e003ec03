import { MSG } from '../messages';
import { defineRegister, type OptionItem } from '../register-kit/register';
import { pageOf, registerPage } from '../registers/register-pages';

/**
 * Conferência Bancária (issue 21): did the money the operators said they paid reach the client's bank account? One
 * row per pair the bank check made (conciliacoes_bancarias): an operator settlement or debit and the bank posting it
 * found, or either one alone; result cards per result with their totals in R$. A read-only list screen over the bank
 * check (apps/server/src/features/bank/conferencia-bancaria.source.ts); 'Rastrear' opens the trace of a settlement:
 * sale → forecast → settlement → bank credit.
 */

/** What the bank check concluded (conciliacoes_bancarias.resultado, RESULTADOS_BANCARIOS), in the cards' order. */
export const RESULTADOS_CONFERENCIA: readonly OptionItem[] = [
  { valor: 'CREDITADO', label: MSG.conferenciaCreditado },
  { valor: 'CREDITADO_DIFERENCA', label: MSG.conferenciaCreditadoDiferenca },
  { valor: 'NAO_CREDITADO', label: MSG.conferenciaNaoCreditado },
  { valor: 'AGUARDANDO', label: MSG.conferenciaAguardando },
  { valor: 'CREDITO_SEM_ORIGEM', label: MSG.conferenciaCreditoSemOrigem },
  { valor: 'DEBITADO', label: MSG.conferenciaDebitado },
  { valor: 'NAO_DEBITADO', label: MSG.conferenciaNaoDebitado },
  { valor: 'DEBITO_SEM_ORIGEM', label: MSG.conferenciaDebitoSemOrigem },
];

/** How a pair was made (conciliacoes_bancarias.regra, REGRAS_BANCARIAS). */
export const REGRAS_CONFERENCIA: readonly OptionItem[] = [
  { valor: 'EXATO', label: MSG.conferenciaRegraExato },
  { valor: 'DIA_UTIL', label: MSG.conferenciaRegraDiaUtil },
  { valor: 'AGRUPADO', label: MSG.conferenciaRegraAgrupado },
];

/** The option list of the caller's bank accounts (the Conta filter). */
export const CONTAS_CONFERENCIA_OPTIONS = 'listarItensContasConferencia';

export const conferenciaBancariaScreen = defineRegister({
  readOnly: true,
  ...pageOf('conferenciaBancaria'),
  typeName: 'ConferenciaBancaria',
  menuSection: 'Conciliação',
  menuIcon: 'AccountBalance',
  id: 'codconciliacaobancaria',
  keyFields: ['codconciliacaobancaria'],
  ops: { list: 'listarConferenciaBancaria' },
  // the settlement's date, or the posting's when no settlement explains it
  window: { de: 'de', ate: 'ate', back: 'month', maxMonths: registerPage('conferenciaBancaria').maxMonths },
  buckets: { operation: 'resultadosConferenciaBancaria', field: 'resultado' },
  actions: [
    { key: 'rastrear', kind: 'open', label: MSG.conferenciaRastrear, icon: 'Timeline', scope: 'single', success: '', operation: '' },
  ],
  // the dates and amounts come first and fit at 1366 px; the identity of the account and the bank's words follow
  fields: {
    codconciliacaobancaria: { kind: 'number', label: 'Código', form: false },
    codlinha: { kind: 'number', label: 'Linha da operadora', form: false },
    codlinhabanco: { kind: 'number', label: 'Lançamento', form: false },
    de: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true },
    ate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true },
    codpessoa: { kind: 'reference', label: 'Unidade', filter: 'eq', filterOnly: true, optionList: 'listarItensUnidadesConciliadoras', todos: true },
    codcontabancaria: { kind: 'reference', label: 'Conta', filter: 'eq', filterOnly: true, optionList: CONTAS_CONFERENCIA_OPTIONS, todos: true },
    dataprevista: { kind: 'date', label: 'Data prevista', column: true, form: false, width: 120 },
    datacredito: { kind: 'date', label: 'Data do crédito', column: true, form: false, width: 130 },
    codoperadora: { kind: 'reference', label: 'Operadora', column: true, filter: 'eq', form: false, optionList: 'listarOperadoras', todos: true, width: 120 },
    unidade: { kind: 'text', label: 'Unidade', column: true, form: false },
    estabelecimento: { kind: 'text', label: 'Estabelecimento', column: true, form: false, width: 150 },
    conta: { kind: 'text', label: 'Banco/Agência/Conta', column: true, form: false, width: 170 },
    valorinformado: { kind: 'money', label: 'Valor informado', column: true, form: false, width: 140 },
    valorcreditado: { kind: 'money', label: 'Valor creditado', column: true, form: false, width: 140 },
    diferenca: { kind: 'money', label: 'Diferença', column: true, form: false, width: 120 },
    resultado: { kind: 'enum', label: 'Resultado', options: RESULTADOS_CONFERENCIA, filter: 'eq', column: true, form: false, width: 190 },
    regra: { kind: 'enum', label: 'Regra', options: REGRAS_CONFERENCIA, column: true, form: false, width: 150 },
    historico: { kind: 'text', label: 'Histórico do banco', column: true, form: false, width: 220 },
  },
});
