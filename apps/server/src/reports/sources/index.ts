import type { ReportSource } from '../report-runner';
import { ARQUIVOS_SOURCES } from './arquivos.source';
import { CONCILIACAO_SOURCES } from './conciliacao.source';
import { EXTRATOS_SOURCES } from './extratos.source';
import { MARKETPLACE_SOURCES } from './marketplace.source';
import { RECEBIMENTOS_SOURCES } from './recebimentos.source';
import { TAXAS_SOURCES } from './taxas.source';
import { TERMINAIS_SOURCES } from './terminais.source';
import { VENDAS_SOURCES } from './vendas.source';

/** Each generator's SQL, keyed like its declaration (packages/domain/src/reports/catalogue); a test keeps both sets equal. */
export const REPORT_SOURCES: Record<string, ReportSource> = {
  ...VENDAS_SOURCES, ...CONCILIACAO_SOURCES, ...EXTRATOS_SOURCES, ...RECEBIMENTOS_SOURCES, ...TAXAS_SOURCES, ...TERMINAIS_SOURCES,
  ...ARQUIVOS_SOURCES, ...MARKETPLACE_SOURCES,
};
