import { DEFAULT_THEME } from '../store';

/*
 * The selectable themes as plain data, without MUI: the sign-in page, drawn before MUI loads, paints its colours
 * from these (theme-colours.ts), and themes.ts builds MUI's themes from the same options.
 */

/** Light or dark, as MUI's palette names it (spelled here so that this module does not import MUI). */
export type PaletteMode = 'light' | 'dark';

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

/** Light mode's info tone: MUI's own carries white text below 4.5:1 in filled notifications. */
export const LIGHT_INFO_MAIN = '#0271b3';

export const FONT_FAMILY = '"Open Sans", "Helvetica Neue", Arial, sans-serif';
