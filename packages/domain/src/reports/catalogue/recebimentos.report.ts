import { defineReport, janelaFilter } from '../report-kit';
import { COL } from './columns';

/**
 * Recebimentos: what each sale's installments should pay and what became of them (the payment reconciliation's
 * stored results, pagamentos_previstos; vocabulary PAYMENT_RESULTS).
 */

/** The receivables calendar: installments still to come, per expected date. */
export const recebimentosAgendaReport = defineReport({
  key: 'recebimentos-agenda',
  operation: 'gerarRelatorioRecebimentosAgenda',
  title: 'Agenda de recebimentos',
  group: 'Recebimentos',
  description: 'Por data prevista, operadora e unidade: as parcelas ainda a vencer e quanto devem creditar (as vencidas e não pagas estão em Recebimentos em atraso).',
  ...janelaFilter('Previsto'),
  columns: [
    COL.dataprevista,
    COL.operadora,
    COL.unidade,
    COL.parcelas,
    { key: 'valorbruto', label: 'Valor bruto previsto', kind: 'money', total: true },
    { key: 'valorliquido', label: 'Valor líquido previsto', kind: 'money', total: true },
  ],
});

/** What the operators credited, per payment date: expected against paid, and how much of it came early. */
export const recebimentosRealizadosReport = defineReport({
  key: 'recebimentos-realizados',
  operation: 'gerarRelatorioRecebimentosRealizados',
  title: 'Recebimentos realizados',
  group: 'Recebimentos',
  description: 'Por data de pagamento, operadora e unidade: as parcelas pagas, o valor previsto, o pago e a diferença, e quanto veio por antecipação e a que custo.',
  ...janelaFilter('Pagamento'),
  columns: [
    COL.datapagamento,
    COL.operadora,
    COL.unidade,
    COL.parcelas,
    COL.valorprevisto,
    COL.valorpago,
    COL.diferenca,
    { key: 'valorantecipado', label: 'Antecipado', kind: 'money', total: true },
    { key: 'custoantecipacao', label: 'Custo da antecipação', kind: 'money', total: true },
  ],
});

/** Installments that did not arrive on their date: still open, or paid late, with how many days. */
export const recebimentosAtrasadosReport = defineReport({
  key: 'recebimentos-atrasados',
  operation: 'gerarRelatorioRecebimentosAtrasados',
  title: 'Recebimentos em atraso',
  group: 'Recebimentos',
  description: 'As parcelas com data prevista no período que não foram pagas até hoje ou foram pagas depois da data, com os dias de atraso.',
  ...janelaFilter('Previsto'),
  columns: [
    COL.dataprevista,
    COL.datapagamento,
    { key: 'diasatraso', label: 'Dias de atraso', kind: 'number' },
    { key: 'situacao', label: 'Situação', kind: 'text', width: 18 },
    COL.operadora,
    COL.unidade,
    COL.estabelecimento,
    COL.datavenda,
    COL.nsu,
    COL.parcela,
    COL.valorprevisto,
    COL.valorpago,
  ],
});

/** Installments the operator paid with an amount other than expected. */
export const recebimentosValorDiferenteReport = defineReport({
  key: 'recebimentos-valor-diferente',
  operation: 'gerarRelatorioRecebimentosValorDiferente',
  title: 'Pagamentos com valor diferente',
  group: 'Recebimentos',
  description: 'As parcelas pagas no período com valor diferente do previsto: o previsto, o pago e a diferença.',
  ...janelaFilter('Pagamento'),
  columns: [
    COL.datapagamento,
    COL.dataprevista,
    COL.operadora,
    COL.unidade,
    COL.estabelecimento,
    COL.datavenda,
    COL.nsu,
    COL.parcela,
    COL.valorprevisto,
    COL.valorpago,
    COL.diferenca,
  ],
});

/** Installments paid before their date by an anticipation, and what it cost. */
export const recebimentosAntecipadosReport = defineReport({
  key: 'recebimentos-antecipados',
  operation: 'gerarRelatorioRecebimentosAntecipados',
  title: 'Recebimentos antecipados',
  group: 'Recebimentos',
  description: 'As parcelas recebidas por antecipação no período: a data original, quantos dias antes, o valor previsto, o recebido e o custo da antecipação.',
  ...janelaFilter('Antecipação'),
  columns: [
    { key: 'datapagamento', label: 'Data da antecipação', kind: 'date' },
    { key: 'dataprevista', label: 'Data original', kind: 'date' },
    { key: 'diasantecipados', label: 'Dias antecipados', kind: 'number' },
    COL.operadora,
    COL.unidade,
    COL.estabelecimento,
    COL.datavenda,
    COL.nsu,
    COL.parcela,
    COL.valorprevisto,
    { key: 'valorpago', label: 'Valor recebido', kind: 'money', total: true },
    { key: 'custoantecipacao', label: 'Custo da antecipação', kind: 'money', total: true },
  ],
});

/** What cancellations, chargebacks and other adjustments took back, by the operator's reason. */
export const recebimentosAjustesReport = defineReport({
  key: 'recebimentos-ajustes',
  operation: 'gerarRelatorioRecebimentosAjustes',
  title: 'Ajustes por motivo',
  group: 'Recebimentos',
  description: 'Os cancelamentos, chargebacks e ajustes lançados no período, por operadora, unidade e motivo informado: quantas vendas e parcelas atingiram e o valor previsto que deixou de ser devido.',
  ...janelaFilter('Ajuste'),
  columns: [
    COL.operadora,
    COL.unidade,
    { key: 'tipoajuste', label: 'Tipo de ajuste', kind: 'text' },
    { key: 'codmotivo', label: 'Código do motivo', kind: 'text' },
    { key: 'motivo', label: 'Motivo', kind: 'text', width: 36 },
    { key: 'vendas', label: 'Vendas', kind: 'number', total: true },
    COL.parcelas,
    { key: 'valorprevisto', label: 'Valor previsto ajustado', kind: 'money', total: true },
  ],
});

