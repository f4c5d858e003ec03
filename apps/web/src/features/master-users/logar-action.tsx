import { MSG } from '@concilia/domain';
import { useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { ConfirmDialog } from '../../registers/confirm-dialog';
import type { OpenActionComponent } from '../../registers/register-overrides';
import { enterNewSession } from './enter-session';

/**
 * Logar on a master-user list (spec part 2 §4): 'Deseja realmente logar com este usuário?', then the session
 * as that user — 'Login realizado como o usuário {login}' and the home page 600 ms later — or 'Erro ao logar
 * como o usuário {login}'. The reseller master's list signs in through its own call.
 */
export const LogarAction: OpenActionComponent = ({ def, row, onClose }) => {
  const notifier = useNotifier();
  const [busy, setBusy] = useState(false);
  const login = String(row.login ?? '');
  const confirm = async () => {
    setBusy(true);
    const searchValues = { login, codperfil: num(row.codperfil), codpessoa: num(row.codpessoa), codpessoapai: num(row.codpessoapai) };
    try {
      if (def.page === 'buscamestresrevenda') await call(OPS.logarUsuarioMestreRevenda, { values: { searchValues } }, { silent: true });
      else await call(OPS.logarUsuarioMestre, { values: { searchValues } }, { silent: true });
      notifier.success(MSG.mestreLogado.replace('{login}', login));
      enterNewSession();
    } catch {
      notifier.error(MSG.mestreErroLogar.replace('{login}', login));
      setBusy(false);
      onClose();
    }
  };
  return <ConfirmDialog open={!busy} message={MSG.mestreConfirmaLogar} onCancel={onClose} onConfirm={confirm} />;
};

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
