import { describe, expect, it } from 'vitest';
import { initialState, type AppState } from '../stored-state';
import { matchesPrerender } from './prerendered-page';

const root = (prerendered: string | null) => {
  const el = document.createElement('div');
  if (prerendered !== null) el.setAttribute('data-prerendered', prerendered);
  return el;
};
const at = (pathname: string, search = '') => ({ pathname, search });
const state = (changes: Partial<AppState> = {}): AppState => ({ ...initialState, ...changes });

describe('whether the browser adopts the sign-in page the build rendered', () => {
  it('adopts it on a first visit to /, with or without the ?isVis flag', () => {
    expect(matchesPrerender(root('/'), at('/'), state())).toBe(true);
    expect(matchesPrerender(root('/'), at('/', '?isVis=true'), state({ mode: 'vis' }))).toBe(true);
  });

  it('draws the page afresh when this visit shows something else than the rendered HTML', () => {
    // a session already open goes on to the app; a theme of the user's own has other colours
    expect(matchesPrerender(root('/'), at('/'), state({ authentication: 'AUTHENTICATED' }))).toBe(false);
    expect(matchesPrerender(root('/'), at('/'), state({ theme: 'verde-escuro' }))).toBe(false);
    // an automatic sign-in link and a password-reset link change the subtitle and open a dialog
    expect(matchesPrerender(root('/'), at('/', '?idsession=abc'), state())).toBe(false);
    expect(matchesPrerender(root('/'), at('/', '?idTrocaSenha=xyz'), state())).toBe(false);
  });

  it('never adopts the placeholder of app.html, nor HTML rendered for another path', () => {
    expect(matchesPrerender(root(null), at('/'), state())).toBe(false);
    expect(matchesPrerender(root(null), at('/app/dashboard'), state())).toBe(false);
    expect(matchesPrerender(root('/'), at('/spc'), state())).toBe(false);
  });
});
