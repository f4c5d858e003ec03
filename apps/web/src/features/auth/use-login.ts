import { ERROR_CODES, LOGIN_RESULT, MSG } from '@concilia/domain';
import { useCallback, useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { purgeState } from '../../app/store';
import { ApiError, call } from '../../lib/api-client';
import { SESSION_OPS } from '../../lib/operations-session';
import { useFinishSignIn } from './use-finish-sign-in';

export type LoginVariant = 'default' | 'spc';
export type Credentials = { username: string; password: string };

// Refusals the server explains in words the user can act on; anything else reads as a failed login.
const EXPLAINED = new Set<string>([ERROR_CODES.USER_EXPIRED, ERROR_CODES.RATE_LIMITED, ERROR_CODES.BOT_CHECK_FAILED]);

/** How an attempt ended, for the form: 'harder' when the server asks for the harder bot check for this login. */
export type LoginOutcome = 'done' | 'failed' | 'harder';

/**
 * The sign-in states of spec part 1 §4: LOGGEDOUT flags invalid credentials, 'jsf' hands the user to
 * the legacy application, any other answer is a session and completes the sign-in. After repeated
 * failures for a login the server answers BOT_CHECK_HARDER instead: the form runs that login's harder
 * check and the user tries again (the login is never locked).
 */
export function useLogin(variant: LoginVariant) {
  const notifier = useNotifier();
  const finish = useFinishSignIn();
  const [invalid, setInvalid] = useState(false);

  const submit = useCallback(
    async ({ username, password }: Credentials, token: string | null): Promise<LoginOutcome> => {
      setInvalid(false);
      try {
        const { login } = await call(SESSION_OPS.login, { username, password, values: { recaptcha: token } }, { silent: true });
        if (login === LOGIN_RESULT.LOGGEDOUT) {
          setInvalid(true);
          return 'failed';
        }
        if (login === LOGIN_RESULT.JSF) {
          const { urlVersaoAntiga } = await call(SESSION_OPS.urlVersaoAntiga, undefined, { silent: true });
          purgeState();
          window.location.assign(urlVersaoAntiga);
          return 'done';
        }
        await finish();
        return 'done';
      } catch (err) {
        if (err instanceof ApiError && err.code === ERROR_CODES.BOT_CHECK_HARDER) return 'harder';
        if (err instanceof ApiError && err.code && EXPLAINED.has(err.code)) {
          notifier.warning(err.message);
          return 'failed';
        }
        setInvalid(true);
        if (variant === 'default') notifier.warning(MSG.loginErro);
        return 'failed';
      }
    },
    [finish, notifier, variant],
  );

  return { submit, invalid };
}
