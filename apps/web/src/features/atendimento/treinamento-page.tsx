import { MSG, ROUTES } from '@concilia/domain';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../app/notifications';
import { useAppConfig } from '../../app/shell/shell-queries';
import { goBack } from './go-back';
import { RedirectStatus } from './redirect-status';
import { isWebUrl } from './web-url';

/** Hidden page behind the menu's Treinamento: opens the training-video playlist in a new tab and goes back. */
export function TreinamentoPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const config = useAppConfig();
  const configured = config.data?.treinamentoUrl ?? null;
  // only web addresses: a javascript: or data: value must never reach window.open
  const url = configured && isWebUrl(configured) ? configured : null;
  // One tab per visit, whatever StrictMode or a refetch does to the effect.
  const opened = useRef(false);
  useEffect(() => {
    if (!url || opened.current) return;
    opened.current = true;
    window.open(url, '_blank', 'noopener');
    notify(MSG.treinamentoAbrindo, 'info');
    goBack(navigate);
  }, [url, navigate, notify]);
  const failed = config.isError || (config.isSuccess && !url);
  return (
    <RedirectStatus
      title={ROUTES.treinamento.title}
      opening={MSG.treinamentoAbrindo}
      failure={failed ? MSG.treinamentoIndisponivel : null}
      onBack={() => goBack(navigate)}
    />
  );
}
