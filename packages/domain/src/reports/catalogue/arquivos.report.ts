import { defineReport, operadoraFilter, PERIODO_RULES, periodoFilter, unidadeFilter } from '../report-kit';
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

/** The late-file alarms of the period: which establishment's statement did not arrive, and when it finally did. */
export const arquivosAlarmesReport = defineReport({
  key: 'arquivos-alarmes',
  operation: 'gerarRelatorioArquivosAlarmes',
  title: 'Alarmes de arquivo em atraso',
  group: 'Arquivos',
  description: 'Cada dia do período em que o extrato de um estabelecimento não chegou até a hora limite: quando o alarme foi aberto, se ainda está aberto, quando e por qual arquivo foi resolvido, e as horas de atraso.',
  filter: { ...periodoFilter('Dia esperado'), ...operadoraFilter, ...unidadeFilter },
  rules: PERIODO_RULES,
  columns: [
    { key: 'data', label: 'Dia esperado', kind: 'date' },
    COL.operadora,
    COL.estabelecimento,
    { key: 'nomeestabelecimento', label: 'Nome do estabelecimento', kind: 'text', width: 28 },
    COL.unidade,
    { key: 'abertoem', label: 'Aberto em', kind: 'text' },
    { key: 'situacao', label: 'Situação', kind: 'text' },
    { key: 'resolvidoem', label: 'Resolvido em', kind: 'text' },
    { key: 'nomearquivo', label: 'Arquivo que chegou', kind: 'text', width: 36 },
    { key: 'horasatraso', label: 'Horas em aberto', kind: 'number' },
  ],
});

/** Each registered establishment and its last statement: who stopped sending. */
export const arquivosUltimoRecebimentoReport = defineReport({
  key: 'arquivos-ultimo-recebimento',
  operation: 'gerarRelatorioArquivosUltimoRecebimento',
  title: 'Último arquivo por estabelecimento',
  group: 'Arquivos',
  description: 'Cada estabelecimento cadastrado: a operadora, a unidade, a situação, quantos extratos chegaram no período, o último recebido (quando e qual), há quantos dias, e os alarmes de atraso em aberto.',
  filter: { ...periodoFilter('Recebido'), ...operadoraFilter },
  rules: PERIODO_RULES,
  columns: [
    COL.operadora,
    COL.estabelecimento,
    { key: 'nomeestabelecimento', label: 'Nome do estabelecimento', kind: 'text', width: 28 },
    COL.unidade,
    { key: 'situacao', label: 'Situação', kind: 'text' },
    { key: 'arquivos', label: 'Arquivos no período', kind: 'number', total: true },
    { key: 'ultimorecebimento', label: 'Último recebido em', kind: 'date' },
    { key: 'ultimoarquivo', label: 'Último arquivo', kind: 'text', width: 36 },
    { key: 'diassemarquivo', label: 'Dias sem arquivo', kind: 'number' },
    { key: 'alarmesabertos', label: 'Alarmes em aberto', kind: 'number', total: true },
  ],
});

/** The ERP integration's deliveries (spec: 'ERP integrations'): each day's file, delivered or not, and why. */
export const arquivosIntegracoesReport = defineReport({
  key: 'arquivos-integracoes',
  operation: 'gerarRelatorioArquivosIntegracoes',
  title: 'Entregas de integração (ERP)',
  group: 'Arquivos',
  description: 'Cada arquivo de integração com o ERP do período, por dia de movimento: o agendamento (layout, protocolo), quem recebe, a situação da entrega, as tentativas, o arquivo, as linhas e a mensagem.',
  filter: { ...periodoFilter('Movimento'), ...operadoraFilter },
  rules: PERIODO_RULES,
  columns: [
    { key: 'datamovimento', label: 'Dia do movimento', kind: 'date' },
    { key: 'cliente', label: 'Cliente', kind: 'text', width: 28 },
    { key: 'layout', label: 'Layout', kind: 'text', width: 28 },
    COL.operadora,
    { key: 'protocolo', label: 'Protocolo', kind: 'text' },
    { key: 'status', label: 'Situação', kind: 'text' },
    { key: 'tentativas', label: 'Tentativas', kind: 'number' },
    { key: 'terminadoem', label: 'Terminado em', kind: 'text' },
    { key: 'arquivo', label: 'Arquivo', kind: 'text', width: 36 },
    { key: 'linhas', label: 'Linhas', kind: 'number', total: true },
    { key: 'mensagem', label: 'Mensagem', kind: 'text', width: 60 },
  ],
});

export const ARQUIVOS_REPORTS = [
  arquivosRejeitadosReport, arquivosRecebidosReport, arquivosResumoDiarioReport,
  arquivosAlarmesReport, arquivosUltimoRecebimentoReport, arquivosIntegracoesReport,
] as const;
