import '@fontsource/open-sans/400.css';
import '@fontsource/open-sans/600.css';
import '@fontsource/open-sans/700.css';
import { BUSINESS_DAY_META, knowBusinessDay, parseBusinessDayMeta } from '@concilia/domain';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { whenHydrated } from '../lib/hydration';
import { PRERENDERED_ATTRIBUTE } from './prerender/prerendered-page';
import { AppProviders } from './providers';
import { routes } from './routes';

/**
 * React and the app. app.html (every page but the sign-in page the build rendered) loads this file as its entry
 * and it starts at once (below); index.html loads main.tsx, which starts it — the sign-in page at the person's
 * first interaction (prerender/hydrate-on-interaction.ts).
 *
 * The first render as a transition: React renders (or hydrates) it in slices of a few milliseconds, yielding to
 * the browser between them, instead of one task as long as the whole tree. Hydration adopts the HTML's DOM and style
 * rules instead of making them again; any other page draws over the logo placeholder of app.html.
 * Resolves once the app's root has committed.
 */
export function startApp(container: HTMLElement, adoptHtml: boolean): Promise<void> {
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  startTransition(() => {
    if (adoptHtml) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  return whenHydrated;
}

// the /app pages' HTML says which business day it is (static-files.ts), so a first screen's dates need no Intl
knowBusinessDay(parseBusinessDayMeta(document.querySelector(`meta[name="${BUSINESS_DAY_META}"]`)?.getAttribute('content')));

// app.html's #root holds the logo placeholder, not a page the build rendered: nothing to decide, start now
const root = document.getElementById('root');
if (root && !root.hasAttribute(PRERENDERED_ATTRIBUTE)) void startApp(root, false);
