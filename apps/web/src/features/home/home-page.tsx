import { MSG, titleForPath } from '@concilia/domain';
import { Box, Stack, Typography } from '@mui/material';
import { useLocation } from 'react-router';
import { useBanner, useUserInfo } from '../../app/shell/shell-queries';
import { useAppState } from '../../app/store';
import { BannerCard } from './banner-card';
import { LateFilesNotice } from './late-files-notice';
import { LatestNews } from './latest-news';
import { ShortcutCards } from './shortcut-cards';
import { PageHeading } from '../../app/page-heading';

/**
 * The landing page (/app/home, and /app/painel for a profile without the Dashboard — 'vis' users arrive there): a greeting, the banner, the
 * late-file alarms of the establishments the user sees, the latest news and shortcuts to the user's most used screens. 'vis' mode has no menu, so no shortcuts.
 */
export function HomePage() {
  const { pathname } = useLocation();
  const vis = useAppState((s) => s.mode) === 'vis';
  const nome = useUserInfo().data?.nomeAbreviado;
  const banner = useBanner().data;
  return (
    <Stack spacing={3}>
      <Box>
        <PageHeading>{titleForPath(pathname)}</PageHeading>
        <Typography variant="h6" component="p" data-testid="home-greeting" sx={{ mt: 1 }}>
          {nome ? MSG.saudacao.replace('{nome}', nome) : MSG.saudacaoSemNome}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary' }}>{MSG.homeSubtitulo}</Typography>
      </Box>
      <LateFilesNotice />
      {banner ? <BannerCard banner={banner} /> : null}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: vis ? '1fr' : '7fr 5fr' }, alignItems: 'stretch' }}>
        {vis ? null : <ShortcutCards />}
        <LatestNews />
      </Box>
    </Stack>
  );
}
