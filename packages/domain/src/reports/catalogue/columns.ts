import type { ReportColumn } from '../report-kit';

/**
 * Columns several generators show alike, declared once: the same label and format for the same fact in every report.
 */
export const COL = {
  autorizacao: { key: 'autorizacao', label: 'Autorização', kind: 'text' },
  bandeira: { key: 'bandeira', label: 'Bandeira', kind: 'text' },
  datapagamento: { key: 'datapagamento', label: 'Data do pagamento', kind: 'date' },
  dataprevista: { key: 'dataprevista', label: 'Data prevista', kind: 'date' },
  datavenda: { key: 'datavenda', label: 'Data da venda', kind: 'date' },
  diferenca: { key: 'diferenca', label: 'Diferença', kind: 'money', total: true },
  dono: { key: 'dono', label: 'De', kind: 'text' },
  estabelecimento: { key: 'estabelecimento', label: 'Estabelecimento', kind: 'text' },
  nsu: { key: 'nsu', label: 'NSU', kind: 'text' },
  operadora: { key: 'operadora', label: 'Operadora', kind: 'text' },
  parcela: { key: 'parcela', label: 'Parcela', kind: 'text' },
  parcelas: { key: 'parcelas', label: 'Parcelas', kind: 'number', total: true },
  produto: { key: 'produto', label: 'Produto', kind: 'text' },
  quantidade: { key: 'quantidade', label: 'Vendas', kind: 'number', total: true },
  recebidoem: { key: 'recebidoem', label: 'Recebido em', kind: 'date' },
  terminal: { key: 'terminal', label: 'Terminal', kind: 'text' },
  totparcelas: { key: 'totparcelas', label: 'Parcelas', kind: 'number' },
  unidade: { key: 'unidade', label: 'Unidade', kind: 'text' },
  valor: { key: 'valor', label: 'Valor', kind: 'money', total: true },
  valorbruto: { key: 'valorbruto', label: 'Valor bruto', kind: 'money', total: true },
  valorliquido: { key: 'valorliquido', label: 'Valor líquido', kind: 'money', total: true },
  valorpago: { key: 'valorpago', label: 'Valor pago', kind: 'money', total: true },
  valorprevisto: { key: 'valorprevisto', label: 'Valor previsto', kind: 'money', total: true },
  valortaxa: { key: 'valortaxa', label: 'Taxa', kind: 'money', total: true },
} as const satisfies Record<string, ReportColumn>;
