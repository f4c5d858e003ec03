import { useTheme } from '@mui/material/styles';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// the ESM entry: under Vite 8 the CJS one ('lib/core') turns the default import into a module object
import ReactEChartsCore from 'echarts-for-react/esm/core';

// Only the charts and parts the dashboard draws, so the chunk carries no more of ECharts than that.
echarts.use([PieChart, LineChart, BarChart, TitleComponent, TooltipComponent, LegendComponent, GridComponent, CanvasRenderer]);

/** `height` in px: 320 on the dashboard; the Painel's wall view fits six charts in a screen with less. */
type Props = { option: Record<string, unknown>; label: string; height?: number };

/**
 * One dashboard chart on a canvas, in the user's theme: ECharts' dark theme on a dark MUI theme, the
 * palette's primary and secondary colours first, text in the theme's font and colour.
 */
export function DashboardChart({ option, label, height = 320 }: Props) {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const themed = {
    color: [theme.palette.primary.main, theme.palette.secondary.main, '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'],
    textStyle: { fontFamily: theme.typography.fontFamily, color: theme.palette.text.primary },
    ...option,
  };
  return (
    <div role="img" aria-label={label} data-chart={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={themed}
        theme={dark ? 'dark' : undefined}
        notMerge
        style={{ height, width: '100%' }}
        opts={{ renderer: 'canvas' }}
      />
    </div>
  );
}
