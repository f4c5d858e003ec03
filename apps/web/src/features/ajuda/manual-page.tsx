import { ROUTES } from '@concilia/domain';
import { Box, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ManualBlockView } from './manual-blocks';
import { MANUAL, MANUAL_INTRO } from './manual-content';
import { ManualToc, scrollToAnchor } from './manual-toc';
import { PageHeading } from '../../app/page-heading';

// Headings stop below the fixed top bar instead of under it.
const ANCHOR_OFFSET = { scrollMarginTop: 88 };

/** The user manual (/app/ajuda): a table of contents beside the sections, each topic with its own anchor. */
export function ManualPage() {
  const { hash } = useLocation();
  // A link such as /app/ajuda#temas arrives before the sections exist; jump once they are rendered.
  useEffect(() => {
    if (hash) scrollToAnchor(decodeURIComponent(hash.slice(1)));
  }, [hash]);
  return (
    <Box>
      <PageHeading>{ROUTES.ajuda.title}</PageHeading>
      <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1, mb: 3, maxWidth: 760 }}>{MANUAL_INTRO}</Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, alignItems: 'start' }}>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <ManualToc sections={MANUAL} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 860 }}>
          {MANUAL.map((s) => (
            <Paper key={s.id} component="section" variant="outlined" aria-labelledby={s.id} sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id={s.id} variant="h5" component="h2" sx={{ fontWeight: 600, ...ANCHOR_OFFSET }}>{s.title}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>{s.intro}</Typography>
              {s.topics.map((t) => (
                <Box key={t.id} component="section" aria-labelledby={t.id} sx={{ mt: 2 }}>
                  <Typography id={t.id} variant="h6" component="h3" sx={{ mb: 1, ...ANCHOR_OFFSET }}>{t.title}</Typography>
                  {t.blocks.map((b, i) => <ManualBlockView key={i} block={b} />)}
                </Box>
              ))}
            </Paper>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
