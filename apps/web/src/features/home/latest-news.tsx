import { MSG } from '@concilia/domain';
import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import { NewsList } from '../../app/shell/news-list';
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
        <NewsList items={list} />
      </CardContent>
    </Card>
  );
}
