import { ERROR_CODES, formatDateTime, MSG, ROUTES } from '@concilia/domain';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError, call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { painelAtualizado, painelHora, painelPeriodo, PAINEL_REFRESH_MS } from './painel-format';
import { preloadDashboardChart } from '../dashboard/lazy-dashboard-chart';
import { PainelView } from './painel-view';
import { PageHeading } from '../../app/page-heading';

/**
 * /painel?token=… — the panel a link opens (getUrlPainel), without signing in: the creator's figures, read only,
 * read again every five minutes, outside the shell (no menu, no account). The link is the one credential and opens
 * no session. A refused link (unknown, expired, ended) says why and offers the sign-in; a refresh that fails for any
 * other reason keeps the figures shown and says from when they are.
 */
export function PainelPublicoPage() {
  // the charts' module (ECharts) travels beside the data
  useEffect(() => {
    preloadDashboardChart().catch(() => {}); // a failure shows where the charts are drawn
  }, []);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['painel', 'link', token],
    // silent: the shell's error rules are for signed-in screens; this page shows its own
    queryFn: async () => (await call(OPS.getAutenticacaoPainel, { token }, { silent: true })).getAutenticacaoPainel,
    refetchInterval: (q) => (q.state.error instanceof ApiError && q.state.error.code === ERROR_CODES.PAINEL_LINK_INVALID ? false : PAINEL_REFRESH_MS),
    refetchIntervalInBackground: true,
    retry: (n, e) => !(e instanceof ApiError) && n < 2,
    staleTime: PAINEL_REFRESH_MS,
  });
  const p = result.data;
  const refused = result.error instanceof ApiError && result.error.code === ERROR_CODES.PAINEL_LINK_INVALID;

  if (result.isPending) return <LinearProgress aria-label={MSG.processando} />;
  if (!p || refused) {
    return (
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
        <Stack spacing={2} sx={{ maxWidth: 560, alignItems: 'center', textAlign: 'center' }}>
          <Box component="img" src="/logo.svg" alt={MSG.produtoNome} sx={{ height: 48, width: 48 }} />
          <PageHeading>{ROUTES.painelPublico.title}</PageHeading>
          <Alert severity="warning" data-testid="painel-erro">{result.error?.message ?? MSG.painelLinkInvalido}</Alert>
          <Button component={RouterLink} to={ROUTES.login.path} variant="contained">{MSG.painelEntrar}</Button>
        </Stack>
      </Box>
    );
  }
  return (
    <Box component="main" sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 1.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="img" src="/logo.svg" alt={MSG.produtoNome} sx={{ height: 40, width: 40 }} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }} noWrap data-testid="painel-nome">
              {ROUTES.painelPublico.title} · {p.nome}
            </Typography>
            <Chip size="small" label={MSG.painelSomenteLeitura} />
          </Stack>
          <Typography variant="body2" color="text.secondary" data-testid="painel-periodo">
            {painelPeriodo(p.registro, p.de, p.ate)} · {painelAtualizado(p.atualizadoem)}
            {p.expiraem ? ` ${MSG.painelValidoAte.replace('{expira}', formatDateTime(p.expiraem))}` : ''}
          </Typography>
        </Box>
      </Stack>
      {result.isRefetchError && <Alert severity="warning">{MSG.painelErroAtualizar.replace('{hora}', painelHora(p.atualizadoem))}</Alert>}
      <PainelView d={p.dashboard} registro={p.registro} de={p.de} ate={p.ate} />
    </Box>
  );
}
