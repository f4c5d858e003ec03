import { formatBusinessDate, MSG } from '@concilia/domain';
import { Card, CardContent, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { Fragment } from 'react';
import { SafeHtml } from '../../app/shell/safe-html';
import { useNoticias } from '../../app/shell/shell-queries';

const HOW_MANY = 3;

/** The newest few news on the landing page; the bell in the top bar keeps the full list. */
export function LatestNews() {
  const noticias = useNoticias();
  const list = (noticias.data ?? []).slice(0, HOW_MANY);
  return (
    <Card variant="outlined" data-testid="home-news" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>{MSG.ultimasNoticias}</Typography>
        {noticias.isPending ? <Skeleton variant="rounded" height={96} /> : null}
        {noticias.isSuccess && list.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>{MSG.semNoticias}</Typography>
        ) : null}
        <Stack spacing={1.5}>
          {list.map((n, i) => (
            <Fragment key={n.codnoticia}>
              {i > 0 ? <Divider /> : null}
              <article>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{n.titulo}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>{formatBusinessDate(n.data)}</Typography>
                <SafeHtml html={n.texto} sx={{ typography: 'body2', mt: 0.5 }} />
              </article>
            </Fragment>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
