import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { SESSION_OPS } from '../../lib/operations-session';
import { getState } from '../store';

/**
 * The shell's reads, under stable keys so the top bar, the drawer, the breadcrumb and the home page share
 * one request each. Sign-out clears the whole cache, so no user's answers outlive their session.
 */
export const SHELL_KEYS = {
  userInfo: ['shell', 'userInfo'],
  menus: ['shell', 'menus'],
  noticias: ['shell', 'noticias'],
  banner: ['shell', 'banner'],
  // same key as the login page's query, so both share the one public answer
  appConfig: ['getAppConfig'],
} as const;

const FIVE_MINUTES = 5 * 60_000;

const userInfoQuery = { queryKey: SHELL_KEYS.userInfo, queryFn: async () => (await call(SESSION_OPS.getUserInfo)).getUserInfo, staleTime: FIVE_MINUTES };
const menusQuery = { queryKey: SHELL_KEYS.menus, queryFn: async () => (await call(SESSION_OPS.getMenus)).getMenus, staleTime: FIVE_MINUTES };

export const useUserInfo = () => useQuery(userInfoQuery);

export const useMenus = () => useQuery(menusQuery);

/**
 * The two reads every /app page waits for (the user, and the menus that ScreenGate checks the page against), asked
 * when the router matches /app — beside the download of the shell's and the page's files instead of after it.
 * Only for a browser that holds a session (RequireAuth sends any other to the sign-in page).
 */
export function prefetchShell(): void {
  if (getState().authentication !== 'AUTHENTICATED') return;
  void queryClient.prefetchQuery(userInfoQuery);
  void queryClient.prefetchQuery(menusQuery);
}

export const useNoticias = () =>
  useQuery({ queryKey: SHELL_KEYS.noticias, queryFn: async () => (await call(SESSION_OPS.getNoticias)).getNoticias });

export const useBanner = () =>
  useQuery({ queryKey: SHELL_KEYS.banner, queryFn: async () => (await call(SESSION_OPS.getBanner)).getBanner });

export const useAppConfig = () =>
  useQuery({ queryKey: SHELL_KEYS.appConfig, queryFn: async () => (await call(SESSION_OPS.getAppConfig)).getAppConfig, staleTime: FIVE_MINUTES });
