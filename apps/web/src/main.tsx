import '@fontsource/open-sans/400.css';
import '@fontsource/open-sans/600.css';
import '@fontsource/open-sans/700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';

// The first render as a transition: React renders it in slices of a few milliseconds, yielding to the browser
// between them, instead of one task as long as the whole tree (the sign-in page's first render was the longest
// task Lighthouse counted as blocking). The logo placeholder of index.html stays painted until React commits.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
