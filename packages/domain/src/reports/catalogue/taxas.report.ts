import { defineReport, janelaFilter } from '../report-kit';
import { COL } from './columns';

/** Taxas: the fee audit (auditoria_taxas) and the advance-payment cost, against what the contracts give. */

/** Each sale's fee, charged against contracted. */
export const taxasAuditoriaReport = defineReport({
  key: 'taxas-auditoria',
  operation: 'gerarRelatorioTaxasAuditoria',
  title: 'Taxas cobradas x contratadas',
  group: 'Taxas',
  description: 'Cada venda do período com a taxa que a operadora cobrou e a que o contrato dá, em reais e em percentual do valor bruto, a diferença e a situação.',
  ...janelaFilter('Venda'),
  columns: [
    COL.datavenda,
    COL.unidade,
    COL.operadora,
    COL.estabelecimento,
    COL.nsu,
    COL.produto,
    { key: 'parcelas', label: 'Parcelas', kind: 'number' },
    COL.valorbruto,
    { key: 'taxacobrada', label: 'Taxa cobrada', kind: 'money', total: true },
    { key: 'percentualcobrado', label: '% cobrado', kind: 'percent' },
    { key: 'taxacontratada', label: 'Taxa contratada', kind: 'money', total: true },
    { key: 'percentualcontratado', label: '% contratado', kind: 'percent' },
    COL.diferenca,
    { key: 'situacao', label: 'Situação', kind: 'text', width: 20 },
  ],
});

/** What the merchant can claim back: fees charged above the contract, per month, operator and unit. */
export const taxasARecuperarReport = defineReport({
  key: 'taxas-a-recuperar',
  operation: 'gerarRelatorioTaxasARecuperar',
  title: 'Taxas a recuperar por operadora',
  group: 'Taxas',
  description: 'Por mês, operadora e unidade: o que foi cobrado acima do contrato nas vendas e nas antecipações, o valor que pode ser pedido de volta.',
  ...janelaFilter('Venda'),
  columns: [
    { key: 'mes', label: 'Mês', kind: 'text' },
    COL.operadora,
    COL.unidade,
    { key: 'vendas', label: 'Vendas cobradas a mais', kind: 'number', total: true },
    { key: 'valorvendas', label: 'Cobrado a mais em vendas', kind: 'money', total: true },
    { key: 'antecipacoes', label: 'Antecipações cobradas a mais', kind: 'number', total: true },
    { key: 'valorantecipacoes', label: 'Cobrado a mais em antecipações', kind: 'money', total: true },
    { key: 'total', label: 'Total a recuperar', kind: 'money', total: true },
  ],
});

/** Each anticipation's cost against the contracted advance-payment rate (Taxas de Antecipação). */
export const taxasAntecipacaoReport = defineReport({
  key: 'taxas-antecipacao',
  operation: 'gerarRelatorioTaxasAntecipacao',
  title: 'Custo de antecipação cobrado x contratado',
  group: 'Taxas',
  description: 'Cada antecipação do período: quantos dias antes, o valor antecipado, a taxa de antecipação em vigor, o custo cobrado, o contratado e a diferença.',
  ...janelaFilter('Antecipação'),
  columns: [
    { key: 'data', label: 'Data da antecipação', kind: 'date' },
    { key: 'dataprevista', label: 'Data original', kind: 'date' },
    { key: 'dias', label: 'Dias antecipados', kind: 'number' },
    COL.operadora,
    COL.unidade,
    COL.estabelecimento,
    { key: 'valorbruto', label: 'Valor antecipado', kind: 'money', total: true },
    { key: 'taxa', label: 'Taxa ao mês', kind: 'percent' },
    { key: 'taxacobrada', label: 'Custo cobrado', kind: 'money', total: true },
    { key: 'taxacontratada', label: 'Custo contratado', kind: 'money', total: true },
    COL.diferenca,
    { key: 'situacao', label: 'Situação', kind: 'text', width: 20 },
  ],
});

/** The effective fee per operator, product and installments, against the contract's: where the fees go off. */
export const taxasEfetivasReport = defineReport({
  key: 'taxas-efetivas',
  operation: 'gerarRelatorioTaxasEfetivas',
  title: 'Taxas efetivas x contratadas por produto',
  group: 'Taxas',
  description: 'Por operadora, produto e número de parcelas: as vendas auditadas, o bruto, a taxa cobrada e a contratada em reais e em percentual do bruto, e a diferença (as vendas sem taxa cadastrada ficam fora do contratado).',
  ...janelaFilter('Venda'),
  columns: [
    COL.operadora,
    COL.produto,
    { key: 'parcelas', label: 'Parcelas', kind: 'number' },
    COL.quantidade,
    COL.valorbruto,
    { key: 'taxacobrada', label: 'Taxa cobrada', kind: 'money', total: true },
    { key: 'percentualcobrado', label: '% efetivo', kind: 'percent' },
    { key: 'taxacontratada', label: 'Taxa contratada', kind: 'money', total: true },
    { key: 'percentualcontratado', label: '% contratado', kind: 'percent' },
    COL.diferenca,
  ],
});

/** What card acceptance cost per month: the sales' fees and the anticipations' cost. */
export const taxasCustoMensalReport = defineReport({
  key: 'taxas-custo-mensal',
  operation: 'gerarRelatorioTaxasCustoMensal',
  title: 'Custo de taxas por mês',
  group: 'Taxas',
  description: 'Por mês, operadora e unidade: o bruto vendido, as taxas das vendas do mês, o custo das antecipações feitas no mês, o custo total e quanto ele representa do bruto.',
  ...janelaFilter('Mês'),
  columns: [
    { key: 'mes', label: 'Mês', kind: 'text' },
    COL.operadora,
    COL.unidade,
    COL.valorbruto,
    { key: 'taxavendas', label: 'Taxas das vendas', kind: 'money', total: true },
    { key: 'custoantecipacao', label: 'Custo de antecipação', kind: 'money', total: true },
    { key: 'custototal', label: 'Custo total', kind: 'money', total: true },
    { key: 'percentual', label: '% do bruto', kind: 'percent' },
  ],
});

export const TAXAS_REPORTS = [
  taxasAuditoriaReport, taxasARecuperarReport, taxasAntecipacaoReport,
  taxasEfetivasReport, taxasCustoMensalReport,
] as const;
