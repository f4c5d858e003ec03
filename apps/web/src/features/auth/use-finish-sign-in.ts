import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dispatch } from '../../app/store';
import { call } from '../../lib/api-client';
import { SESSION_OPS } from '../../lib/operations-session';
import { queryClient } from '../../lib/query-client';
import { landingFor } from './landing';

/**
 * What every successful sign-in does (password or link): read whether the registration is complete,
 * mark the client authenticated, set the mode and go to the landing page. Throws when getUserInfo fails,
 * so the caller reports it like a failed sign-in.
 */
export function useFinishSignIn(): () => Promise<void> {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(async () => {
    const { getUserInfo } = await call(SESSION_OPS.getUserInfo, undefined, { silent: true });
    const target = landingFor(pathname, search);
    // A link sign-in may replace another user's session: nothing cached for that user may leak over.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'getAppConfig' });
    dispatch({ type: 'SET_MODE', mode: target.mode });
    dispatch({ type: 'AUTHENTICATED', allowed: getUserInfo.permitido });
    navigate(target.path, { replace: true });
  }, [navigate, pathname, search]);
}
