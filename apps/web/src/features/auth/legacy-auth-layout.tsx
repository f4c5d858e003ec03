import { APP_VERSION, MSG } from '@concilia/domain';
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SpcLogo } from './spc-logo';
import { VersionTooltip } from './version-tooltip';

type Props = { children: ReactNode; subtitle: ReactNode; welcome: ReactNode };

/**
 * The legacy look of the credit-protection variant (/spc, spec part 1 §2): the portal its users knew —
 * a white header band carrying the partner's mark beside ours, a flat grey page, square boxes with a
 * coloured title bar, the welcome text on its own panel beside the form (stacked on a phone) and the
 * version in the footer — instead of the modern gradient and floating rounded card.
 */
export function LegacyAuthLayout({ children, subtitle, welcome }: Props) {
  return (
    <Box
      data-testid="legacy-login"
      sx={{
        minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: '#eceff1', color: '#263238',
        // square inputs and buttons, as in the old portal
        '& .MuiOutlinedInput-root, & .MuiButton-root': { borderRadius: 0 },
      }}
    >
      <Box
        component="header"
        sx={{ bgcolor: '#fff', borderBottom: 4, borderColor: 'primary.main', px: { xs: 2, sm: 4 }, py: 1.5, display: 'flex', alignItems: 'center', gap: 2 }}
      >
        <SpcLogo />
        <Box sx={{ flexGrow: 1 }} />
        <VersionTooltip>
          <Box component="img" src="/logo.svg" alt={MSG.produtoNome} data-testid="app-logo" sx={{ width: 36, height: 36 }} />
        </VersionTooltip>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: 18, display: { xs: 'none', sm: 'inline' } }}>
          {MSG.produtoNome}
        </Typography>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', p: { xs: 1.5, sm: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ width: '100%', maxWidth: { xs: 440, md: 820 }, border: 1, borderColor: '#b0bec5', bgcolor: '#fff' }}>
          <Box
            data-testid="legacy-login-welcome"
            sx={{ flex: { md: '1 1 50%' }, bgcolor: 'primary.main', color: 'primary.contrastText', p: { xs: 2, md: 4 }, display: 'flex', alignItems: 'center' }}
          >
            <Typography variant="body1" sx={{ fontSize: { md: 18 }, lineHeight: 1.5 }}>
              {welcome}
            </Typography>
          </Box>
          <Paper square elevation={0} sx={{ flex: { md: '1 1 50%' } }}>
            <Typography
              component="h1"
              sx={{ bgcolor: '#cfd8dc', px: 2, py: 1, fontWeight: 700, fontSize: 15, textTransform: 'uppercase', letterSpacing: 0.5, borderBottom: 1, borderColor: '#b0bec5' }}
            >
              {subtitle}
            </Typography>
            <Box sx={{ p: { xs: 2, sm: 3 } }}>{children}</Box>
          </Paper>
        </Stack>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 1.5, fontSize: 12, color: '#455a64', borderTop: 1, borderColor: '#cfd8dc', bgcolor: '#fff' }}>
        {MSG.produtoNome} {APP_VERSION}
      </Box>
    </Box>
  );
}
