import { defineReport, janelaFilter } from '../report-kit';
import { COL } from './columns';

/** Sales as the operators reported them, line by line. */
export const vendasOperadoraReport = defineReport({
  key: 'vendas-operadora',
  operation: 'gerarRelatorioVendasOperadora',
  title: 'Vendas informadas pelas operadoras',
  group: 'Vendas',
  description: 'Cada venda que as operadoras informaram no período, com bandeira, produto, parcelas e valores bruto, taxa e líquido.',
  ...janelaFilter('Venda'),
  columns: [
    COL.datavenda,
    COL.operadora,
    COL.estabelecimento,
    COL.unidade,
    COL.bandeira,
    COL.produto,
    COL.totparcelas,
    COL.nsu,
    COL.autorizacao,
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
  ],
});

/** The merchant's own sales (its sales files, tickets typed or imported), each with its reconciliation result. */
export const vendasClienteReport = defineReport({
  key: 'vendas-cliente',
  operation: 'gerarRelatorioVendasCliente',
  title: 'Vendas informadas pelo cliente',
  group: 'Vendas',
  description: 'Cada venda dos arquivos de vendas do próprio cliente no período, com o resultado da conciliação com a operadora.',
  ...janelaFilter('Venda'),
  columns: [
    COL.datavenda,
    COL.unidade,
    COL.operadora,
    COL.bandeira,
    COL.produto,
    COL.totparcelas,
    COL.nsu,
    COL.autorizacao,
    COL.terminal,
    COL.valor,
    { key: 'resultado', label: 'Resultado', kind: 'text', width: 28 },
  ],
});

/** A day's sales per operator and unit: what the finance team books as the day's card revenue. */
export const vendasResumoDiarioReport = defineReport({
  key: 'vendas-resumo-diario',
  operation: 'gerarRelatorioVendasResumoDiario',
  title: 'Resumo diário de vendas',
  group: 'Vendas',
  description: 'Por dia, operadora e unidade: quantas vendas, o valor bruto, as taxas, o líquido e a taxa média cobrada.',
  ...janelaFilter('Venda'),
  columns: [
    COL.datavenda,
    COL.operadora,
    COL.unidade,
    COL.quantidade,
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
    { key: 'taxamedia', label: 'Taxa média', kind: 'percent' },
  ],
});

/** The period's sales per operator, brand and product: where the revenue and the fees come from. */
export const vendasBandeiraProdutoReport = defineReport({
  key: 'vendas-bandeira-produto',
  operation: 'gerarRelatorioVendasBandeiraProduto',
  title: 'Vendas por bandeira e produto',
  group: 'Vendas',
  description: 'Por operadora, bandeira e produto: quantas vendas, os valores bruto, taxa e líquido, o ticket médio e a taxa média cobrada.',
  ...janelaFilter('Venda'),
  columns: [
    COL.operadora,
    COL.bandeira,
    COL.produto,
    COL.quantidade,
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
    { key: 'ticketmedio', label: 'Ticket médio', kind: 'money' },
    { key: 'taxamedia', label: 'Taxa média', kind: 'percent' },
  ],
});

/** The corrections the operators posted: each cancellation, chargeback or adjustment line, with the sale it names. */
export const vendasCanceladasReport = defineReport({
  key: 'vendas-canceladas',
  operation: 'gerarRelatorioVendasCanceladas',
  title: 'Vendas canceladas e chargebacks',
  group: 'Vendas',
  description: 'Cada cancelamento, chargeback ou ajuste que as operadoras lançaram no período, com a venda que ele atinge (data, NSU), o motivo informado e os valores estornados.',
  ...janelaFilter('Lançamento'),
  columns: [
    { key: 'data', label: 'Data do lançamento', kind: 'date' },
    { key: 'tipo', label: 'Tipo', kind: 'text' },
    COL.operadora,
    COL.estabelecimento,
    COL.unidade,
    COL.datavenda,
    COL.nsu,
    COL.autorizacao,
    { key: 'codmotivo', label: 'Código do motivo', kind: 'text' },
    { key: 'motivo', label: 'Motivo', kind: 'text', width: 36 },
    COL.valorbruto,
    COL.valorliquido,
  ],
});

/** The period's sales by number of installments: how much of the revenue is sold in installments, and at what fee. */
export const vendasParcelamentoReport = defineReport({
  key: 'vendas-parcelamento',
  operation: 'gerarRelatorioVendasParcelamento',
  title: 'Vendas por número de parcelas',
  group: 'Vendas',
  description: 'Por operadora e número de parcelas (à vista, 2x, 3x…): quantas vendas, os valores bruto, taxa e líquido, o ticket médio, a taxa média e a parte do bruto da operadora.',
  ...janelaFilter('Venda'),
  columns: [
    COL.operadora,
    { key: 'modalidade', label: 'Parcelamento', kind: 'text' },
    COL.quantidade,
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
    { key: 'ticketmedio', label: 'Ticket médio', kind: 'money' },
    { key: 'taxamedia', label: 'Taxa média', kind: 'percent' },
    { key: 'participacao', label: '% do bruto da operadora', kind: 'percent' },
  ],
});

/** A month's sales per unit: the card revenue a finance team closes the month with. */
export const vendasMensalUnidadeReport = defineReport({
  key: 'vendas-mensal-unidade',
  operation: 'gerarRelatorioVendasMensalUnidade',
  title: 'Vendas por mês e unidade',
  group: 'Vendas',
  description: 'Por mês, unidade e operadora: quantas vendas, os valores bruto, taxa e líquido, o ticket médio e a taxa média cobrada.',
  ...janelaFilter('Venda'),
  columns: [
    { key: 'mes', label: 'Mês', kind: 'text' },
    COL.unidade,
    COL.operadora,
    COL.quantidade,
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
    { key: 'ticketmedio', label: 'Ticket médio', kind: 'money' },
    { key: 'taxamedia', label: 'Taxa média', kind: 'percent' },
  ],
});

/** The period's sales by hour of the day (the operator's time of the sale), per unit. */
export const vendasPorHoraReport = defineReport({
  key: 'vendas-por-hora',
  operation: 'gerarRelatorioVendasPorHora',
  title: 'Vendas por faixa horária',
  group: 'Vendas',
  description: 'Por unidade e hora do dia em que a venda foi feita (00h a 23h): quantas vendas, o valor bruto e o ticket médio; as vendas sem hora informada ficam numa linha própria.',
  ...janelaFilter('Venda'),
  columns: [
    COL.unidade,
    { key: 'faixa', label: 'Faixa horária', kind: 'text' },
    COL.quantidade,
    COL.valorbruto,
    { key: 'ticketmedio', label: 'Ticket médio', kind: 'money' },
  ],
});

export const VENDAS_REPORTS = [
  vendasOperadoraReport, vendasClienteReport, vendasResumoDiarioReport, vendasBandeiraProdutoReport,
  vendasCanceladasReport, vendasParcelamentoReport, vendasMensalUnidadeReport, vendasPorHoraReport,
] as const;
