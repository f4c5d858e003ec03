import { type DashboardFilter, formatBusinessDate, MSG } from '@concilia/domain';

/** Screen formats of the dashboard: pt-BR numbers, two decimals, R$ for amounts and ' %' for rates. */
const reais = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A chart value in reais (charts draw reais; the API carries centavos) → 'R$ 1.234,56'. */
export const formatReais = (reaisValue: number) => brl.format(reaisValue);
/** Axis labels: '1.234,56' under the 'Valor R$' axis name. */
export const formatAxisReais = (reaisValue: number) => reais.format(reaisValue);
/** A rate in percent → '2,49 %'. */
export const formatPercent = (value: number) => `${reais.format(value)} %`;
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
