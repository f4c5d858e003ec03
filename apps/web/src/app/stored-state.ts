/**
 * The client state's shape and its reading from browser storage, without React: the entry reads it before React
 * is loaded (main.tsx: whether the HTML the build made is this visit's page), the store (store.ts) keeps it.
 */
export type Mode = 'default' | 'vis' | 'spc';
export type AppState = {
  authentication: 'NOT_AUTHENTICATED' | 'AUTHENTICATED';
  permission: 'ALLOWED' | 'NOT_ALLOWED';
  error: 'HAS_ERROR' | 'HAS_NO_ERROR';
  menu: 'REQUEST_MENU' | 'RECEIVE_MENU';
  sidebarOpen: boolean;
  pageLoaded: boolean;
  operadora: { nome: string; codigo: number } | null;
  mode: Mode;
  theme: string;
  /** how often each page was opened, for the home page's shortcuts */
  pageVisits: Record<string, number>;
};

export type Action =
  | { type: 'AUTHENTICATED'; allowed: boolean }
  | { type: 'NOT_AUTHENTICATED' }
  | { type: 'ALLOWED' }
  | { type: 'NOT_ALLOWED' }
  | { type: 'HAS_ERROR' }
  | { type: 'HAS_NO_ERROR' }
  | { type: 'REQUEST_MENU' }
  | { type: 'RECEIVE_MENU' }
  | { type: 'TOGGLE_SIDEBAR'; open?: boolean }
  | { type: 'LOAD_PAGE'; page: string }
  | { type: 'SELECT_OPERADORA'; nome: string; codigo: number }
  | { type: 'SET_MODE'; mode: Mode }
  | { type: 'SET_THEME'; theme: string };

export const STORAGE_KEY = 'concilia:state';
export const DEFAULT_THEME = 'azul-ciano-claro';

export const initialState: AppState = {
  authentication: 'NOT_AUTHENTICATED',
  permission: 'ALLOWED',
  error: 'HAS_NO_ERROR',
  menu: 'REQUEST_MENU',
  sidebarOpen: true,
  pageLoaded: false,
  operadora: null,
  mode: 'default',
  theme: DEFAULT_THEME,
  pageVisits: {},
};

/** The state this browser stored, over the initial one; the initial one without storage (Node, private mode). */
export function readStoredState(): AppState {
  try {
    if (typeof localStorage === 'undefined') return initialState;
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? { ...initialState, ...(JSON.parse(raw) as Partial<AppState>) } : initialState;
  } catch {
    return initialState;
  }
}
