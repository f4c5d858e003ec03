import { PAGE_TITLE_TOKEN } from '@concilia/domain';
import { AppBar, Box, CssBaseline, Toolbar, Typography } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageHeading } from '../page-heading';
import { DRAWER_WIDTH } from '../shell/side-drawer';
import { DEFAULT_THEME } from '../stored-state';
import { buildTheme } from '../theme/themes';

export { PAGE_TITLE_TOKEN };

/**
 * The frame of every /app page as HTML (the build renders it into app-frame.html): the shell's top bar with the
 * logo, the side menu's place on a wide screen, and the page's title where the page writes its own heading. The
 * server writes the title of the address (the routes table) into it, so a signed-in page shows its frame and title
 * with the HTML instead of a logo until React has drawn it, and the title, the largest thing the page paints first,
 * is on screen at the first paint (Lighthouse's largest paint of the dashboard was that heading, 1 s after).
 *
 * Drawn with the default theme's MUI parts the shell draws with (the heading is the pages' own PageHeading, so it
 * takes the same place and size); React draws the page over it. Nothing here runs in the browser.
 */
function ShellFrame() {
  return (
    <ThemeProvider theme={buildTheme(DEFAULT_THEME)}>
      <CssBaseline />
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }} data-testid="shell-frame">
        <AppBar position="fixed" elevation={0} sx={{ bgcolor: 'transparent', color: 'text.primary' }}>
          <Toolbar sx={{ gap: 1 }}>
            {/* the menu button's place (an IconButton, edge="start"): the logo stands where the shell puts it */}
            <Box sx={{ width: 40, height: 40, ml: -1.5 }} />
            <Box component="img" src="/logo.svg" alt="" sx={{ height: 36, width: 36 }} />
          </Toolbar>
        </AppBar>
        <Box sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0, bgcolor: 'background.paper' }} />
        <Box component="main" aria-busy="true" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3 }, pb: 4 }}>
          <Toolbar />
          <Box sx={{ pt: 1 }}>
            {/* the breadcrumb's line (body2) and its margin */}
            <Typography variant="body2" sx={{ mb: 2 }}>&nbsp;</Typography>
            <PageHeading>{PAGE_TITLE_TOKEN}</PageHeading>
          </Box>
        </Box>
      </Box>
    </ThemeProvider>
  );
}

/** The frame's HTML, its emotion rules beside its elements (the browser's emotion moves them to <head>). */
export function renderShellFrame(): string {
  return renderToStaticMarkup(<ShellFrame />);
}
