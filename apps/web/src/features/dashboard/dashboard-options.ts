import { type DashboardRegistro, type DashboardResult, MSG } from '@concilia/domain';
import { dayLabel, formatAxisReais, formatPercent, formatReais, toReais } from './dashboard-format';

/**
 * ECharts options of the six dashboard charts, built from getDashBoard's answer. Pure functions: the page
 * only picks the theme. Titles say 'Venda' or 'Pagamento' by the record kind; the value axes are named
 * 'Valor R$' with pt-BR numbers, tooltips show R$ with two decimals and rates with ' %'.
 */
export type ChartKey = 'operadora' | 'tipo' | 'dia' | 'hora' | 'taxa' | 'ticket';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ECharts option objects are loosely typed by design
type Option = Record<string, any>;

export const registroLabel = (r: DashboardRegistro) => (r === 'VENDA' ? MSG.dashboardVenda : MSG.dashboardPagamento);

export function chartTitles(r: DashboardRegistro): Record<ChartKey, string> {
  const k = registroLabel(r);
  return {
    operadora: `${k} ${MSG.dashboardPorOperadora}`,
    tipo: `${k} ${MSG.dashboardPorTipo}`,
    dia: `${k} ${MSG.dashboardPorDia}`,
    hora: `${k} ${MSG.dashboardPorHora}`,
    taxa: MSG.dashboardTaxaMedia,
    ticket: MSG.dashboardTicketMedio,
  };
}

const base = (title: string): Option => ({
  backgroundColor: 'transparent',
  title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
  animation: false,
});

const valueAxis = (): Option => ({
  type: 'value', name: MSG.dashboardValor, nameTextStyle: { align: 'left' },
  axisLabel: { formatter: (v: number) => formatAxisReais(v) },
});

const grid = { left: 16, right: 24, top: 56, bottom: 8, containLabel: true };

function pie(title: string, points: DashboardResult['seriesVendaOperadora']): Option {
  return {
    ...base(title),
    tooltip: { trigger: 'item', valueFormatter: (v: number) => formatReais(v) },
    legend: { bottom: 0, type: 'scroll' },
    series: [{
      type: 'pie', radius: ['0%', '55%'], center: ['50%', '50%'], selectedMode: 'single', selectedOffset: 10,
      // name over percent, and wrapped rather than cut ('Crédito: 47…') when a side has little room
      label: { formatter: (p: { name: string; percent: number }) => `${p.name}\n${formatPercent(p.percent)}`, overflow: 'break', lineHeight: 16 },
      labelLine: { length: 10, length2: 8 },
      // sliced/selected of the answer: the slice drawn pulled out
      data: points.map((p) => ({ name: p.name, value: toReais(p.y), selected: p.sliced || p.selected })),
    }],
  };
}

function line(title: string, categories: string[], values: number[], serie: string): Option {
  return {
    ...base(title),
    grid,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatReais(v) },
    xAxis: { type: 'category', data: categories, boundaryGap: false },
    yAxis: valueAxis(),
    series: [{ type: 'line', name: serie, smooth: true, areaStyle: { opacity: 0.15 }, data: values.map(toReais) }],
  };
}

export function dashboardOptions(d: DashboardResult, registro: DashboardRegistro): Partial<Record<ChartKey, Option>> {
  const t = chartTitles(registro);
  const serie = registroLabel(registro);
  const out: Partial<Record<ChartKey, Option>> = {
    operadora: pie(t.operadora, d.seriesVendaOperadora),
    tipo: pie(t.tipo, d.seriesVendaTipo),
    dia: line(t.dia, d.categoriaVendaDia.map(dayLabel), d.seriesVendaDia, serie),
    taxa: {
      ...base(t.taxa),
      grid,
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatPercent(v) },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatPercent(v) } },
      yAxis: { type: 'category', data: d.categoriaTaxaMedia },
      series: d.seriesTaxaMedia.map((s) => ({ type: 'bar', name: s.name, data: s.data, label: { show: true, position: 'right', formatter: (p: { value: number }) => formatPercent(p.value) } })),
    },
    ticket: {
      ...base(t.ticket),
      grid,
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatReais(v) },
      xAxis: { type: 'category', data: d.seriesTicketMedio.map((p) => p.name) },
      yAxis: valueAxis(),
      series: [{
        type: 'bar', name: MSG.dashboardTicketMedio, colorBy: 'data', data: d.seriesTicketMedio.map((p) => toReais(p.y)),
        label: { show: true, position: 'top', formatter: (p: { value: number }) => formatReais(p.value) },
      }],
    },
  };
  // payments have no hour: the page shows why instead of an empty chart
  if (d.categoriaVendaHora.length) out.hora = line(t.hora, d.categoriaVendaHora.map((h) => `${h}h`), d.seriesVendaHora, serie);
  return out;
}

/** Nothing of the chosen kind to draw: the page shows its empty state instead of blank charts. */
export const isEmptyDashboard = (d: DashboardResult) => d.seriesVendaOperadora.length === 0;
