import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useAppState } from '../store';
import { buildTheme } from './themes';

/**
 * MUI's theme of the visitor's choice. Not above the routes (the sign-in page draws without MUI): around every other
 * page (LocalizedTheme), and around each MUI part that can show over the sign-in page, in its own lazy chunk — the
 * notification bar, the processing dialog, the password dialogs.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const themeId = useAppState((s) => s.theme);
  const theme = useMemo(() => buildTheme(themeId), [themeId]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
