import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useNotificationBarNeeded } from '../notifications';
import { AppThemeProvider } from './app-theme';
import { MUI_PT_BR } from './mui-pt-br';

/** The theme of the page around it, with MUI's pt-BR texts (pagination, autocomplete, date pickers, alerts). */
export const withLocale = (outer: Theme) => createTheme(outer, MUI_PT_BR, pickersPtBR);

/**
 * MUI, its theme and its pt-BR locale, for every page but the sign-in page: a layout route of its own chunk,
 * fetched with the lazy pages it wraps. The sign-in page is drawn without MUI (features/auth/auth.css). MUI's
 * component texts are our own (mui-pt-br.ts), not MUI's locale module, which makes an Intl object as it is
 * evaluated. These pages also want the notification bar ready
 * (a notice shown just before the page changes must not wait for its code), so they ask for it.
 */
export function LocalizedTheme() {
  const needBar = useNotificationBarNeeded();
  useEffect(() => needBar(), [needBar]);
  return (
    <AppThemeProvider>
      <CssBaseline />
      <ThemeProvider theme={withLocale}>
        <Outlet />
      </ThemeProvider>
    </AppThemeProvider>
  );
}
