import type { RouteObject } from 'react-router';
import type { ScreenHandle } from '../app/screen-gate';
import { REGISTER_SCREENS } from './registry';

/**
 * The router's entries for the register screens, children of /app. Each loads the generic page (and the
 * table library with it) on first visit, so the sign-in page does not carry them.
 */
export const registerRoutes: RouteObject[] = REGISTER_SCREENS.map((screen) => ({
  path: screen.path.replace(/^\/app\//, ''),
  handle: { screen: screen.def.page } satisfies ScreenHandle,
  lazy: async () => {
    const { RegisterPage } = await import('./register-page');
    return { element: <RegisterPage key={screen.def.key} screen={screen} /> };
  },
}));
