import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

type Props = { code?: string; title: string; description: ReactNode; actions: ReactNode };

/** Big code, title, one line of explanation and the way out; fits inside the shell and on its own. */
export function StatusLayout({ code, title, description, actions }: Props) {
  return (
    <Box component="section" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 520 }}>
        {code ? (
          <Typography variant="h1" component="p" sx={{ fontWeight: 800, color: 'primary.main', lineHeight: 1 }} aria-hidden>
            {code}
          </Typography>
        ) : null}
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{description}</Typography>
        <Stack direction="row" spacing={2} sx={{ pt: 1 }}>
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
