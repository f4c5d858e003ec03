import { useSyncExternalStore } from 'react';
import { initialState, readStoredState, STORAGE_KEY, type Action, type AppState } from './stored-state';

export { DEFAULT_THEME, initialState, STORAGE_KEY, type Action, type AppState, type Mode } from './stored-state';

/**
 * The client state of spec part 1 §4, persisted in browser storage. Small enough for a hand-written
 * store; components read slices with useAppState and change them with dispatch.
 */

export function reduce(s: AppState, a: Action): AppState {
  switch (a.type) {
    case 'AUTHENTICATED': return { ...s, authentication: 'AUTHENTICATED', permission: a.allowed ? 'ALLOWED' : 'NOT_ALLOWED', error: 'HAS_NO_ERROR' };
    case 'NOT_AUTHENTICATED': return { ...s, authentication: 'NOT_AUTHENTICATED' };
    case 'ALLOWED': return { ...s, permission: 'ALLOWED' };
    case 'NOT_ALLOWED': return { ...s, permission: 'NOT_ALLOWED' };
    case 'HAS_ERROR': return { ...s, error: 'HAS_ERROR' };
    case 'HAS_NO_ERROR': return { ...s, error: 'HAS_NO_ERROR' };
    case 'REQUEST_MENU': return { ...s, menu: 'REQUEST_MENU' };
    case 'RECEIVE_MENU': return { ...s, menu: 'RECEIVE_MENU' };
    case 'TOGGLE_SIDEBAR': return { ...s, sidebarOpen: a.open ?? !s.sidebarOpen };
    case 'LOAD_PAGE': return { ...s, pageLoaded: true, pageVisits: { ...s.pageVisits, [a.page]: (s.pageVisits[a.page] ?? 0) + 1 } };
    case 'SELECT_OPERADORA': return { ...s, operadora: { nome: a.nome, codigo: a.codigo } };
    case 'SET_MODE': return { ...s, mode: a.mode };
    case 'SET_THEME': return { ...s, theme: a.theme };
  }
}

let state: AppState = readStoredState();
const subscribers = new Set<() => void>();

/**
 * The error flag is not persisted: a request cut off by a page reload must not send the next page load
 * to /error.
 */
function persist(s: AppState): void {
  const { error: _error, ...rest } = s;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(rest));
}

export function dispatch(a: Action): void {
  state = reduce(state, a);
  try { persist(state); } catch { /* private mode: state lives in memory */ }
  subscribers.forEach((f) => f());
}

export function getState(): AppState {
  return state;
}

/**
 * Sign-out purges the persisted store but keeps the user's theme choice on this browser. Its callers
 * leave the page right after (a full load of the login route), so the screen is not re-rendered first:
 * a client-side redirect racing the page load would only flash and interrupt it.
 */
export function purgeState(): void {
  const theme = state.theme;
  state = { ...initialState, theme };
  try { localStorage.removeItem(STORAGE_KEY); persist(state); } catch { /* ignore */ }
}

/** Called after every change of the state; returns the unsubscribe. */
export function subscribe(listener: () => void): () => void {
  subscribers.add(listener);
  return () => subscribers.delete(listener);
}

/**
 * The third function is what the build's render of the sign-in page saw (no stored state), and so what the
 * browser's hydration of that HTML starts from; React re-renders with the stored state right after.
 */
export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state), () => select(initialState));
}
