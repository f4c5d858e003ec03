import { defineReport, operadoraFilter, PERIODO_RULES, periodoFilter } from '../report-kit';
import { COL } from './columns';

/** Files that could not be read, with the located message of why (spec: 'rejected'). */
export const arquivosRejeitadosReport = defineReport({
  key: 'arquivos-rejeitados',
  operation: 'gerarRelatorioArquivosRejeitados',
  title: 'Arquivos rejeitados',
  group: 'Arquivos',
  description: 'Os arquivos recebidos no período que terminaram em erro, com a mensagem que diz onde e por quê.',
  filter: { ...periodoFilter('Recebido'), ...operadoraFilter },
  rules: PERIODO_RULES,
  columns: [
    COL.recebidoem,
    { key: 'nomearquivo', label: 'Arquivo', kind: 'text' },
    COL.operadora,
    COL.dono,
    { key: 'origem', label: 'Origem', kind: 'text' },
    { key: 'mensagem', label: 'Mensagem', kind: 'text', width: 60 },
  ],
});

/** Every file received, whatever became of it: the delivery log of the period. */
export const arquivosRecebidosReport = defineReport({
  key: 'arquivos-recebidos',
  operation: 'gerarRelatorioArquivosRecebidos',
  title: 'Arquivos recebidos',
  group: 'Arquivos',
  description: 'Cada arquivo recebido no período: de onde veio, a data que traz, a situação, quantas linhas carregou, quantas já tinham chegado em outro arquivo e os avisos.',
  filter: { ...periodoFilter('Recebido'), ...operadoraFilter },
  rules: PERIODO_RULES,
  columns: [
    COL.recebidoem,
    { key: 'hora', label: 'Hora', kind: 'text' },
    { key: 'nomearquivo', label: 'Arquivo', kind: 'text', width: 36 },
    COL.operadora,
    COL.dono,
    { key: 'origem', label: 'Origem', kind: 'text' },
    { key: 'dataenvio', label: 'Data do arquivo', kind: 'date' },
    { key: 'status', label: 'Situação', kind: 'text', width: 20 },
    { key: 'linhas', label: 'Linhas carregadas', kind: 'number', total: true },
    { key: 'repetidas', label: 'Linhas já recebidas', kind: 'number', total: true },
    { key: 'avisos', label: 'Avisos', kind: 'number', total: true },
    { key: 'mensagem', label: 'Mensagem', kind: 'text', width: 60 },
  ],
});

/** Files per day and operator: did every operator deliver, and how did the loads end. */
export const arquivosResumoDiarioReport = defineReport({
  key: 'arquivos-resumo-diario',
  operation: 'gerarRelatorioArquivosResumoDiario',
  title: 'Arquivos recebidos por dia e operadora',
  group: 'Arquivos',
  description: 'Por dia de recebimento e operadora: quantos arquivos chegaram, quantos foram processados, com avisos, com erro ou ainda aguardam, e as linhas carregadas.',
  filter: { ...periodoFilter('Recebido'), ...operadoraFilter },
  rules: PERIODO_RULES,
  columns: [
    COL.recebidoem,
    COL.operadora,
    { key: 'arquivos', label: 'Arquivos', kind: 'number', total: true },
    { key: 'processados', label: 'Processados', kind: 'number', total: true },
    { key: 'comavisos', label: 'Com avisos', kind: 'number', total: true },
    { key: 'comerro', label: 'Com erro', kind: 'number', total: true },
    { key: 'aguardando', label: 'Aguardando', kind: 'number', total: true },
    { key: 'linhas', label: 'Linhas carregadas', kind: 'number', total: true },
    { key: 'repetidas', label: 'Linhas já recebidas', kind: 'number', total: true },
  ],
});

export const ARQUIVOS_REPORTS = [arquivosRejeitadosReport, arquivosRecebidosReport, arquivosResumoDiarioReport] as const;
