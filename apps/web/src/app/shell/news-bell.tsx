import { MSG } from '@concilia/domain';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, IconButton, LinearProgress, Popover, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useNoticias } from './shell-queries';

// The list (and the HTML sanitizer it renders with) loads when the bell is first opened, not with the shell.
const NewsList = lazy(async () => ({ default: (await import('./news-list')).NewsList }));

/** The bell of the top bar: how many news there are, and the news themselves in a 550 px menu. */
export function NewsBell() {
  const noticias = useNoticias();
  const list = noticias.data ?? [];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={MSG.noticias}>
        <IconButton color="inherit" aria-label={MSG.noticias} data-testid="news-bell" onClick={(e) => setAnchor(e.currentTarget)}>
          <Badge badgeContent={list.length} color="secondary" max={99}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {/* a popover, not a menu: the news are rich text to read, not commands to pick */}
      <Popover
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 550, maxWidth: 'calc(100vw - 32px)', maxHeight: 500 } } }}
      >
        <Box data-testid="news-list" sx={{ px: 2, py: 1.5 }} onClick={(e) => (e.target as HTMLElement).closest('a') && setAnchor(null)}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>{MSG.noticias}</Typography>
          {noticias.isPending ? <LinearProgress /> : null}
          {noticias.isSuccess && list.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>{MSG.semNoticias}</Typography>
          ) : null}
          <Suspense fallback={null}>
            <NewsList items={list} compact />
          </Suspense>
        </Box>
      </Popover>
    </>
  );
}
