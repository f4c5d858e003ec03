import 'dayjs/locale/pt-br';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { ErrorRules } from './error-rules';
import { NotificationsProvider } from './notifications';
import { ProcessingProvider } from './processing';
import { useAppState } from './store';
import { buildTheme } from './theme/themes';

export function AppProviders({ children }: { children: ReactNode }) {
  const themeId = useAppState((s) => s.theme);
  const theme = useMemo(() => buildTheme(themeId), [themeId]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
        <QueryClientProvider client={queryClient}>
          <NotificationsProvider>
            <ProcessingProvider>
              <ErrorRules />
              {children}
            </ProcessingProvider>
          </NotificationsProvider>
        </QueryClientProvider>
      </LocalizationProvider>
    </ThemeProvider>
  );
}
