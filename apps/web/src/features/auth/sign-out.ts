import { SESSION_OPS } from '../../lib/operations-session';
import { call } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { getState, purgeState, type Mode } from '../../app/store';

export function loginRouteFor(mode: Mode): string {
  if (mode === 'vis') return '/?isVis=true';
  if (mode === 'spc') return '/spc';
  return '/';
}

/**
 * Sign-out of spec part 1 §4: ends the server session, clears readable cookies, the query cache and the
 * persisted store, then reloads on the login route of the variant. A forced logout (session gone on the
 * server) skips the server call. Logout errors are only logged.
 */
export async function signOut(opts: { callServer?: boolean } = {}): Promise<void> {
  const mode = getState().mode;
  if (opts.callServer ?? true) {
    try {
      await call(SESSION_OPS.logout, undefined, { silent: true });
    } catch (err) {
      console.error('logout failed', err);
    }
  }
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  queryClient.clear();
  purgeState();
  window.location.assign(loginRouteFor(mode));
}
