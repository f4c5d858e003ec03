import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { markHydrated } from '../lib/hydration';
import { queryClient } from '../lib/query-client';
import { ErrorRules } from './error-rules';
import { NotificationsProvider } from './notifications';
import { ProcessingProvider } from './processing';

/**
 * What every page needs, the sign-in page included. MUI's theme is not here: the sign-in page is drawn without MUI
 * (features/auth/auth.css), and every other page is under LocalizedTheme, a lazy layout route that brings MUI with
 * the page; the parts above the routes that use MUI (notification bar, processing dialog, the sign-in page's dialogs)
 * put AppThemeProvider around themselves in their own lazy chunks. The date pickers' localization (only the tables'
 * date filters use it) is in DatesProvider, loaded with the register table.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(markHydrated, []);
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsProvider>
        <ProcessingProvider>
          <ErrorRules />
          {children}
        </ProcessingProvider>
      </NotificationsProvider>
    </QueryClientProvider>
  );
}
