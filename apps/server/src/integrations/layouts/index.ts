import type { IntegracaoTipo } from '@concilia/domain';
import { ajustesLayout } from './ajustes.layout';
import type { Layout } from './layout-types';
import { movimentoCsvLayout } from './movimento-csv.layout';
import { softExpressLayout } from './softexpress.layout';
import { totvsProtheusLayout } from './totvs-protheus.layout';

/** Every layout a schedule may name (INTEGRACAO_TIPOS), by its tipo. */
export const LAYOUTS: Record<IntegracaoTipo, Layout> = {
  TOTVS_PROTHEUS: totvsProtheusLayout,
  AJUSTES: ajustesLayout,
  MOVIMENTO_CSV: movimentoCsvLayout,
  SOFTEXPRESS: softExpressLayout,
};

export type { Layout, LayoutInput, LayoutOutput, LinhaMovimento } from './layout-types';
