import { MSG } from '@concilia/domain';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { VersionTooltip } from './version-tooltip';

type Props = { children: ReactNode; subtitle?: ReactNode; /** wider for the sign-up wizard's steps */ maxWidth?: number };

/** The centred card with logo, product name and version tooltip shared by the public account pages. */
export function AuthCard({ children, subtitle, maxWidth = 420 }: Props) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (t) => `linear-gradient(135deg, ${t.palette.primary.dark} 0%, ${t.palette.primary.main} 60%, ${t.palette.primary.light} 100%)`,
      }}
    >
      <Card elevation={8} data-testid="auth-card" sx={{ width: '100%', maxWidth, borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3, textAlign: 'center' }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <VersionTooltip>
                {/* sized by its attributes, not a style rule: in the prerendered page the rule went with the Suspense
                    fallback React drew first and threw away (emotion writes a rule once per render), and the card
                    moved when the scripts drew the logo */}
                <img src="/logo.svg" alt={MSG.produtoNome} data-testid="app-logo" width={56} height={56} />
              </VersionTooltip>
            </Stack>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {MSG.produtoNome}
            </Typography>
            {subtitle ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {subtitle}
              </Typography>
            ) : null}
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
