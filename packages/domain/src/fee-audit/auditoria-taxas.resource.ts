import { MSG } from '../messages';
import { defineRegister, type OptionItem } from '../register-kit/register';
import { pageOf, registerPage } from '../registers/register-pages';

/**
 * Auditoria de Taxas (issue 16, "the audit people act on"): per operator sale, the fee charged against the fee
 * of the contracted rate, in R$ and in % of the gross, and the rate that applied; result cards per situation
 * with their totals, and a spreadsheet (the file a merchant sends the operator to claim the money back). A
 * read-only list screen over the fee audit (apps/server/src/features/fee-audit/auditoria-taxas.source.ts).
 */

/** What the audit concluded of a sale (auditoria_taxas.situacao). */
export const SITUACOES_AUDITORIA: readonly OptionItem[] = [
  { valor: 'divergente', label: 'Divergente' },
  { valor: 'ok', label: 'Conforme o contrato' },
  { valor: 'nao_cadastrada', label: 'Taxa não cadastrada' },
  { valor: 'derivada', label: 'Taxa derivada' },
];

export const auditoriaTaxasScreen = defineRegister({
  readOnly: true,
  ...pageOf('auditoriaTaxas'),
  typeName: 'AuditoriaTaxa',
  menuSection: 'Conciliação',
  menuIcon: 'Assessment',
  id: 'codlinha',
  keyFields: ['codlinha'],
  ops: { list: 'listarAuditoriaTaxas' },
  window: { de: 'de', ate: 'ate', back: 'month', maxMonths: registerPage('auditoriaTaxas').maxMonths },
  buckets: { operation: 'resultadosAuditoriaTaxas', field: 'situacao' },
  actions: [
    { key: 'planilha', kind: 'export', label: 'Exportar Planilha', icon: 'Download', scope: 'none', operation: 'exportarAuditoriaTaxas', success: MSG.planilhaGerada },
  ],
  // the amounts the user acts on come first and fit at 1366 px; the sale's identity follows
  fields: {
    codlinha: { kind: 'number', label: 'Linha', form: false },
    de: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true },
    ate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true },
    codpessoa: { kind: 'reference', label: 'Unidade', filter: 'eq', filterOnly: true, optionList: 'listarItensUnidadesConciliadoras', todos: true },
    datavenda: { kind: 'date', label: 'Data Venda', column: true, form: false, width: 120 },
    unidade: { kind: 'text', label: 'Unidade', column: true, form: false },
    codoperadora: { kind: 'reference', label: 'Operadora', column: true, filter: 'eq', form: false, optionList: 'listarOperadoras', todos: true, width: 130 },
    valorbruto: { kind: 'money', label: 'Valor Bruto', column: true, form: false, width: 140 },
    taxacobrada: { kind: 'money', label: 'Taxa Cobrada', column: true, form: false, width: 140 },
    percentualcobrado: { kind: 'percent', label: 'Cobrada %', column: true, form: false, width: 120 },
    taxacontratada: { kind: 'money', label: 'Taxa Contratada', column: true, form: false, width: 150 },
    percentualcontratado: { kind: 'percent', label: 'Contratada %', column: true, form: false, width: 130 },
    diferenca: { kind: 'money', label: 'Diferença', column: true, form: false, width: 130 },
    situacao: { kind: 'enum', label: 'Situação', options: SITUACOES_AUDITORIA, filter: 'eq', column: true, form: false, width: 170 },
    produto: { kind: 'text', label: 'Produto', column: true, form: false },
    parcelas: { kind: 'number', label: 'Parcelas', column: true, form: false, width: 100 },
    nsu: { kind: 'text', label: 'NSU', column: true, form: false, width: 120 },
    estabelecimento: { kind: 'text', label: 'Estabelecimento', column: true, form: false, width: 150 },
    regra: { kind: 'text', label: 'Taxa aplicada', column: true, form: false, width: 320 },
  },
});
