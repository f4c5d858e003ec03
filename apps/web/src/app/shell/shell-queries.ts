import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { SESSION_OPS } from '../../lib/operations-session';

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

export const useUserInfo = () =>
  useQuery({ queryKey: SHELL_KEYS.userInfo, queryFn: async () => (await call(SESSION_OPS.getUserInfo)).getUserInfo, staleTime: FIVE_MINUTES });

export const useMenus = () =>
  useQuery({ queryKey: SHELL_KEYS.menus, queryFn: async () => (await call(SESSION_OPS.getMenus)).getMenus, staleTime: FIVE_MINUTES });

export const useNoticias = () =>
  useQuery({ queryKey: SHELL_KEYS.noticias, queryFn: async () => (await call(SESSION_OPS.getNoticias)).getNoticias });

export const useBanner = () =>
  useQuery({ queryKey: SHELL_KEYS.banner, queryFn: async () => (await call(SESSION_OPS.getBanner)).getBanner });

export const useAppConfig = () =>
  useQuery({ queryKey: SHELL_KEYS.appConfig, queryFn: async () => (await call(SESSION_OPS.getAppConfig)).getAppConfig, staleTime: FIVE_MINUTES });
