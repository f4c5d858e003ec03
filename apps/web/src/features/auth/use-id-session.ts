import { MSG } from '@concilia/domain';
import { useEffect, useRef, useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { call } from '../../lib/api-client';
import { SESSION_OPS } from '../../lib/operations-session';
import { useFinishSignIn } from './use-finish-sign-in';

/**
 * Automatic sign-in from ?idsession=… (a short-lived, single-use token issued by the server). Returns
 * true while the link is being used. The ref keeps StrictMode's second effect run from spending the
 * token twice (the second use would fail and show a false error).
 */
export function useIdSession(idsession: string | null): boolean {
  const notifier = useNotifier();
  const finish = useFinishSignIn();
  const started = useRef(false);
  const [pending, setPending] = useState(!!idsession);

  useEffect(() => {
    if (!idsession || started.current) return;
    started.current = true;
    call(SESSION_OPS.loginIdSession, { idsession }, { silent: true })
      .then(() => finish())
      .catch((err: unknown) => {
        notifier.warning(err instanceof Error && err.message ? err.message : MSG.linkAcessoInvalido);
        setPending(false);
      });
  }, [idsession, finish, notifier]);

  return pending;
}
