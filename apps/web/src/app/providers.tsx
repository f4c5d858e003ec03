import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { ErrorRules } from './error-rules';
import { NotificationsProvider } from './notifications';
import { ProcessingProvider } from './processing';
import { useAppState } from './store';
import { buildTheme } from './theme/themes';

/**
 * What every page needs, the sign-in page included. The date pickers' localization (only the tables' date
 * filters use it) is in DatesProvider, loaded with the register table.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const themeId = useAppState((s) => s.theme);
  const theme = useMemo(() => buildTheme(themeId), [themeId]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <NotificationsProvider>
          <ProcessingProvider>
            <ErrorRules />
            {children}
          </ProcessingProvider>
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
