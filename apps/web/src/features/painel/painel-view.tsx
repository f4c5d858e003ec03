import { type DashboardRegistro, type DashboardResult, MSG } from '@concilia/domain';
import { Alert, Box, Paper } from '@mui/material';
import { type ChartKey, chartTitles, dashboardOptions, isEmptyDashboard } from '../dashboard/dashboard-options';
import { KeyFigures } from '../dashboard/key-figures';
import { DashboardChart } from '../dashboard/lazy-dashboard-chart';

// payments have no hour, and the panel shows sales: all six of the dashboard's charts have something to draw
const CHARTS: readonly ChartKey[] = ['operadora', 'tipo', 'dia', 'hora', 'taxa', 'ticket'];

type Props = { d: DashboardResult; registro: DashboardRegistro; de: string; ate: string };

/**
 * The Painel's body, shared by /app/painel and the link's page: the dashboard's key figures (large, leading
 * nowhere) and its six charts, three in a row from a laptop's width, sized so a 1366×768 screen shows all.
 */
export function PainelView({ d, registro, de, ate }: Props) {
  const options = dashboardOptions(d, registro);
  const titles = chartTitles(registro);
  const hasFigures = d.indicadores.quantidade > 0 || d.indicadores.emAtraso > 0;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {hasFigures && <KeyFigures k={d.indicadores} de={de} ate={ate} registro={registro} painel />}
      {isEmptyDashboard(d) ? (
        <Alert severity="info">{MSG.painelVazio}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          {CHARTS.map((key) => {
            const option = options[key];
            return option ? (
              <Paper key={key} variant="outlined" sx={{ p: 0.5 }}>
                <DashboardChart option={option} label={titles[key]} height={250} />
              </Paper>
            ) : null;
          })}
        </Box>
      )}
    </Box>
  );
}
