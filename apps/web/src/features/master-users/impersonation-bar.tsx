import { MSG } from '@concilia/domain';
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { useUserInfo } from '../../app/shell/shell-queries';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { enterNewSession } from './enter-session';

/**
 * While a master user is signed in as another user, every page says so — 'Você está como {login}' — and offers
 * 'Voltar ao meu usuário', which ends that session and opens the master's own again.
 */
export function ImpersonationBar() {
  const info = useUserInfo();
  const notifier = useNotifier();
  const [busy, setBusy] = useState(false);
  if (!info.data?.simulado) return null;
  const back = async () => {
    setBusy(true);
    try {
      await call(OPS.voltarUsuarioMestre, undefined, { silent: true });
      enterNewSession();
    } catch {
      notifier.error(MSG.erroServidor);
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 1 }}
      action={<Button color="inherit" size="small" onClick={back} disabled={busy}>{MSG.mestreVoltar}</Button>}
    >
      {MSG.mestreVoceEstaComo.replace('{login}', info.data.login)}
    </Alert>
  );
}
