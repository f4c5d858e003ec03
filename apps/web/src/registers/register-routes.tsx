import { pathForMenuPage, REGISTER_PAGES } from '@concilia/domain';
import type { RouteObject } from 'react-router';
import type { ScreenHandle } from '../app/screen-gate';

/**
 * The router's entries for the register screens, children of /app. The router knows only each screen's key
 * and page (REGISTER_PAGES, plain data); the generic page, the table library and the registry with the
 * declarations (fields, zod schemas, overrides) load on the first visit, so the sign-in page carries none of them.
 */
export const registerRoutes: RouteObject[] = REGISTER_PAGES.map(({ key, page }) => ({
  path: pathForMenuPage(page).replace(/^\/app\//, ''),
  handle: { screen: page } satisfies ScreenHandle,
  lazy: async () => {
    const [{ RegisterPage }, { REGISTER_SCREENS }] = await Promise.all([import('./register-page'), import('./registry')]);
    const screen = REGISTER_SCREENS.find((s) => s.def.key === key);
    if (!screen) throw new Error(`no register screen ${key}`);
    return { element: <RegisterPage key={key} screen={screen} /> };
  },
}));
