import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { dispatch, getState } from '../store';
import { pageKeyFor } from './page-key';
import { useMenus, useUserInfo } from './shell-queries';

/** Counts a visit (LOAD_PAGE) once per navigation, for the home page's shortcuts. */
export function usePageVisits(): void {
  const location = useLocation();
  // StrictMode runs effects twice on mount; the location key makes the second run a no-op.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === location.key) return;
    counted.current = location.key;
    const key = pageKeyFor(location.pathname);
    if (key) dispatch({ type: 'LOAD_PAGE', page: key });
  }, [location.key, location.pathname]);
}

/**
 * The server is the judge of whether the registration is complete: a 'permitido' false sends the user to
 * 'Cadastro Pendente' through the gates, and a true one lifts a flag left from an earlier session.
 */
export function usePermissionFromServer(): void {
  const permitido = useUserInfo().data?.permitido;
  useEffect(() => {
    if (permitido === false && getState().permission !== 'NOT_ALLOWED') dispatch({ type: 'NOT_ALLOWED' });
    if (permitido === true && getState().permission !== 'ALLOWED') dispatch({ type: 'ALLOWED' });
  }, [permitido]);
}

/** Mirrors the menu request into the client state of spec part 1 §4 (REQUEST_MENU / RECEIVE_MENU). */
export function useMenuState(): void {
  const received = useMenus().isSuccess;
  useEffect(() => {
    const wanted = received ? 'RECEIVE_MENU' : 'REQUEST_MENU';
    if (getState().menu !== wanted) dispatch({ type: wanted });
  }, [received]);
}
