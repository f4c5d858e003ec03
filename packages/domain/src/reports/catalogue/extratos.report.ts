import { defineReport, janelaFilter, operadoraFilter, PERIODO_RULES, periodoFilter } from '../report-kit';
import { COL } from './columns';

/**
 * The record kinds of the operators' statements (linhas_operadora.tipo, the keys of arquivos.totais), as the
 * reports name them, in the order a statement tells a sale's story.
 */
export const TIPOS_REGISTRO = {
  sale: 'Venda',
  summary: 'Resumo de lote (RO/RV)',
  installmentForecast: 'Previsão de pagamento',
  settlement: 'Pagamento',
  anticipation: 'Antecipação',
  adjustment: 'Ajuste',
  cancellation: 'Cancelamento',
  chargeback: 'Chargeback',
  pix: 'Pix',
  customerSale: 'Venda do cliente',
} as const;

/**
 * Conferência de extratos: each statement received, record kind by record kind, what the file itself adds up to
 * (arquivos.totais, counted while it was read) against the lines it left in the database. A line the file brought
 * that another file had already delivered is not loaded twice (the file's 'repetidas'): when the missing lines
 * are exactly those, the statement checks; anything else is a difference to look into.
 */
export const extratosConferenciaReport = defineReport({
  key: 'extratos-conferencia',
  operation: 'gerarRelatorioExtratosConferencia',
  title: 'Conferência de extratos',
  group: 'Extratos',
  description: 'Cada extrato recebido no período, por tipo de registro: linhas e valores que o arquivo traz contra os que foram carregados, e se conferem.',
  filter: { ...periodoFilter('Recebido'), ...operadoraFilter },
  rules: PERIODO_RULES,
  columns: [
    COL.recebidoem,
    { key: 'nomearquivo', label: 'Arquivo', kind: 'text', width: 36 },
    COL.operadora,
    COL.dono,
    { key: 'tiporegistro', label: 'Tipo de registro', kind: 'text', width: 22 },
    { key: 'linhasarquivo', label: 'Linhas no arquivo', kind: 'number', total: true },
    { key: 'linhascarregadas', label: 'Linhas carregadas', kind: 'number', total: true },
    { key: 'brutoarquivo', label: 'Bruto no arquivo', kind: 'money', total: true },
    { key: 'brutocarregado', label: 'Bruto carregado', kind: 'money', total: true },
    { key: 'liquidoarquivo', label: 'Líquido no arquivo', kind: 'money', total: true },
    { key: 'liquidocarregado', label: 'Líquido carregado', kind: 'money', total: true },
    { key: 'situacao', label: 'Situação', kind: 'text', width: 32 },
  ],
});

/** The statements' lines per day, operator, unit and record kind: the day's movement as the operators reported it. */
export const extratosMovimentoDiarioReport = defineReport({
  key: 'extratos-movimento-diario',
  operation: 'gerarRelatorioExtratosMovimentoDiario',
  title: 'Movimento diário dos extratos',
  group: 'Extratos',
  description: 'Por dia, operadora, unidade e tipo de registro (vendas, resumos, previsões, pagamentos, antecipações, ajustes…): quantas linhas e seus valores bruto, taxa e líquido.',
  ...janelaFilter('Movimento'),
  columns: [
    { key: 'data', label: 'Data', kind: 'date' },
    COL.operadora,
    COL.unidade,
    { key: 'tiporegistro', label: 'Tipo de registro', kind: 'text', width: 22 },
    // amounts of different kinds (a sale and its payment) do not add up: only the lines are totalled
    { key: 'linhas', label: 'Linhas', kind: 'number', total: true },
    { key: 'valorbruto', label: 'Valor bruto', kind: 'money' },
    { key: 'valortaxa', label: 'Taxa', kind: 'money' },
    { key: 'valorliquido', label: 'Valor líquido', kind: 'money' },
  ],
});

/** The operators' batch summaries (RO / RV): each batch as the statement closes it, with its credit date and account. */
export const extratosResumosLoteReport = defineReport({
  key: 'extratos-resumos-lote',
  operation: 'gerarRelatorioExtratosResumosLote',
  title: 'Resumos de lote (RO e RV)',
  group: 'Extratos',
  description: 'Cada resumo de lote que as operadoras enviaram no período: o lote, a bandeira e o produto, quantas vendas ele declara, os valores bruto, taxa e líquido, a data de crédito e a conta.',
  ...janelaFilter('Lote'),
  columns: [
    { key: 'data', label: 'Data do lote', kind: 'date' },
    COL.operadora,
    COL.estabelecimento,
    COL.unidade,
    { key: 'lote', label: 'Lote', kind: 'text', width: 30 },
    COL.bandeira,
    COL.produto,
    { key: 'vendas', label: 'Vendas declaradas', kind: 'number', total: true },
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
    { key: 'datacredito', label: 'Data do crédito', kind: 'date' },
    { key: 'conta', label: 'Banco / agência / conta', kind: 'text', width: 30 },
  ],
});

export const EXTRATOS_REPORTS = [
  extratosConferenciaReport, extratosMovimentoDiarioReport,
  extratosResumosLoteReport,
] as const;
