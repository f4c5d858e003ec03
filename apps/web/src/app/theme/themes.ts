import { createTheme, type Theme } from '@mui/material/styles';
import { FONT_FAMILY, LIGHT_INFO_MAIN, themeOption } from './theme-options';

export { FONT_FAMILY, THEMES, themeOption, type ThemeOption } from './theme-options';

const built = new Map<string, Theme>();

/** MUI's theme for a theme id (built once per id: the providers of several lazy parts ask for the same one). */
export function buildTheme(id: string | null | undefined): Theme {
  const t = themeOption(id);
  const known = built.get(t.id);
  if (known) return known;
  const theme = createTheme(
    {
      palette: {
        mode: t.mode,
        primary: { main: t.primary },
        secondary: { main: t.secondary },
        // light mode: MUI's warning and info tones carry white text below 4.5:1 (filled notifications); darker ones keep AA
        ...(t.mode === 'light' ? { background: { default: '#f5f7fa', paper: '#ffffff' }, warning: { main: '#b45309' }, info: { main: LIGHT_INFO_MAIN } } : {}),
      },
      typography: { fontFamily: FONT_FAMILY },
      shape: { borderRadius: 8 },
    },
  );
  built.set(t.id, theme);
  return theme;
}
