import '@fontsource/open-sans/400.css';
import '@fontsource/open-sans/600.css';
import '@fontsource/open-sans/700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { matchesPrerender } from './app/prerender/prerendered-page';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { getState } from './app/store';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>
  </StrictMode>
);
// The first render as a transition: React renders (or hydrates) it in slices of a few milliseconds, yielding to
// the browser between them, instead of one task as long as the whole tree. The sign-in page arrives as HTML made
// by the build and is hydrated (its DOM and style rules adopted, not made again); any other page draws over the
// logo placeholder of app.html.
startTransition(() => {
  if (matchesPrerender(container, window.location, getState())) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
