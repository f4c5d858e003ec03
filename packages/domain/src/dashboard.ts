import type { DashboardFilter } from './dashboard.schema';
import { addMonths } from './dates';

/**
 * The dashboard's record kinds, opening filter and answer (spec part 1 §3 "Dashboard"), apart from the zod schema
 * of its filter (dashboard.schema.ts): the dashboard page reads these before it loads any form.
 */
export const DASHBOARD_REGISTROS = ['VENDA', 'PAGAMENTO'] as const;
export type DashboardRegistro = (typeof DASHBOARD_REGISTROS)[number];

/** The screen opens on the last month up to today, sales (spec part 1 "Dashboard": VENDA by default). */
export function defaultDashboardFilter(hoje: string): DashboardFilter {
  return { empresa: null, registro: 'VENDA', de: addMonths(hoje, -1), ate: hoje };
}

/** Product kinds of the "by type" pie, as the summaries carry them; '' when neither code nor name tells. */
export const DASHBOARD_TIPOS: Record<string, string> = {
  CREDITO: 'Crédito', DEBITO: 'Débito', VOUCHER: 'Voucher', PIX: 'Pix', '': 'Outros',
};

/**
 * What getDashBoard answers (spec part 1 §3 "Dashboard result", plus the key figures). Amounts are integer
 * centavos on the wire (pie y, day and hour series, average ticket, key figures); rates are percentages
 * with two decimals. Categories: days 'YYYY-MM-DD', hours '00'..'23', operators by name.
 */
export type DashboardPie = { name: string; y: number; sliced: boolean; selected: boolean };
export type DashboardSerie = { name: string; data: number[] };
export type DashboardIndicadores = {
  quantidade: number;
  bruto: number;
  liquido: number;
  taxa: number;
  /** fees over gross, percent */
  taxaPercentual: number;
  /** sales reconciled with the merchant's file over all sales, percent */
  conciliadoPercentual: number;
  /** fees charged above the contracted rates (fee audit) */
  cobradoAMais: number;
  /** expected payments whose date passed unpaid */
  emAtraso: number;
  parcelasEmAtraso: number;
  /** settlements the bank check found missing from the bank (conferência bancária, NAO_CREDITADO) */
  naoCreditado: number;
};
export type DashboardResult = {
  seriesVendaOperadora: DashboardPie[];
  seriesVendaTipo: DashboardPie[];
  categoriaVendaDia: string[];
  seriesVendaDia: number[];
  categoriaVendaHora: string[];
  seriesVendaHora: number[];
  seriesTicketMedio: DashboardPie[];
  categoriaTaxaMedia: string[];
  seriesTaxaMedia: DashboardSerie[];
  indicadores: DashboardIndicadores;
};
