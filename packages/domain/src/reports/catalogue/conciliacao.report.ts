import { defineReport, janelaFilter } from '../report-kit';
import { COL } from './columns';

/**
 * Conciliação: the sales reconciliation's outcome, by result (spec: "conciliated by type"). Every sale line of either
 * side is counted once — an operator sale with its result, and the merchant's sales nothing at the operator
 * explains (only in its file, repeated in it, disregarded) — so the figures add up to what both sides reported.
 */
export const conciliacaoResumoReport = defineReport({
  key: 'conciliacao-resumo',
  operation: 'gerarRelatorioConciliacaoResumo',
  title: 'Resumo da conciliação de vendas',
  group: 'Conciliação',
  description: 'Por unidade, operadora e resultado da conciliação (conciliado, com divergência, só na operadora, só no arquivo do cliente…): quantas vendas e quanto somam.',
  ...janelaFilter('Venda'),
  columns: [
    COL.unidade,
    COL.operadora,
    { key: 'resultado', label: 'Resultado', kind: 'text', width: 30 },
    COL.quantidade,
    COL.valor,
  ],
});

/** Pairs that still differ: both sides' values side by side, and which fields differ. */
export const conciliacaoDivergenciasReport = defineReport({
  key: 'conciliacao-divergencias',
  operation: 'gerarRelatorioConciliacaoDivergencias',
  title: 'Vendas conciliadas com divergência',
  group: 'Conciliação',
  description: 'As vendas da operadora pareadas com a venda do cliente que ainda diferem em valor, data, parcelas, bandeira ou produto, com os dois lados lado a lado.',
  ...janelaFilter('Venda'),
  columns: [
    COL.datavenda,
    { key: 'datacliente', label: 'Data no cliente', kind: 'date' },
    COL.unidade,
    COL.operadora,
    COL.nsu,
    COL.autorizacao,
    { key: 'valoroperadora', label: 'Valor na operadora', kind: 'money', total: true },
    { key: 'valorcliente', label: 'Valor no cliente', kind: 'money', total: true },
    COL.diferenca,
    { key: 'parcelasoperadora', label: 'Parcelas na operadora', kind: 'number' },
    { key: 'parcelascliente', label: 'Parcelas no cliente', kind: 'number' },
    { key: 'divergencias', label: 'Divergências', kind: 'text', width: 30 },
  ],
});

/** Operator sales the merchant's files do not have: sales its system missed, or files not sent. */
export const conciliacaoSomenteOperadoraReport = defineReport({
  key: 'conciliacao-somente-operadora',
  operation: 'gerarRelatorioConciliacaoSomenteOperadora',
  title: 'Vendas somente na operadora',
  group: 'Conciliação',
  description: 'As vendas que a operadora informou e que nenhuma venda dos arquivos do cliente explica.',
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
    COL.terminal,
    COL.valorbruto,
    COL.valorliquido,
  ],
});

/** The merchant's sales no operator reported: money it may never receive. */
export const conciliacaoSomenteClienteReport = defineReport({
  key: 'conciliacao-somente-cliente',
  operation: 'gerarRelatorioConciliacaoSomenteCliente',
  title: 'Vendas somente no arquivo do cliente',
  group: 'Conciliação',
  description: 'As vendas dos arquivos do cliente que nenhuma operadora informou: dinheiro que pode não chegar.',
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
    { key: 'arquivo', label: 'Arquivo', kind: 'text', width: 36 },
    COL.valor,
  ],
});

/** How much of each day's operator sales the merchant's files explain: the reconciliation rate per day. */
export const conciliacaoIndiceDiarioReport = defineReport({
  key: 'conciliacao-indice-diario',
  operation: 'gerarRelatorioConciliacaoIndiceDiario',
  title: 'Índice de conciliação por dia',
  group: 'Conciliação',
  description: 'Por dia de venda, operadora e unidade: as vendas da operadora, quantas foram conciliadas (com ou sem divergência), quantas estão só na operadora, quantas foram canceladas ou contestadas, o percentual conciliado e o valor ainda sem par.',
  ...janelaFilter('Venda'),
  columns: [
    COL.datavenda,
    COL.operadora,
    COL.unidade,
    COL.quantidade,
    { key: 'conciliadas', label: 'Conciliadas', kind: 'number', total: true },
    { key: 'divergentes', label: 'Com divergência', kind: 'number', total: true },
    { key: 'somenteoperadora', label: 'Só na operadora', kind: 'number', total: true },
    { key: 'corrigidas', label: 'Canceladas / chargeback', kind: 'number', total: true },
    { key: 'indice', label: '% conciliado', kind: 'percent' },
    COL.valorbruto,
    { key: 'valorsempar', label: 'Valor só na operadora', kind: 'money', total: true },
  ],
});

export const CONCILIACAO_REPORTS = [
  conciliacaoResumoReport, conciliacaoDivergenciasReport, conciliacaoSomenteOperadoraReport, conciliacaoSomenteClienteReport,
  conciliacaoIndiceDiarioReport,
] as const;
