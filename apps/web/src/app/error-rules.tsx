import { ERROR_CODES } from '@concilia/domain';
import { useEffect } from 'react';
import { ApiError, onApiError } from '../lib/api-client';
import { isNotLoggedIn, userMessageFor } from '../lib/error-rules';
import { signOut } from '../features/auth/sign-out';
import { queryClient } from '../lib/query-client';
import { useNotify } from './notifications';
import { SHELL_KEYS } from './shell/shell-queries';
import { dispatch, getState } from './store';

/**
 * The error rules of spec part 1 §8, applied once for every call: 'Usuário não logado' forces a logout, a pending
 * registration answer shows Cadastro Pendente,
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
        // the server set this user back to a pending registration mid-session: the shell shows Cadastro Pendente at once
        // (the shell follows getUserInfo's 'permitido', so the user info is read afresh rather than kept for 5 minutes)
        if (e.code === ERROR_CODES.REGISTRATION_PENDING) {
          void queryClient.invalidateQueries({ queryKey: SHELL_KEYS.userInfo });
          return;
        }
        notify(userMessageFor(e.message, e.code), 'warning');
      }),
    [notify],
  );
  return null;
}
