import { MSG } from '@concilia/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { getState } from '../../app/store';
import { ApiError } from '../../lib/api-client';
import { isNotLoggedIn, userMessageFor } from '../../lib/error-rules';
import { signOut } from './sign-out';

type Options<T extends FieldValues> = {
  fields: readonly Path<T>[];
  setError: UseFormSetError<T>;
  warn: (message: string) => void;
  /** shown instead of the server's text when the error is not about a field */
  fallback?: string;
};

/**
 * Puts a failed call's answer where the user looks: validation issues beside their fields, anything
 * else as a warning. Forms call the server silently so a field error is not repeated as a
 * notification, which makes this the place that keeps the forced-logout rule for them.
 */
export function showServerError<T extends FieldValues>(err: unknown, { fields, setError, warn, fallback }: Options<T>): void {
  if (!(err instanceof ApiError)) {
    warn(fallback ?? MSG.erroServidor);
    return;
  }
  if (isNotLoggedIn(err.message)) {
    if (getState().authentication === 'AUTHENTICATED') void signOut({ callServer: false });
    return;
  }
  const known = err.issues.filter((i) => (fields as readonly string[]).includes(i.path));
  known.forEach((i, n) => setError(i.path as Path<T>, { type: 'server', message: i.message }, { shouldFocus: n === 0 }));
  if (known.length > 0 && known.length === err.issues.length) return;
  warn(fallback ?? userMessageFor(err.message, err.code));
}
