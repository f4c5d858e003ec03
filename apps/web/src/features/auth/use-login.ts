import { ERROR_CODES, LOGIN_RESULT, MSG } from '@concilia/domain';
import { useCallback, useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { purgeState } from '../../app/store';
import { ApiError, call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { useFinishSignIn } from './use-finish-sign-in';

export type LoginVariant = 'default' | 'spc';
export type Credentials = { username: string; password: string };

// Refusals the server explains in words the user can act on; anything else reads as a failed login.
const EXPLAINED = new Set<string>([ERROR_CODES.USER_EXPIRED, ERROR_CODES.RATE_LIMITED, ERROR_CODES.BOT_CHECK_FAILED]);

/**
 * The sign-in states of spec part 1 §4: LOGGEDOUT flags invalid credentials, 'jsf' hands the user to
 * the legacy application, any other answer is a session and completes the sign-in.
 */
export function useLogin(variant: LoginVariant) {
  const notifier = useNotifier();
  const finish = useFinishSignIn();
  const [invalid, setInvalid] = useState(false);

  const submit = useCallback(
    async ({ username, password }: Credentials, token: string | null) => {
      setInvalid(false);
      try {
        const { login } = await call(OPS.login, { username, password, values: { recaptcha: token } }, { silent: true });
        if (login === LOGIN_RESULT.LOGGEDOUT) {
          setInvalid(true);
          return;
        }
        if (login === LOGIN_RESULT.JSF) {
          const { urlVersaoAntiga } = await call(OPS.urlVersaoAntiga, undefined, { silent: true });
          purgeState();
          window.location.assign(urlVersaoAntiga);
          return;
        }
        await finish();
      } catch (err) {
        if (err instanceof ApiError && err.code && EXPLAINED.has(err.code)) {
          notifier.warning(err.message);
          return;
        }
        setInvalid(true);
        if (variant === 'default') notifier.warning(MSG.loginErro);
      }
    },
    [finish, notifier, variant],
  );

  return { submit, invalid };
}
