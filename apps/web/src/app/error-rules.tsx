import { useEffect } from 'react';
import { ApiError, onApiError } from '../lib/api-client';
import { isNotLoggedIn, userMessageFor } from '../lib/error-rules';
import { signOut } from '../features/auth/sign-out';
import { useNotify } from './notifications';
import { dispatch, getState } from './store';

/**
 * The error rules of spec part 1 §8, applied once for every call: 'Usuário não logado' forces a logout,
 * network failures raise the global error flag (the gates then show /error), anything else is a warning.
 */
export function ErrorRules() {
  const notify = useNotify();
  useEffect(
    () =>
      onApiError((e) => {
        if (!(e instanceof ApiError)) {
          dispatch({ type: 'HAS_ERROR' });
          if (getState().authentication !== 'AUTHENTICATED') window.location.assign('/error');
          return;
        }
        if (isNotLoggedIn(e.message)) {
          if (getState().authentication === 'AUTHENTICATED') void signOut({ callServer: false });
          return;
        }
        notify(userMessageFor(e.message, e.code), 'warning');
      }),
    [notify],
  );
  return null;
}
