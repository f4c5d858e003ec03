import { MSG, ROUTES } from '@concilia/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../app/notifications';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { goBack } from './go-back';
import { postInNewTab } from './post-in-new-tab';
import { RedirectStatus } from './redirect-status';
import { isWebUrl } from './web-url';

/**
 * Hidden page behind the menu's Atendimento: signs the user into the support desk in a new tab with the
 * credentials the server hands out, then returns to where the user was. The credentials are fetched
 * fresh each time and never cached. Server errors also reach the shell's error rules (forced logout,
 * /error on network failure); this page adds the explanation in place.
 */
export function AtendimentoPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const [failed, setFailed] = useState(false);
  // One submission per visit: StrictMode's second effect run must not open a second tab.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    call(OPS.getLoginSenhaAtendimento)
      .then(({ getLoginSenhaAtendimento: a }) => {
        if (!isWebUrl(a.url)) throw new Error('support desk address is not a web URL');
        postInNewTab(a.url, { login: a.login, senha: a.senha });
        notify(MSG.atendimentoAbrindo, 'info');
        goBack(navigate);
      })
      .catch(() => setFailed(true));
  }, [navigate, notify]);
  return (
    <RedirectStatus
      title={ROUTES.atendimento.title}
      opening={MSG.atendimentoAbrindo}
      failure={failed ? MSG.atendimentoIndisponivel : null}
      onBack={() => goBack(navigate)}
    />
  );
}
