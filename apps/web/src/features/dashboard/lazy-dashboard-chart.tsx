import { lazy, Suspense, type ComponentProps } from 'react';
import type { DashboardChart as Chart } from './dashboard-chart';

// ECharts (about 200 kB gzip) is its own chunk: the dashboard and the Painel draw their key figures first and
// fetch it beside their data (preloadDashboardChart), so it is not in the JavaScript the route waits for.
let chartModule: Promise<{ DashboardChart: typeof Chart }> | undefined;
/** Starts fetching the chart module (once); the page calls it on mount, in parallel with its query. */
export const preloadDashboardChart = () =>
  (chartModule ??= import('./dashboard-chart').catch((err: unknown) => {
    chartModule = undefined; // tried again by the next render
    throw err;
  }));
const LazyChart = lazy(async () => ({ default: (await preloadDashboardChart()).DashboardChart }));

type Props = ComponentProps<typeof Chart>;

/**
 * DashboardChart, loaded on demand. Until ECharts arrives its place is held at the chart's size, under the same
 * labelled element, so nothing moves when the canvas appears.
 */
export function DashboardChart(props: Props) {
  const { label, height = 320 } = props;
  return (
    <Suspense
      fallback={
        <div role="img" aria-label={label} data-chart={label} aria-busy="true">
          <div style={{ height, width: '100%' }} />
        </div>
      }
    >
      <LazyChart {...props} />
    </Suspense>
  );
}
