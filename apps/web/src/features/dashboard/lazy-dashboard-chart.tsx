import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DashboardChart as Chart } from './dashboard-chart';

type ChartComponent = typeof Chart;

// ECharts (about 200 kB gzip) is its own chunk: the dashboard and the Painel draw their key figures first and
// fetch it beside their data (preloadDashboardChart), so it is not in the JavaScript the route waits for.
let chartModule: Promise<{ DashboardChart: ChartComponent }> | undefined;
let loadedChart: ChartComponent | null = null;
/** Starts fetching the chart module (once); the page calls it on mount, in parallel with its query. */
export const preloadDashboardChart = () =>
  (chartModule ??= import('./dashboard-chart').then(
    (m) => {
      loadedChart = m.DashboardChart;
      return m;
    },
    (err: unknown) => {
      chartModule = undefined; // tried again by the next chart that asks
      throw err;
    },
  ));

/**
 * Charts waiting to be drawn, one per task: ECharts lays out and paints a chart when it mounts (50–150 ms of a
 * phone's CPU each), so six charts mounted in one commit were one long task that kept the page from answering.
 */
const waiting: Array<() => void> = [];
let scheduled = false;
function drawNext() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0 && !scheduled) {
    scheduled = true;
    setTimeout(drawNext, 0);
  }
}
function waitTurn(draw: () => void): () => void {
  waiting.push(draw);
  if (!scheduled) {
    scheduled = true;
    setTimeout(drawNext, 0);
  }
  return () => {
    const i = waiting.indexOf(draw);
    if (i >= 0) waiting.splice(i, 1);
  };
}

type Props = ComponentProps<ChartComponent>;

/**
 * DashboardChart, drawn when its place comes near the screen and ECharts has arrived, each chart in a task of its
 * own. Until then its place is held at the chart's size, under the same labelled element, so nothing moves when
 * the canvas appears; a chart the user never scrolls to is never drawn.
 */
export function DashboardChart(props: Props) {
  const { label, height = 320 } = props;
  const place = useRef<HTMLDivElement>(null);
  const [Drawn, setDrawn] = useState<ChartComponent | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    const el = place.current;
    if (!el || Drawn) return;
    let cancelTurn: (() => void) | undefined;
    let gone = false;
    const draw = () =>
      preloadDashboardChart().then(
        () => {
          if (gone) return;
          // its own commit in its own task: setDrawn outside flushSync would be batched with the other charts'
          cancelTurn = waitTurn(() => flushSync(() => setDrawn(() => loadedChart)));
        },
        (err: unknown) => !gone && setFailure(err),
      );
    // a browser without IntersectionObserver draws every chart, still one per task
    if (typeof IntersectionObserver === 'undefined') {
      void draw();
      return () => {
        gone = true;
        cancelTurn?.();
      };
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void draw();
    }, { rootMargin: '200px 0px' });
    observer.observe(el);
    return () => {
      gone = true;
      observer.disconnect();
      cancelTurn?.();
    };
  }, [Drawn]);

  // the page's error boundary tells the user, as for any module that failed to load
  if (failure) throw failure;
  if (Drawn) return <Drawn {...props} />;
  return (
    <div ref={place} role="img" aria-label={label} data-chart={label} aria-busy="true">
      <div style={{ height, width: '100%' }} />
    </div>
  );
}
