import { FONT_FAMILY, LIGHT_INFO_MAIN, type ThemeOption } from './theme-options';

/*
 * The colours MUI derives from a theme option, worked out here without MUI: the public pages (the sign-in page
 * first) are drawn by their own stylesheet before MUI's code loads, in the same colours as the MUI screens. The
 * arithmetic is MUI's own (lighten/darken per channel, truncated; WCAG luminance for the contrast text), and
 * theme-colours.test.ts holds every value equal to the theme buildTheme makes, for all sixteen themes.
 */

type Rgb = readonly [number, number, number];

/** '#rrggbb' or 'rgb(r, g, b)' (what lighten and darken give) as its three channels. */
function rgbOf(colour: string): Rgb {
  if (colour.startsWith('rgb(')) return colour.slice(4, -1).split(',').map(Number) as unknown as Rgb;
  const h = colour.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as unknown as Rgb;
}

const css = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** MUI's lighten: each channel moved towards white by the coefficient, truncated. */
export const lighten = (colour: string, k: number): string => css(rgbOf(colour).map((c) => Math.trunc(c + (255 - c) * k)) as unknown as Rgb);
/** MUI's darken: each channel scaled towards black, truncated. */
export const darken = (colour: string, k: number): string => css(rgbOf(colour).map((c) => Math.trunc(c * (1 - k))) as unknown as Rgb);

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return Number((0.2126 * r + 0.7152 * g + 0.0722 * b).toFixed(3));
}

/** MUI's getContrastText: white when it reaches 3:1 on the colour (white's luminance is 1), else near-black. */
export function contrastText(hex: string): string {
  return (1 + 0.05) / (luminance(hex) + 0.05) >= 3 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}

/** MUI's neutral tones of each mode (text, lines, paper) and its default error and info tones. */
const MODE_TONES = {
  light: {
    text: 'rgba(0, 0, 0, 0.87)', textSecondary: 'rgba(0, 0, 0, 0.6)', textDisabled: 'rgba(0, 0, 0, 0.38)',
    action: 'rgba(0, 0, 0, 0.54)', actionDisabled: 'rgba(0, 0, 0, 0.26)', disabledBackground: 'rgba(0, 0, 0, 0.12)',
    outline: 'rgba(0, 0, 0, 0.23)', paper: '#ffffff', paperOverlay: 'none',
    error: '#d32f2f', errorLight: '#ef5350', info: LIGHT_INFO_MAIN,
  },
  dark: {
    text: '#fff', textSecondary: 'rgba(255, 255, 255, 0.7)', textDisabled: 'rgba(255, 255, 255, 0.5)',
    action: '#fff', actionDisabled: 'rgba(255, 255, 255, 0.3)', disabledBackground: 'rgba(255, 255, 255, 0.12)',
    outline: 'rgba(255, 255, 255, 0.23)', paper: '#121212',
    // MUI lightens a dark-mode paper by its elevation: the card's 8 is this overlay
    paperOverlay: 'linear-gradient(rgba(255, 255, 255, 0.118), rgba(255, 255, 255, 0.118))',
    error: '#f44336', errorLight: '#e57373', info: '#29b6f6',
  },
} as const;

/** MUI's standard Alert: text and background from the tone's light shade, the icon in its main one. */
function alertTones(option: ThemeOption, main: string, light: string) {
  return option.mode === 'light'
    ? { fg: darken(light, 0.6), bg: lighten(light, 0.9), icon: main }
    : { fg: lighten(light, 0.6), bg: darken(light, 0.9), icon: main };
}

/**
 * The theme's colours as the custom properties the public pages' stylesheet (auth.css) reads, set on their root
 * element: a returning visitor's theme paints the page from its first render.
 */
export function themeColourVariables(option: ThemeOption): Record<`--${string}`, string> {
  const tones = MODE_TONES[option.mode];
  const infoLight = option.mode === 'light' ? lighten(tones.info, 0.2) : '#4fc3f7';
  const error = alertTones(option, tones.error, tones.errorLight);
  const info = alertTones(option, tones.info, infoLight);
  return {
    '--font-family': FONT_FAMILY,
    '--c-primary': option.primary,
    '--c-primary-dark': darken(option.primary, 0.3),
    '--c-primary-light': lighten(option.primary, 0.2),
    '--c-on-primary': contrastText(option.primary),
    '--c-text': tones.text,
    '--c-text-secondary': tones.textSecondary,
    '--c-text-disabled': tones.textDisabled,
    '--c-action': tones.action,
    '--c-action-disabled': tones.actionDisabled,
    '--c-disabled-bg': tones.disabledBackground,
    '--c-outline': tones.outline,
    '--c-paper': tones.paper,
    '--c-paper-overlay': tones.paperOverlay,
    '--c-error': tones.error,
    '--c-alert-error-fg': error.fg,
    '--c-alert-error-bg': error.bg,
    '--c-alert-error-icon': error.icon,
    '--c-alert-info-fg': info.fg,
    '--c-alert-info-bg': info.bg,
    '--c-alert-info-icon': info.icon,
  };
}
