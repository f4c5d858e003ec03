import { ROUTES } from '@concilia/domain';
import type { Mode } from '../../app/store';

/**
 * Where a sign-in lands and in which mode (spec part 1 §4): ?isVis=true → 'vis' and the painel; a path
 * containing spc → 'spc' and home; otherwise 'default' and home.
 */
export function landingFor(pathname: string, search: string): { mode: Mode; path: string } {
  if (new URLSearchParams(search).get('isVis') === 'true') return { mode: 'vis', path: ROUTES.painel.path };
  if (pathname.toLowerCase().includes('spc')) return { mode: 'spc', path: ROUTES.home.path };
  return { mode: 'default', path: ROUTES.home.path };
}

/** The page a signed-in user opening the login goes back to. */
export const appEntryFor = (mode: Mode) => (mode === 'vis' ? ROUTES.painel.path : ROUTES.home.path);
