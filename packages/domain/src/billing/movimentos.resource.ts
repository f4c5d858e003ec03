import { MSG } from '../messages';
import { defineRegister } from '../register-kit/register';
import { pageOf } from '../registers/register-pages';

/**
 * Billing movements (spec part 2 §2 routes /app/fechamovimento and /app/fechamovimentoreimpressao, §2.2
 * "Closed-movement list", §3 "Billing movement", §7 listarMovimentosFechados, gerarRelatorioMovimentosFechados).
 * The rule that prices them is apps/server/src/features/billing/billing.queries.ts.
 */

/** Processado: Ambos / Não Processados / Processados (spec §2.2). */
export const PROCESSADO_OPCOES = [
  { valor: 'A', label: 'Ambos' },
  { valor: 'N', label: 'Não Processados' },
  { valor: 'P', label: 'Processados' },
] as const;

/** The Grupo Terminal filter's 'every terminal' value, as the spec's screen sends it. */
export const GRUPO_TERMINAL_TODOS = '99999999999999';

/** The closed-movement report: analytic (one row per sale) or synthetic (totals per day and terminal). */
export const RELATORIO_MOVIMENTO_TIPOS = [
  { valor: 'A', label: 'Analítico' },
  { valor: 'S', label: 'Sintético' },
] as const;
export const RELATORIO_FORMATOS = [
  { valor: 'pdf', label: 'PDF' },
  { valor: 'xlsx', label: 'Planilha (XLSX)' },
] as const;

const money = (label: string) => ({ kind: 'money', label, column: true, form: false, width: 150 }) as const;
/** A movement's amounts (spec §3 "Billing movement"), open or closed, and the service they bill. */
const VALORES = {
  valorbruto: money('Valor Bruto'),
  valorliquidoadm: money('Líquido Administradora'),
  valorliquidoterminal: money('Líquido Terminal'),
  creditos: money('Créditos'),
  debitos: money('Débitos'),
  valorservico: money('Valor do Serviço'),
} as const;

/** Each client's open period up to a day, priced as closing would price it; Fechar Movimento freezes it. */
export const movimentosAbertosScreen = defineRegister({
  readOnly: true,
  ...pageOf('movimentosAbertos'),
  typeName: 'MovimentoAberto',
  menuSection: 'Faturamento',
  menuIcon: 'LockClock',
  id: 'id',
  keyFields: ['id'],
  ops: { list: 'listarMovimentosAbertos' },
  actions: [
    {
      key: 'fechar', kind: 'row', label: MSG.movimentoFechar, icon: 'Lock', scope: 'multi', operation: 'fecharMovimento',
      confirm: MSG.movimentoFecharConfirma, success: MSG.movimentoFechado,
    },
  ],
  fields: {
    id: { kind: 'text', label: 'ID', form: false },
    ate: { kind: 'date', label: 'Movimento até', filter: 'lte', filterOnly: true },
    codpessoa: { kind: 'reference', label: 'Cliente', filter: 'eq', column: false, form: false, optionList: 'listarItensConciliadores', todos: true },
    nome: { kind: 'text', label: 'Cliente', column: true, form: false },
    filtrode: { kind: 'date', label: 'De', column: true, form: false, width: 120 },
    filtroate: { kind: 'date', label: 'Até', column: true, form: false, width: 120 },
    quantidade: { kind: 'number', label: 'Vendas', column: true, form: false, width: 100 },
    atrasadas: { kind: 'number', label: 'Vendas de períodos fechados', column: true, form: false, width: 130 },
    mensalidades: { kind: 'number', label: 'Mensalidades', column: true, form: false, width: 120 },
    ...VALORES,
  },
});

/** Closed movements: their frozen amounts, whether their invoice was processed, and their reports. */
export const movimentosFechadosScreen = defineRegister({
  readOnly: true,
  ...pageOf('movimentosFechados'),
  typeName: 'MovimentoFechado',
  menuSection: 'Faturamento',
  menuIcon: 'Inventory',
  id: 'chave',
  keyFields: ['chave'],
  ops: { list: 'listarMovimentosFechados' },
  window: { de: 'processadode', ate: 'processadoate', back: 'month' },
  actions: [{ key: 'relatorio', kind: 'open', label: MSG.movimentoRelatorio, icon: 'Summarize', scope: 'multi', operation: '', success: '' }],
  fields: {
    chave: { kind: 'text', label: 'Chave', form: false },
    processadode: { kind: 'date', label: 'Processado De', filter: 'gte', filterOnly: true },
    processadoate: { kind: 'date', label: 'Processado Até', filter: 'lte', filterOnly: true },
    grupoterminal: { kind: 'reference', label: 'Grupo Terminal', filter: 'eq', filterOnly: true, optionList: 'listarItensTerminalVinculo', todos: true },
    concioperadora: { kind: 'reference', label: 'Unidade Conciliadora', filter: 'eq', filterOnly: true, optionList: 'listarItensUnidadesConciliadoras', todos: true },
    processado: { kind: 'enum', label: 'Processado', options: PROCESSADO_OPCOES, widget: 'radio', filter: 'eq', filterOnly: true, filterDefault: 'A' },
    datainclusao: { kind: 'datetime', label: 'Fechado em', column: true, form: false, width: 160 },
    nome: { kind: 'text', label: 'Cliente', column: true, form: false },
    filtrode: { kind: 'date', label: 'De', column: true, form: false, width: 120 },
    filtroate: { kind: 'date', label: 'Até', column: true, form: false, width: 120 },
    ...VALORES,
    dataprocessado: { kind: 'datetime', label: 'Processado em', column: true, form: false, width: 160 },
  },
});

