import { MSG, ROUTES } from '@concilia/domain';
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from '../../app/shell/menu-icons';
import { buildMenuTree, menuEntries } from '../../app/shell/menu-tree';
import { useMenus } from '../../app/shell/shell-queries';
import { useAppState } from '../../app/store';
import { pickShortcuts } from './shortcuts';

/** Cards for the screens this user opens most on this browser. */
export function ShortcutCards() {
  const { pathname } = useLocation();
  const menus = useMenus();
  const visits = useAppState((s) => s.pageVisits);
  const shortcuts = useMemo(
    () => pickShortcuts(menuEntries(buildMenuTree(menus.data ?? [])), visits, { exclude: [pathname, ROUTES.home.path, ROUTES.painel.path] }),
    [menus.data, visits, pathname],
  );
  return (
    <Card variant="outlined" data-testid="home-shortcuts" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">{MSG.atalhos}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>{MSG.atalhosDica}</Typography>
        {menus.isPending ? <Skeleton variant="rounded" height={96} /> : null}
        {menus.isSuccess && shortcuts.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>{MSG.menuVazio}</Typography>
        ) : null}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
          {shortcuts.map((s) => (
            <Card key={s.id} variant="outlined" sx={{ bgcolor: 'action.hover' }}>
              <CardActionArea component={Link} to={s.path} data-testid="home-shortcut" sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
                  <Box sx={{ color: 'primary.main', display: 'flex' }}><MenuIcon name={s.icon} fontSize="large" /></Box>
                  <Typography variant="subtitle2" component="span">{s.label}</Typography>
                  {s.section ? <Typography variant="caption" sx={{ color: 'text.secondary' }}>{s.section}</Typography> : null}
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
