import { MSG } from '../messages';
import { defineRegister, type OptionItem } from '../register-kit/register';
import { SALE_RESULTS } from '../reconciliation';
import { TICKET_TIPO_PADRAO, TICKET_TIPOS } from './tickets';
import { pageOf, registerPage } from '../registers/register-pages';

/**
 * The ticket list screens (spec part 1 "File and ticket screens" 4 and 5) as read-only kit declarations; their
 * rows come from the server sources in apps/server/src/features/tickets/tickets.source.ts.
 */

const TIPOS: readonly OptionItem[] = Object.entries(TICKET_TIPOS).map(([valor, label]) => ({ valor, label }));
const CLIENTE: readonly string[] = ['C', 'CU'];
const RESULTADOS: readonly OptionItem[] = Object.entries(SALE_RESULTS).map(([valor, label]) => ({ valor, label }));

/** 5. Pesquisar Ticket: one side's sales of a window of at most one month (yesterday to today by default). */
export const pesquisaTicketScreen = defineRegister({
  readOnly: true,
  ...pageOf('pesquisaTicket'),
  typeName: 'TicketPesquisa',
  menuSection: 'Tickets',
  menuIcon: 'Search',
  id: 'id',
  keyFields: ['id'],
  ops: { list: 'listarTickets' },
  window: { de: 'datavenda', ate: 'datavendaate', back: 'day', maxMonths: registerPage('pesquisaTicket').maxMonths },
  buckets: { operation: 'resultadosTickets', field: 'resultado' },
  actions: [
    { key: 'ver', kind: 'open', label: 'Visualizar', icon: 'Visibility', scope: 'single', success: '', operation: '' },
    {
      key: 'analisar', kind: 'download', label: 'Analisar', icon: 'Download', scope: 'multi', operation: 'baixarAnaliseTicket',
      success: MSG.ticketImportado, partial: MSG.arquivosBaixadosParcial, failed: MSG.arquivosNaoBaixados,
    },
    {
      key: 'desconsiderar', label: 'Desconsiderar', icon: 'Block', scope: 'multi', operation: 'desconsiderarTicket',
      confirm: MSG.ticketConfirmaDesconsiderar, success: MSG.ticketProcessado, enabledWhen: { field: 'tipo', values: CLIENTE },
    },
    {
      key: 'reconsiderar', label: 'Reconsiderar', icon: 'Undo', scope: 'multi', operation: 'reconsiderarTicket',
      confirm: MSG.ticketConfirmaReconsiderar, success: MSG.ticketProcessado, enabledWhen: { field: 'resultado', values: ['desconsiderado'] },
    },
  ],
  fields: {
    id: { kind: 'text', label: 'ID', form: false },
    tipo: { kind: 'enum', label: 'Tipo', options: TIPOS, widget: 'radio', filter: 'eq', filterDefault: TICKET_TIPO_PADRAO, column: true, form: false },
    nsu: { kind: 'text', label: 'Doc/NSU', filter: 'eq', column: true, form: false },
    tid: { kind: 'text', label: 'TID', filter: true, column: true, form: false },
    autorizacao: { kind: 'text', label: 'Autorização', filter: 'eq', column: true, form: false },
    numterminal: { kind: 'text', label: 'Terminal', filter: true, column: true, form: false },
    datavenda: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true },
    datavendaate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true },
    nossonumero: { kind: 'text', label: 'Nosso Número', filter: true, column: true, form: false },
    data: { kind: 'date', label: 'Data Venda', column: true, form: false },
    unidade: { kind: 'text', label: 'Unidade', column: true, form: false },
    operadora: { kind: 'text', label: 'Operadora', column: true, form: false },
    codexterno: { kind: 'text', label: 'Cód. Cliente', column: true, form: false },
    totparcelas: { kind: 'number', label: 'Parcelas', column: true, form: false },
    valor: { kind: 'money', label: 'Valor', column: true, form: false },
    bandeira: { kind: 'text', label: 'Bandeira', column: true, form: false },
    resultado: { kind: 'enum', label: 'Resultado', options: RESULTADOS, filter: 'eq', column: true, form: false },
  },
});

/** 4. Importar Ticket: the operator's sales with no customer line, imported as customer lines (chosen or all). */
export const importacaoTicketScreen = defineRegister({
  readOnly: true,
  ...pageOf('importacaoTicket'),
  typeName: 'TicketImportacao',
  menuSection: 'Tickets',
  menuIcon: 'Description',
  id: 'id',
  keyFields: ['id'],
  ops: { list: 'listarImportacaoTickets' },
  window: { de: 'de', ate: 'ate', back: 'month', maxMonths: registerPage('importacaoTicket').maxMonths },
  actions: [
    // an import is a customer file reconciled in the background: the sale leaves the list a few seconds later
    { key: 'importar', label: 'Importar', icon: 'Download', scope: 'multi', operation: 'importarTicket', success: MSG.ticketImportado, settlesLater: true },
    {
      key: 'importarTodos', kind: 'filter', label: 'Importar Todos', icon: 'DoneAll', scope: 'none', operation: 'importarTodosTickets',
      success: MSG.ticketImportado, settlesLater: true,
    },
  ],
  fields: {
    id: { kind: 'text', label: 'ID', form: false },
    concioperadora: { kind: 'reference', label: 'Unidade Conciliadora', optionList: 'listarItensUnidadesConciliadoras', filter: 'eq', filterOnly: true, todos: true },
    terminal: { kind: 'text', label: 'Terminal', filter: 'eq', column: true, form: false },
    de: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true },
    ate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true },
    datavenda: { kind: 'date', label: 'Data Venda', column: true, form: false },
    parcela: { kind: 'number', label: 'Parcela', column: true, form: false },
    valor: { kind: 'money', label: 'Valor', column: true, form: false },
    nsu: { kind: 'text', label: 'NSU', column: true, form: false },
    tid: { kind: 'text', label: 'TID', column: true, form: false },
    autorizacao: { kind: 'text', label: 'Autorização', column: true, form: false },
    codexterno: { kind: 'text', label: 'Cód. Cliente', column: true, form: false },
  },
});

export const TICKET_SCREENS = [pesquisaTicketScreen, importacaoTicketScreen] as const;
