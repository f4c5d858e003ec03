import { MSG, ROUTES, titleForPath } from '@concilia/domain';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Fade, IconButton, Toolbar, Tooltip, Typography, useScrollTrigger } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { ThemePicker } from '../theme/theme-picker';
import { AppLogo } from './app-logo';
import { NewsBell } from './news-bell';
import { UserMenu } from './user-menu';

/** Scroll thresholds of spec part 1 §9: the bar darkens first, the title follows a little later. */
export const DARKEN_AFTER_PX = 30;
export const TITLE_AFTER_PX = 40;

type Props = { showMenuButton: boolean; onMenuClick: () => void };

export function TopBar({ showMenuButton, onMenuClick }: Props) {
  const { pathname } = useLocation();
  const darkened = useScrollTrigger({ disableHysteresis: true, threshold: DARKEN_AFTER_PX });
  const showTitle = useScrollTrigger({ disableHysteresis: true, threshold: TITLE_AFTER_PX });
  const title = titleForPath(pathname);
  return (
    <AppBar
      position="fixed"
      elevation={darkened ? 4 : 0}
      data-scrolled={darkened}
      sx={(theme) => ({
        zIndex: theme.zIndex.drawer + 1,
        transition: theme.transitions.create(['background-color', 'box-shadow', 'color']),
        ...(darkened
          ? theme.palette.mode === 'light'
            ? { bgcolor: 'primary.dark', color: 'primary.contrastText' }
            : { bgcolor: 'background.paper', color: 'text.primary' }
          : { bgcolor: 'transparent', color: 'text.primary', backdropFilter: 'blur(6px)' }),
      })}
    >
      <Toolbar sx={{ gap: 1 }}>
        {showMenuButton ? (
          <Tooltip title={MSG.abrirMenu}>
            <IconButton edge="start" color="inherit" aria-label={MSG.abrirMenu} data-testid="menu-button" onClick={onMenuClick}>
              <MenuIcon />
            </IconButton>
          </Tooltip>
        ) : null}
        <AppLogo />
        <Fade in={showTitle && !!title} unmountOnExit>
          <Typography variant="h6" component="div" noWrap data-testid="page-title" sx={{ ml: 1, fontWeight: 600 }}>
            {title}
          </Typography>
        </Fade>
        <Box sx={{ flexGrow: 1 }} />
        <NewsBell />
        <Tooltip title={MSG.ajuda}>
          <IconButton color="inherit" component={Link} to={ROUTES.ajuda.path} aria-label={MSG.ajuda} data-testid="help-button">
            <HelpOutline />
          </IconButton>
        </Tooltip>
        <ThemePicker />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
