import { MSG, ROUTES } from '@concilia/domain';
import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { ErrorPage } from '../features/status/status-pages';
import { useMenus } from './shell/shell-queries';

/** What a route of the table declares about itself: the screen (a profile resource) it shows. */
export type ScreenHandle = { screen: string };

const screenOf = (handle: unknown): string | null =>
  handle && typeof handle === 'object' && 'screen' in handle && typeof handle.screen === 'string' ? handle.screen : null;

/**
 * A screen opened by its address shows only when the profile holds it — the same rule, from the same
 * answer (getMenus), as the menu entry that leads to it. Otherwise the not-allowed state stands in for the
 * page: no actions to try and no request for the server to refuse (its own guard answers regardless).
 */
export function ScreenGate({ children }: { children: ReactNode }) {
  const screen = useMatches().map((m) => screenOf(m.handle)).findLast((s) => s !== null) ?? null;
  const menus = useMenus();
  if (screen === null) return <>{children}</>;
  if (menus.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={MSG.processando} />
      </Box>
    );
  }
  // a failed menu read is reported by the shell; the server still refuses what the profile does not hold
  if (menus.isError) return <>{children}</>;
  const held = menus.data.some((m) => m.page?.toLowerCase() === screen.toLowerCase());
  if (held) return <>{children}</>;
  return <ErrorPage code="403" title={MSG.telaNaoPermitidaTitulo} description={MSG.telaNaoPermitida} backTo={ROUTES.home.path} />;
}
