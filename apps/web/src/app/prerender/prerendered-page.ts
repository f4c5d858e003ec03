import { DEFAULT_THEME, type AppState } from '../stored-state';

/**
 * The one page the build renders to HTML (sign-in.prerender.tsx, written into index.html by vite.config.ts): the
 * sign-in page as a first visit sees it. Every other path gets app.html, the logo placeholder, and renders in
 * the browser. The attribute on #root names the path the HTML was rendered for (sign-in.prerender.tsx's
 * PRERENDERED_PATH). Nothing here imports React: the entry decides with it before React is loaded.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Whether the browser's first render will be the HTML the build made, so React can adopt it (hydrate) instead of
 * drawing the page again. Not when the stored state or the address makes this visit's page another one: a session
 * already open (the page sends it on), a theme of the user's own (other colours, other style rules), an
 * automatic sign-in or a password-reset link (another subtitle, a dialog). Then the page renders afresh over the
 * HTML, as every other page does over the placeholder.
 */
export function matchesPrerender(root: HTMLElement, location: Pick<Location, 'pathname' | 'search'>, state: AppState): boolean {
  if (root.getAttribute(PRERENDERED_ATTRIBUTE) !== location.pathname) return false;
  const params = new URLSearchParams(location.search);
  return state.authentication !== 'AUTHENTICATED' && state.theme === DEFAULT_THEME && !params.has('idsession') && !params.has('idTrocaSenha');
}
