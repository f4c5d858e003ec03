import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../store';
import { withLocale } from './localized-theme';
import { buildTheme, FONT_FAMILY, themeOption, THEMES } from './themes';

describe('themes', () => {
  it('offers 16 themes with unique kebab-case ids', () => {
    expect(THEMES).toHaveLength(16);
    expect(new Set(THEMES.map((t) => t.id)).size).toBe(16);
    for (const t of THEMES) expect(t.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(new Set(THEMES.map((t) => t.label)).size).toBe(16);
  });

  it('has a light and a dark version of each of the 8 palettes', () => {
    expect(THEMES.filter((t) => t.mode === 'light')).toHaveLength(8);
    expect(THEMES.filter((t) => t.mode === 'dark')).toHaveLength(8);
    for (const t of THEMES.filter((x) => x.mode === 'light')) {
      expect(THEMES.some((d) => d.mode === 'dark' && d.id === t.id.replace(/-claro$/, '-escuro'))).toBe(true);
    }
  });

  it('defaults to blue-cyan light, also for unknown or missing ids', () => {
    expect(DEFAULT_THEME).toBe('azul-ciano-claro');
    expect(themeOption(DEFAULT_THEME)).toMatchObject({ id: 'azul-ciano-claro', label: 'Azul Ciano Claro', mode: 'light' });
    expect(themeOption('nao-existe').id).toBe(DEFAULT_THEME);
    expect(themeOption(undefined).id).toBe(DEFAULT_THEME);
    expect(buildTheme('nao-existe').palette.primary.main).toBe(buildTheme(DEFAULT_THEME).palette.primary.main);
  });

  it('builds MUI themes in the chosen mode, with Open Sans', () => {
    const dark = buildTheme('verde-escuro');
    expect(dark.palette.mode).toBe('dark');
    expect(dark.typography.fontFamily).toBe(FONT_FAMILY);
    expect(FONT_FAMILY).toMatch(/^"Open Sans"/);
    const light = buildTheme(DEFAULT_THEME);
    expect(light.palette.mode).toBe('light');
    // the sign-in page's theme has no locale: its module builds an Intl object (see LocalizedTheme)
    expect(light.components?.MuiTablePagination).toBeUndefined();
  });

  it('adds the pt-BR texts of MUI in the pages LocalizedTheme wraps, keeping the chosen palette', () => {
    const dark = withLocale(buildTheme('verde-escuro'));
    expect(dark.palette.mode).toBe('dark');
    expect(dark.palette.primary.main).toBe(buildTheme('verde-escuro').palette.primary.main);
    // locale texts come in as component default props
    expect(dark.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Linhas por página:');
    expect(dark.components?.MuiTablePagination?.defaultProps?.labelDisplayedRows?.({ from: 1001, to: 2000, count: 12345, page: 1 })).toBe('1.001–2.000 de 12.345');
    expect(dark.components?.MuiTablePagination?.defaultProps?.labelDisplayedRows?.({ from: 1, to: 10, count: -1, page: 0 })).toBe('1–10 de mais de 10');
    expect(dark.components?.MuiAlert?.defaultProps?.closeText).toBe('Fechar');
    expect(dark.components).toHaveProperty('MuiLocalizationProvider');
  });
});
