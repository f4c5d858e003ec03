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

export const RECEBIMENTOS_REPORTS = [
  recebimentosAgendaReport, recebimentosRealizadosReport, recebimentosAtrasadosReport, recebimentosValorDiferenteReport,
  recebimentosAntecipadosReport, recebimentosAjustesReport,
] as const;
