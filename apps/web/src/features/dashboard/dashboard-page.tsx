import { type DashboardFilter, defaultDashboardFilter, MSG, ROUTES, todayBusiness } from '@concilia/domain';
import FilterAlt from '@mui/icons-material/FilterAlt';
import { Alert, Box, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { useOptionList } from '../../registers/option-lists';
import { describeFilter } from './dashboard-format';
import { type ChartKey, chartTitles, dashboardOptions, isEmptyDashboard } from './dashboard-options';
import { KeyFigures } from './key-figures';
import { DashboardChart, preloadDashboardChart } from './lazy-dashboard-chart';
import { PageHeading } from '../../app/page-heading';

// The filter drawer (its form, date and select fields) loads when first opened: the key figures come first.
const DashboardFilterDrawer = lazy(async () => ({ default: (await import('./dashboard-filter-drawer')).DashboardFilterDrawer }));

const CHARTS: readonly ChartKey[] = ['operadora', 'tipo', 'dia', 'hora', 'taxa', 'ticket'];

const dashboardQuery = (f: DashboardFilter) => ({
  queryKey: ['dashboard', f],
  queryFn: async () => (await call(OPS.getDashBoard, { values: f })).getDashBoard,
});

/**
 * Dashboard (spec part 1 "Dashboard"): key figures of the window, then pies by operator and type, lines by
 * day and hour, average rate and average ticket by operator, for sales or payments. It opens on the last
 * month of sales; the filter drawer changes the client, the record kind and the window.
 */
export function DashboardPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<DashboardFilter>(() => defaultDashboardFilter(todayBusiness()));
  const [filtered, setFiltered] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  // once opened, the drawer stays mounted: it keeps what was typed and plays its closing transition
  const [filterUsed, setFilterUsed] = useState(false);
  const [searching, setSearching] = useState(false);
  const result = useQuery(dashboardQuery(filter));
  // the charts' module travels beside the data, not before the key figures
  useEffect(() => {
    preloadDashboardChart().catch(() => {}); // a failure shows where the charts are drawn
  }, []);
  const conciliadores = useOptionList('listarItensConciliadores');
  const conciliador = filter.empresa === null ? null : conciliadores.data?.find((o) => Number(o.valor) === filter.empresa)?.label ?? null;

  const search = async (f: DashboardFilter) => {
    setSearching(true);
    try {
      await queryClient.fetchQuery(dashboardQuery(f));
      setFilter(f);
      setFiltered(true);
      return true;
    } catch {
      return false; // the API client already told the user why
    } finally {
      setSearching(false);
    }
  };

  // A query's answer reaches React as a synchronous update (useSyncExternalStore), so the key figures and the six
  // charts' places would be drawn in one task the page cannot answer in; deferred, they are drawn in a transition,
  // in slices, and the page stays responsive while they are.
  const d = useDeferredValue(result.data);
  const options = d ? dashboardOptions(d, filter.registro) : {};
  const titles = chartTitles(filter.registro);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1 }}>
          <PageHeading>{ROUTES.dashboard.title}</PageHeading>
          <Typography variant="body2" color="text.secondary" data-testid="dashboard-filtro">{describeFilter(filter, conciliador, filtered)}</Typography>
        </Box>
        <Tooltip title={MSG.listaAbrirFiltro}>
          <IconButton aria-label={MSG.listaAbrirFiltro} onClick={() => {
              setFilterUsed(true);
              setFilterOpen(true);
            }}
          >
            <FilterAlt />
          </IconButton>
        </Tooltip>
      </Stack>
      {filterUsed ? (
        <Suspense fallback={null}>
          <DashboardFilterDrawer open={filterOpen} searching={searching} initial={filter} onClose={() => setFilterOpen(false)} onSearch={search} />
        </Suspense>
      ) : null}

      {result.isPending && <LinearProgress aria-label={MSG.processando} />}
      {d && (d.indicadores.quantidade > 0 || d.indicadores.emAtraso > 0 || d.indicadores.naoCreditado > 0) && <KeyFigures k={d.indicadores} de={filter.de} ate={filter.ate} registro={filter.registro} />}
      {d && isEmptyDashboard(d) && <Alert severity="info">{MSG.dashboardVazio}</Alert>}
      {d && !isEmptyDashboard(d) && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {CHARTS.map((key) => {
            const option = options[key];
            return (
              <Paper key={key} variant="outlined" sx={{ p: 1 }}>
                {option ? (
                  <DashboardChart option={option} label={titles[key]} />
                ) : (
                  <Stack sx={{ height: 320, justifyContent: 'center', alignItems: 'center', p: 2 }}>
                    <Typography variant="subtitle2">{titles[key]}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>{MSG.dashboardPagamentoSemHora}</Typography>
                  </Stack>
                )}
              </Paper>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
