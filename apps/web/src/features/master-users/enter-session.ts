import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { queryClient } from '../../lib/query-client';
import { dispatch, getState, purgeState } from '../../app/store';

/** How long the success notice shows before the new session's home replaces the page (spec part 2 §9). */
export const ENTER_DELAY_MS = 600;

/**
 * After Logar or 'Voltar ao meu usuário' the browser carries another user's session: what the client cached
 * and persisted belongs to the previous one, so both go; the client is then signed in as the new user (in the
 * same mode) and its home page loads afresh.
 */
export function enterNewSession(): void {
  window.setTimeout(() => {
    void (async () => {
      const mode = getState().mode;
      queryClient.clear();
      purgeState();
      const { getUserInfo } = await call(OPS.getUserInfo, undefined, { silent: true });
      dispatch({ type: 'SET_MODE', mode });
      dispatch({ type: 'AUTHENTICATED', allowed: getUserInfo.permitido });
      window.location.assign('/app');
    })();
  }, ENTER_DELAY_MS);
}
