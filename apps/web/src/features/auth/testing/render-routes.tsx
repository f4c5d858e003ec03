import { createTheme, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { NotificationsProvider } from '../../../app/notifications';
import { ProcessingProvider } from '../../../app/processing';
import { purgeState } from '../../../app/store';
import { queryClient } from '../../../lib/query-client';

/** Renders routes under the app's providers (the same query client the auth code clears). */
export function renderRoutes(routes: RouteObject[], initialEntry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const view = render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <ProcessingProvider>
            <RouterProvider router={router} />
          </ProcessingProvider>
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { router, ...view };
}

/** Vitest runs without globals here, so Testing Library cannot clean up by itself. */
export function resetAfterTest() {
  cleanup();
  queryClient.clear();
  localStorage.clear();
  purgeState();
  vi.unstubAllGlobals();
}
