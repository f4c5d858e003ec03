import { defaultDashboardFilter, MSG, ROUTES, todayBusiness } from '@concilia/domain';
import Share from '@mui/icons-material/Share';
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMenus, useUserInfo } from '../../app/shell/shell-queries';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { HomePage } from '../home/home-page';
import { PainelLinkDialog } from './painel-link-dialog';
import { painelAtualizado, painelPeriodo, PAINEL_REFRESH_MS } from './painel-format';
import { preloadDashboardChart } from '../dashboard/lazy-dashboard-chart';
import { PainelView } from './painel-view';
import { PageHeading } from '../../app/page-heading';

/** The profile resource behind the panel: the dashboard's (the server's painel.service.ts says the same). */
const PAINEL_SCREEN = 'dashboard';

/**
 * /app/painel (spec part 1; where 'vis' sign-ins land): the dashboard's key figures and charts of the user's
 * part of the hierarchy over the last month of sales, read only and read again every five minutes, for a wall
 * display; 'Gerar link do painel' makes a link that shows the same without signing in. A profile without the
 * Dashboard keeps the landing page here, as before.
 */
export function PainelPage() {
  const menus = useMenus();
  const held = menus.data?.some((m) => m.page?.toLowerCase() === PAINEL_SCREEN) ?? false;
  if (menus.isPending) return <LinearProgress aria-label={MSG.processando} />;
  return held ? <PainelDoUsuario /> : <HomePage />;
}

function PainelDoUsuario() {
  // the charts' module (ECharts) travels beside the data
  useEffect(() => {
    preloadDashboardChart().catch(() => {}); // a failure shows where the charts are drawn
  }, []);
  const simulado = useUserInfo().data?.simulado ?? false;
  const [linkOpen, setLinkOpen] = useState(false);
  const closeLink = useCallback(() => setLinkOpen(false), []);
  const result = useQuery({
    queryKey: ['painel', 'app'],
    // the window is taken at each read, so a display left on overnight moves to the new day
    queryFn: async () => {
      const filter = defaultDashboardFilter(todayBusiness());
      return { filter, at: new Date(), d: (await call(OPS.getDashBoard, { values: filter })).getDashBoard };
    },
    refetchInterval: PAINEL_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const r = result.data;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <PageHeading>{ROUTES.painel.title}</PageHeading>
            <Chip size="small" label={MSG.painelSomenteLeitura} />
          </Stack>
          {r && (
            <Typography variant="body2" color="text.secondary" data-testid="painel-periodo">
              {painelPeriodo(r.filter.registro, r.filter.de, r.filter.ate)} · {painelAtualizado(r.at)}
            </Typography>
          )}
        </Box>
        <Button component={RouterLink} to={ROUTES.dashboard.path}>{MSG.painelAbrirDashboard}</Button>
        {!simulado && (
          <Button variant="contained" startIcon={<Share />} onClick={() => setLinkOpen(true)}>{MSG.painelGerarLink}</Button>
        )}
      </Stack>
      {result.isPending && <LinearProgress aria-label={MSG.processando} />}
      {r && <PainelView d={r.d} registro={r.filter.registro} de={r.filter.de} ate={r.filter.ate} />}
      {linkOpen && <PainelLinkDialog onClose={closeLink} />}
    </Stack>
  );
}
