import type { Noticia } from '@concilia/domain';
import { formatBusinessDate } from '@concilia/domain';
import { Box, Divider, Typography } from '@mui/material';
import { Fragment } from 'react';
import { SafeHtml } from './safe-html';

/** News as the bell and the home page show them: title, date and the sanitised HTML text. */
export function NewsList({ items, compact = false }: { items: Noticia[]; compact?: boolean }) {
  return (
    <>
      {items.map((n, i) => (
        <Fragment key={n.codnoticia}>
          {i > 0 ? <Divider sx={{ my: compact ? 1 : 1.5 }} /> : null}
          <Box component="article" data-testid="news-item">
            <Typography variant={compact ? 'subtitle2' : 'subtitle1'} component="h3" sx={compact ? undefined : { fontWeight: 600 }}>
              {n.titulo}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>{formatBusinessDate(n.data)}</Typography>
            <SafeHtml html={n.texto} sx={{ typography: 'body2', mt: 0.5 }} />
          </Box>
        </Fragment>
      ))}
    </>
  );
}
