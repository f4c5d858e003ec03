import { describe, expect, it } from 'vitest';
import { themeColourVariables } from './theme-colours';
import { buildTheme, THEMES } from './themes';

/** What the public pages paint must be what MUI paints: the same colours, worked out without MUI. */
describe('theme colours without MUI', () => {
  it.each(THEMES.map((t) => [t.id, t] as const))('%s: the custom properties are the MUI theme’s colours', (_id, option) => {
    const theme = buildTheme(option.id);
    const { palette } = theme;
    const vars = themeColourVariables(option);
    const alert = (tone: 'error' | 'info') =>
      palette.mode === 'light'
        ? { fg: theme.darken(palette[tone].light, 0.6), bg: theme.lighten(palette[tone].light, 0.9) }
        : { fg: theme.lighten(palette[tone].light, 0.6), bg: theme.darken(palette[tone].light, 0.9) };
    expect(vars).toMatchObject({
      '--font-family': theme.typography.fontFamily,
      '--c-primary': palette.primary.main,
      '--c-primary-dark': palette.primary.dark,
      '--c-primary-light': palette.primary.light,
      '--c-on-primary': palette.primary.contrastText,
      '--c-text': palette.text.primary,
      '--c-text-secondary': palette.text.secondary,
      '--c-text-disabled': palette.text.disabled,
      '--c-action': palette.action.active,
      '--c-action-disabled': palette.action.disabled,
      '--c-disabled-bg': palette.action.disabledBackground,
      '--c-paper': palette.background.paper,
      '--c-error': palette.error.main,
      '--c-alert-error-fg': alert('error').fg,
      '--c-alert-error-bg': alert('error').bg,
      '--c-alert-error-icon': palette.error.main,
      '--c-alert-info-fg': alert('info').fg,
      '--c-alert-info-bg': alert('info').bg,
      '--c-alert-info-icon': palette.info.main,
    });
  });
});
