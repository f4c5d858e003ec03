import { type DashboardFilter, formatBRL, formatBusinessDate, formatDecimal, MSG } from '@concilia/domain';

/**
 * Screen formats of the dashboard: pt-BR numbers, two decimals, R$ for amounts and ' %' for rates. Through the
 * domain's formatters, which use no Intl object (the first one costs the page ~100 ms of ICU set-up, see money.ts).
 */
const hundredths = (value: number) => Math.round(value * 100);

/** A chart value in reais (charts draw reais; the API carries centavos) → 'R$ 1.234,56'. */
export const formatReais = (reaisValue: number) => formatBRL(hundredths(reaisValue));
/** Axis labels: '1.234,56' under the 'Valor R$' axis name. */
export const formatAxisReais = (reaisValue: number) => formatDecimal(hundredths(reaisValue));
/** A rate in percent → '2,49 %'. */
export const formatPercent = (value: number) => `${formatDecimal(hundredths(value))} %`;
/** centavos → reais for drawing only; amounts are never computed on from here. */
export const toReais = (centavos: number) => centavos / 100;
/** 'YYYY-MM-DD' → 'DD/MM' for the day axis. */
export const dayLabel = (iso: string) => formatBusinessDate(iso).slice(0, 5);

/** The text under the title: what the charts show. */
export function describeFilter(f: DashboardFilter, conciliador: string | null, filtered: boolean): string {
  if (!filtered) return MSG.dashboardTodosRegistros;
  const parts = [
    `${MSG.dashboardRegistrosDe} ${f.registro}`,
    ...(conciliador ? [`${MSG.dashboardConciliador}: ${conciliador}`] : []),
    `${MSG.dashboardDe} ${formatBusinessDate(f.de)} ${MSG.dashboardAte.toLowerCase()} ${formatBusinessDate(f.ate)}`,
  ];
  return parts.join(' · ');
}
