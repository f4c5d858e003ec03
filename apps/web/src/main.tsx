import { hydrateOnInteraction } from './app/prerender/hydrate-on-interaction';
import { matchesPrerender } from './app/prerender/prerendered-page';
import { readStoredState } from './app/stored-state';

// The entry holds only what decides how the page starts; React and the app are app/boot.tsx, fetched with this
// file (the HTML preloads it) and evaluated when called.
const container = document.getElementById('root')!;
const start = (adoptHtml: boolean) => import('./app/boot').then(({ startApp }) => startApp(container, adoptHtml));
if (matchesPrerender(container, window.location, readStoredState())) hydrateOnInteraction(container, () => start(true));
else void start(false);
