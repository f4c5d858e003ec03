import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { DEFAULT_THEME } from '../store';

type Tones = { primary: string; secondary: string };
type Palette = { key: string; name: string; light: Tones; dark: Tones };

/**
 * The 8 palettes behind the 16 themes (spec part 1 §9). Dark variants use lighter tones of the same hues
 * so text and icons in the primary colour keep their contrast on a dark background; light primaries keep
 * WCAG AA's 4.5:1 for text on the page background (#f5f7fa), as buttons in the primary colour are text.
 */
const PALETTES: readonly Palette[] = [
  { key: 'azul-ciano', name: 'Azul Ciano', light: { primary: '#0273b7', secondary: '#00acc1' }, dark: { primary: '#4fc3f7', secondary: '#4dd0e1' } },
  { key: 'azul', name: 'Azul', light: { primary: '#1565c0', secondary: '#ff8f00' }, dark: { primary: '#64b5f6', secondary: '#ffb74d' } },
  { key: 'indigo', name: 'Índigo', light: { primary: '#3949ab', secondary: '#ec407a' }, dark: { primary: '#7986cb', secondary: '#f48fb1' } },
  { key: 'roxo', name: 'Roxo', light: { primary: '#6a1b9a', secondary: '#26a69a' }, dark: { primary: '#ba68c8', secondary: '#4db6ac' } },
  { key: 'verde', name: 'Verde', light: { primary: '#2e7d32', secondary: '#f9a825' }, dark: { primary: '#81c784', secondary: '#ffd54f' } },
  { key: 'verde-azulado', name: 'Verde-Azulado', light: { primary: '#00796b', secondary: '#ff7043' }, dark: { primary: '#4db6ac', secondary: '#ff8a65' } },
  { key: 'laranja', name: 'Laranja', light: { primary: '#bf360c', secondary: '#5c6bc0' }, dark: { primary: '#ffb74d', secondary: '#9fa8da' } },
  { key: 'vermelho', name: 'Vermelho', light: { primary: '#c62828', secondary: '#546e7a' }, dark: { primary: '#e57373', secondary: '#90a4ae' } },
];

const MODES: readonly { mode: PaletteMode; suffix: string; word: string }[] = [
  { mode: 'light', suffix: 'claro', word: 'Claro' },
  { mode: 'dark', suffix: 'escuro', word: 'Escuro' },
];

export type ThemeOption = { id: string; label: string; mode: PaletteMode; primary: string; secondary: string };

/** Every selectable theme, light and dark of each palette, in picker order. */
export const THEMES: readonly ThemeOption[] = PALETTES.flatMap((p) =>
  MODES.map((m) => ({ id: `${p.key}-${m.suffix}`, label: `${p.name} ${m.word}`, mode: m.mode, ...p[m.mode] })),
);

const byId = new Map(THEMES.map((t) => [t.id, t]));

/** The option for an id; a stale or unknown id (e.g. from an older stored state) falls back to the default. */
export function themeOption(id: string | null | undefined): ThemeOption {
  return (id && byId.get(id)) || byId.get(DEFAULT_THEME)!;
}

export const FONT_FAMILY = '"Open Sans", "Helvetica Neue", Arial, sans-serif';

export function buildTheme(id: string | null | undefined): Theme {
  const t = themeOption(id);
  return createTheme(
    {
      palette: {
        mode: t.mode,
        primary: { main: t.primary },
        secondary: { main: t.secondary },
        // light mode: MUI's warning and info tones carry white text below 4.5:1 (filled notifications); darker ones keep AA
        ...(t.mode === 'light' ? { background: { default: '#f5f7fa', paper: '#ffffff' }, warning: { main: '#b45309' }, info: { main: '#0271b3' } } : {}),
      },
      typography: { fontFamily: FONT_FAMILY },
      shape: { borderRadius: 8 },
    },
  );
}
