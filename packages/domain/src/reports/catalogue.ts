import { ARQUIVOS_REPORTS } from './catalogue/arquivos.report';
import { CONCILIACAO_REPORTS } from './catalogue/conciliacao.report';
import { EXTRATOS_REPORTS } from './catalogue/extratos.report';
import { MARKETPLACE_REPORTS } from './catalogue/marketplace.report';
import { RECEBIMENTOS_REPORTS } from './catalogue/recebimentos.report';
import { TAXAS_REPORTS } from './catalogue/taxas.report';
import { TERMINAIS_REPORTS } from './catalogue/terminais.report';
import { VENDAS_REPORTS } from './catalogue/vendas.report';
import type { ReportDef } from './report-kit';

export { TIPOS_REGISTRO } from './catalogue/extratos.report';

/** Every generator of the product, by group: the Relatórios screen lists them, the runner runs them. */
export const REPORTS: readonly ReportDef[] = [
  ...VENDAS_REPORTS, ...CONCILIACAO_REPORTS, ...EXTRATOS_REPORTS, ...RECEBIMENTOS_REPORTS, ...TAXAS_REPORTS, ...TERMINAIS_REPORTS,
  ...ARQUIVOS_REPORTS, ...MARKETPLACE_REPORTS,
];

export const reportByKey = (key: string): ReportDef | undefined => REPORTS.find((r) => r.key === key);
