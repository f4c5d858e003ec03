import { ROUTES } from '@concilia/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppState } from './store';

/**
 * Route gates of spec part 1 §4: not signed in → '/'; allowed flag false → 'Cadastro Pendente';
 * a global error → '/error'.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAppState((s) => s.authentication);
  const permission = useAppState((s) => s.permission);
  const error = useAppState((s) => s.error);
  const mode = useAppState((s) => s.mode);
  const location = useLocation();
  if (error === 'HAS_ERROR') return <Navigate to={ROUTES.error.path} replace />;
  if (auth !== 'AUTHENTICATED') return <Navigate to={mode === 'spc' ? ROUTES.loginSpc.path : ROUTES.login.path} replace />;
  if (permission === 'NOT_ALLOWED' && location.pathname !== ROUTES.notAllowed.path) {
    return <Navigate to={ROUTES.notAllowed.path} replace />;
  }
  return <>{children}</>;
}
