import { defineReport, janelaFilter, PERIODO_RULES, periodoFilter } from '../report-kit';
import { COL } from './columns';

/** Terminais: the capture devices, as the statements name them and as the register keeps them. */

/** The period's sales per terminal the operators named, with the register's name for it when it has one. */
export const terminaisVendasReport = defineReport({
  key: 'terminais-vendas',
  operation: 'gerarRelatorioTerminaisVendas',
  title: 'Vendas por terminal',
  group: 'Terminais',
  description: 'Por terminal informado nas vendas das operadoras: o nome e o vínculo cadastrados, a primeira e a última venda do período, quantas vendas e seus valores.',
  ...janelaFilter('Venda'),
  columns: [
    COL.terminal,
    { key: 'nometerminal', label: 'Nome cadastrado', kind: 'text', width: 24 },
    { key: 'vinculo', label: 'Vínculo', kind: 'text' },
    COL.operadora,
    COL.unidade,
    { key: 'primeiravenda', label: 'Primeira venda', kind: 'date' },
    { key: 'ultimavenda', label: 'Última venda', kind: 'date' },
    COL.quantidade,
    COL.valorbruto,
    COL.valortaxa,
    COL.valorliquido,
  ],
});

/** Every registered terminal and its movement in the period: the ones billed that sold nothing stand out. */
export const terminaisCadastradosReport = defineReport({
  key: 'terminais-cadastrados',
  operation: 'gerarRelatorioTerminaisCadastrados',
  title: 'Terminais cadastrados e suas vendas',
  group: 'Terminais',
  description: 'Cada terminal cadastrado dos clientes, com vínculo, operadora, se está ativo, desde quando é cobrado, e quantas vendas fez no período e quanto somam.',
  filter: { ...periodoFilter('Venda') },
  rules: PERIODO_RULES,
  columns: [
    COL.terminal,
    { key: 'nome', label: 'Nome', kind: 'text', width: 24 },
    { key: 'vinculo', label: 'Vínculo', kind: 'text' },
    { key: 'cliente', label: 'Cliente', kind: 'text', width: 28 },
    COL.operadora,
    { key: 'ativo', label: 'Ativo', kind: 'text' },
    { key: 'datainiciocobranca', label: 'Início da cobrança', kind: 'date' },
    COL.quantidade,
    COL.valorbruto,
    { key: 'ultimavenda', label: 'Última venda', kind: 'date' },
  ],
});

/** Registered terminals that sold nothing in the period: candidates to return, or to stop paying rent for. */
export const terminaisSemVendasReport = defineReport({
  key: 'terminais-sem-vendas',
  operation: 'gerarRelatorioTerminaisSemVendas',
  title: 'Terminais sem vendas no período',
  group: 'Terminais',
  description: 'Os terminais cadastrados dos clientes que não têm nenhuma venda das operadoras no período: vínculo, operadora, se está ativo, desde quando é cobrado, a última venda antes do período e quantos dias se passaram dela até o fim do período (ou até hoje, se ele termina depois).',
  filter: { ...periodoFilter('Venda') },
  rules: PERIODO_RULES,
  columns: [
    COL.terminal,
    { key: 'nome', label: 'Nome', kind: 'text', width: 24 },
    { key: 'vinculo', label: 'Vínculo', kind: 'text' },
    { key: 'cliente', label: 'Cliente', kind: 'text', width: 28 },
    COL.operadora,
    { key: 'ativo', label: 'Ativo', kind: 'text' },
    { key: 'datainiciocobranca', label: 'Início da cobrança', kind: 'date' },
    { key: 'ultimavenda', label: 'Última venda', kind: 'date' },
    { key: 'diassemvenda', label: 'Dias sem venda', kind: 'number' },
  ],
});

export const TERMINAIS_REPORTS = [
  terminaisVendasReport, terminaisCadastradosReport,
  terminaisSemVendasReport,
] as const;
