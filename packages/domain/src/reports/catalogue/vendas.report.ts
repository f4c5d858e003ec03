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

export const VENDAS_REPORTS = [vendasOperadoraReport, vendasClienteReport, vendasResumoDiarioReport, vendasBandeiraProdutoReport] as const;