/** The receivables calendar by month: what each operator still owes each unit, month by month. */
export const recebimentosAgendaMensalReport = defineReport({
  key: 'recebimentos-agenda-mensal',
  operation: 'gerarRelatorioRecebimentosAgendaMensal',
  title: 'Agenda de recebimentos por mês',
  group: 'Recebimentos',
  description: 'Por mês previsto, operadora e unidade: as parcelas ainda a vencer e quanto devem creditar, bruto e líquido (o fluxo de caixa de cartões dos próximos meses).',
  ...janelaFilter('Previsto'),
  columns: [
    { key: 'mes', label: 'Mês', kind: 'text' },
    COL.operadora,
    COL.unidade,
    COL.parcelas,
    { key: 'valorbruto', label: 'Valor bruto previsto', kind: 'money', total: true },
    { key: 'valorliquido', label: 'Valor líquido previsto', kind: 'money', total: true },
  ],
});

/** What is overdue, by how long: the open installments past their date in age brackets. */
export const recebimentosAtrasoFaixasReport = defineReport({
  key: 'recebimentos-atraso-faixas',
  operation: 'gerarRelatorioRecebimentosAtrasoFaixas',
  title: 'Recebimentos em aberto por faixa de atraso',
  group: 'Recebimentos',
  description: 'Por operadora e unidade: as parcelas com data prevista no período ainda não pagas até hoje, o valor em aberto por faixa de dias de atraso (até 7, 8 a 15, 16 a 30, 31 a 60, mais de 60) e a data prevista mais antiga.',
  ...janelaFilter('Previsto'),
  columns: [
    COL.operadora,
    COL.unidade,
    COL.parcelas,
    { key: 'ate7', label: 'Até 7 dias', kind: 'money', total: true },
    { key: 'ate15', label: '8 a 15 dias', kind: 'money', total: true },
    { key: 'ate30', label: '16 a 30 dias', kind: 'money', total: true },
    { key: 'ate60', label: '31 a 60 dias', kind: 'money', total: true },
    { key: 'mais60', label: 'Mais de 60 dias', kind: 'money', total: true },
    { key: 'valoremaberto', label: 'Total em aberto', kind: 'money', total: true },
    { key: 'maisantiga', label: 'Prevista mais antiga', kind: 'date' },
  ],
});

/** Expected against received, per month of the expected date: how each month's receivables ended. */
export const recebimentosPrevistoRealizadoReport = defineReport({
  key: 'recebimentos-previsto-realizado',
  operation: 'gerarRelatorioRecebimentosPrevistoRealizado',
  title: 'Recebimentos previstos x realizados por mês',
  group: 'Recebimentos',
  description: 'Por mês da data prevista, operadora e unidade: o valor previsto das parcelas, quanto foi recebido (no prazo, com atraso ou antecipado), quanto está em aberto, a vencer ou foi ajustado, e o percentual recebido.',
  ...janelaFilter('Previsto'),
  columns: [
    { key: 'mes', label: 'Mês', kind: 'text' },
    COL.operadora,
    COL.unidade,
    COL.parcelas,
    COL.valorprevisto,
    { key: 'valorrecebido', label: 'Recebido', kind: 'money', total: true },
    { key: 'valoremaberto', label: 'Em aberto', kind: 'money', total: true },
    { key: 'valoravencer', label: 'A vencer', kind: 'money', total: true },
    { key: 'valorajustado', label: 'Ajustado', kind: 'money', total: true },
    { key: 'percentualrecebido', label: '% recebido', kind: 'percent' },
  ],
});

/** Where the operators say they will credit: the batches' bank accounts, per credit date. */
export const recebimentosDomicilioBancarioReport = defineReport({
  key: 'recebimentos-domicilio-bancario',
  operation: 'gerarRelatorioRecebimentosDomicilioBancario',
  title: 'Créditos por domicílio bancário',
  group: 'Recebimentos',
  description: 'Por data de crédito, operadora, unidade e conta (banco, agência e conta informados nos resumos de lote): quantos resumos e os valores bruto, taxa e líquido a creditar.',
  ...janelaFilter('Crédito'),
  columns: [
    { key: 'datacredito', label: 'Data do crédito', kind: 'date' },
    COL.operadora,
    COL.unidade,
    { key: 'banco', label: 'Banco', kind: 'text' },
    { key: 'agencia', label: 'Agência', kind: 'text' },
    { key: 'conta', label: 'Conta', kind: 'text', width: 24 },
    { key: 'resumos', label: 'Resumos', kind: 'number', total: true },
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
  ],
});

export const RECEBIMENTOS_REPORTS = [
  recebimentosAgendaReport, recebimentosRealizadosReport, recebimentosAtrasadosReport, recebimentosValorDiferenteReport,
  recebimentosAntecipadosReport, recebimentosAjustesReport,
  recebimentosAgendaMensalReport, recebimentosAtrasoFaixasReport, recebimentosPrevistoRealizadoReport, recebimentosDomicilioBancarioReport,
] as const;
