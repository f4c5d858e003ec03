import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { ptBR as corePtBR } from '@mui/material/locale';
import { ptBR as pickersPtBR } from '@mui/x-date-pickers/locales';
import { Outlet } from 'react-router';

/** The theme of the page around it, with MUI's pt-BR texts (pagination, autocomplete, date pickers, alerts). */
export const withLocale = (outer: Theme) => createTheme(outer, corePtBR, pickersPtBR);

/**
 * MUI's pt-BR locale, for every page but the sign-in page. The locale builds an `Intl.NumberFormat` when its
 * module is evaluated, and the first `Intl` object a page creates loads the browser's ICU data: 57–107 ms of
 * one task in Chromium here, the largest part of the sign-in page's blocking time under Lighthouse's 4× CPU
 * slowdown. The sign-in page shows none of these texts (its notification bar names its close button itself),
 * so the locale is a layout route of its own chunk, fetched with the lazy pages it wraps.
 */
export function LocalizedTheme() {
  return (
    <ThemeProvider theme={withLocale}>
      <Outlet />
    </ThemeProvider>
  );
}
