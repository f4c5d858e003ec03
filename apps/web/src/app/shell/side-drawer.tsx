import { MSG } from '@concilia/domain';
import { Box, Drawer, LinearProgress, Toolbar, Typography } from '@mui/material';
import { useMemo } from 'react';
import { MenuList } from './menu-list';
import { buildMenuTree } from './menu-tree';
import { useMenus } from './shell-queries';

export const DRAWER_WIDTH = 340;

type Props = { variant: 'persistent' | 'temporary'; open: boolean; onClose: () => void };

/**
 * The side menu from getMenus: docked and collapsible on wide screens, a temporary overlay on phones that
 * closes itself after a choice. The overlay is drawn when first opened, not kept mounted while closed: drawn with
 * the page, its menu tree and the slide that measures where to hide it (a forced layout in the middle of the
 * first commit) were 70 ms of the page's longest task on a phone (CPU ×4), for a menu not yet asked for.
 */
export function SideDrawer({ variant, open, onClose }: Props) {
  const menus = useMenus();
  const tree = useMemo(() => buildMenuTree(menus.data ?? []), [menus.data]);
  const temporary = variant === 'temporary';
  return (
    <Drawer
      variant={variant}
      open={open}
      onClose={onClose}
      // the phone overlay covers the top bar too; the docked drawer sits below it
      sx={(theme) => ({ width: DRAWER_WIDTH, flexShrink: 0, ...(temporary ? { zIndex: theme.zIndex.modal } : {}) })}
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' } } }}
    >
      <Box component="nav" aria-label={MSG.menuPrincipal} data-testid="menu-drawer" sx={{ overflowY: 'auto' }}>
        {/* room for the fixed top bar, which sits above the docked drawer */}
        {temporary ? null : <Toolbar />}
        {menus.isPending ? <LinearProgress /> : null}
        {menus.isSuccess && tree.length === 0 ? (
          <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>{MSG.menuVazio}</Typography>
        ) : null}
        <MenuList nodes={tree} onNavigate={temporary ? onClose : undefined} />
      </Box>
    </Drawer>
  );
}