/** An invoice's state as Faturamento Movimento filters and shows it (the server's NOTA_SITUACAO). */
export const NOTA_SITUACOES = [
  { valor: 'PENDENTE', label: 'Não processada' },
  { valor: 'AUTORIZADA', label: 'Autorizada' },
  { valor: 'REJEITADA', label: 'Rejeitada' },
  { valor: 'ACEITA', label: 'Aceita sem nota' },
] as const;

const SIM_NAO = [{ valor: 'S', label: 'Sim' }, { valor: 'N', label: 'Não' }] as const;
/** a row's flag the actions read (enabledWhen), not shown */
const flag = (label: string) => ({ kind: 'enum', label, options: SIM_NAO, form: false }) as const;

/**
 * Faturamento Movimento (spec part 2 §2.2, §4 "Invoice actions", §7 listarFaturamentoMovimento, getInfoNota,
 * previsualizarNota, faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota): the closed movements and their
 * service invoices. Pré visualizar Nota (with Processar) only when every selected row can still be issued
 * (exibirlink), Reenv. email for authorized invoices, Reenv. nota and Aceitar for rejected ones.
 */
export const faturamentoMovimentoScreen = defineRegister({
  readOnly: true,
  ...pageOf('faturamentoMovimento'),
  typeName: 'FaturamentoMovimento',
  menuSection: 'Faturamento',
  menuIcon: 'RequestQuote',
  id: 'chave',
  keyFields: ['chave'],
  ops: { list: 'listarFaturamentoMovimento' },
  window: { de: 'de', ate: 'ate', back: 'month' },
  actions: [
    { key: 'visualizar', kind: 'open', label: MSG.notaVisualizar, icon: 'Visibility', scope: 'single', operation: '', success: '' },
    {
      key: 'previsualizar', kind: 'open', label: MSG.notaPreVisualizar, icon: 'Preview', scope: 'multi', operation: '', success: '',
      enabledWhen: { field: 'exibirlink', values: ['S'] },
    },
    {
      key: 'reenviarEmail', kind: 'open', label: MSG.notaReenviarEmail, icon: 'ForwardToInbox', scope: 'multi', operation: '', success: '',
      enabledWhen: { field: 'reenviaremail', values: ['S'] },
    },
    {
      key: 'reenviarNota', kind: 'open', label: MSG.notaReenviarNota, icon: 'Send', scope: 'multi', operation: '', success: '',
      enabledWhen: { field: 'reenviarnota', values: ['S'] },
    },
    {
      key: 'aceitar', kind: 'open', label: MSG.notaAceitar, icon: 'Check', scope: 'multi', operation: '', success: '',
      enabledWhen: { field: 'reenviarnota', values: ['S'] },
    },
  ],
  fields: {
    chave: { kind: 'text', label: 'Chave', form: false },
    de: { kind: 'date', label: 'Fechado De', filter: 'gte', filterOnly: true },
    ate: { kind: 'date', label: 'Fechado Até', filter: 'lte', filterOnly: true },
    codpessoa: { kind: 'reference', label: 'Cliente', filter: 'eq', filterOnly: true, optionList: 'listarItensConciliadores', todos: true },
    situacao: { kind: 'enum', label: 'Situação da Nota', options: NOTA_SITUACOES, filter: 'eq', column: true, form: false, width: 150 },
    nome: { kind: 'text', label: 'Cliente', column: true, form: false },
    filtrode: { kind: 'date', label: 'De', column: true, form: false, width: 120 },
    filtroate: { kind: 'date', label: 'Até', column: true, form: false, width: 120 },
    valorservico: money('Valor do Serviço'),
    numeronota: { kind: 'text', label: 'Número da Nota', column: true, form: false, width: 130 },
    datainclusao: { kind: 'datetime', label: 'Fechado em', column: true, form: false, width: 160 },
    dataprocessado: { kind: 'datetime', label: 'Processado em', column: true, form: false, width: 160 },
    exibirlink: flag('Pode emitir'),
    reenviaremail: flag('Reenvia e-mail'),
    reenviarnota: flag('Reenvia nota'),
  },
});

export const BILLING_SCREENS = [movimentosAbertosScreen, movimentosFechadosScreen, faturamentoMovimentoScreen] as const;
