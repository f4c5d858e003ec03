import { Box, Fade, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ImpersonationBar } from '../../features/master-users/impersonation-bar';
import { ScreenGate } from '../screen-gate';
import { dispatch, useAppState } from '../store';
import { BreadcrumbBar } from './breadcrumb-bar';
import { PageProgress } from './page-progress';
import { DRAWER_WIDTH, SideDrawer } from './side-drawer';
import { TopBar } from './top-bar';
import { useMenuState, usePageVisits, usePermissionFromServer } from './use-shell-effects';

/** Page transition length of spec part 1 §9. */
export const PAGE_TRANSITION_MS = 700;

/**
 * The frame around every /app page: top bar, side menu, breadcrumb and the page itself. In 'vis' mode the
 * menu and everything that opens it are left out.
 */
export function AppShell() {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const vis = useAppState((s) => s.mode) === 'vis';
  const sidebarOpen = useAppState((s) => s.sidebarOpen);
  // The phone overlay starts closed on every visit; the docked drawer's state is the persisted one.
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  // The page the shell opens with shows at once: the HTML's frame already showed its title, and the fade's first
  // step measures the page (a forced layout in the middle of the first commit). Pages opened after it fade in.
  const [openedWith, setOpenedWith] = useState<string | null>(pathname);
  if (openedWith !== null && openedWith !== pathname) setOpenedWith(null);
  usePageVisits();
  usePermissionFromServer();
  useMenuState();

  const docked = !vis && !mobile;
  const toggle = () => (mobile ? setMobileOpen((o) => !o) : dispatch({ type: 'TOGGLE_SIDEBAR' }));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <ScrollRestoration />
      <PageProgress />
      <TopBar showMenuButton={!vis} onMenuClick={toggle} />
      {vis ? null : (
        <SideDrawer variant={mobile ? 'temporary' : 'persistent'} open={mobile ? mobileOpen : sidebarOpen} onClose={() => setMobileOpen(false)} />
      )}
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3 },
          pb: 4,
          // the persistent drawer keeps its place in the row; slide the content over it when it is closed
          ml: docked && !sidebarOpen ? `-${DRAWER_WIDTH}px` : 0,
          transition: theme.transitions.create('margin', {
            easing: theme.transitions.easing.sharp,
            duration: sidebarOpen ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
          }),
        }}
      >
        <Toolbar />
        <Box sx={{ pt: 1 }}>
          <ImpersonationBar />
          <BreadcrumbBar />
          <Fade key={pathname} in appear={openedWith === null} timeout={PAGE_TRANSITION_MS}>
            <Box>
              <ScreenGate>
                <Outlet />
              </ScreenGate>
            </Box>
          </Fade>
        </Box>
      </Box>
    </Box>
  );
}
