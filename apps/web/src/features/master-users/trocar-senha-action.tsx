import { MSG } from '@concilia/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { ConfirmDialog } from '../../registers/confirm-dialog';
import type { OpenActionComponent } from '../../registers/register-overrides';
import { copyText } from '../../lib/copy-text';

/**
 * Trocar senha on the plain master list: after the confirmation the server sets a new random password and
 * answers it; it is shown here once, with a copy button, and nowhere else (the client keeps it in this dialog's
 * state only, gone when it closes).
 */
export const TrocarSenhaAction: OpenActionComponent = ({ row, onClose }) => {
  const notifier = useNotifier();
  const [senha, setSenha] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const login = String(row.login ?? '');
  const trocar = async () => {
    setBusy(true);
    try {
      const r = await call(OPS.trocarSenha, { values: { codpessoa: Number(row.codpessoa), login } });
      setSenha(r.trocarSenha);
    } catch {
      // the error rules already said why
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const copiar = async () => {
    if (await copyText(senha ?? '')) notifier.success(MSG.mestreSenhaCopiada);
    else notifier.error(MSG.mestreFalhaCopiar);
  };
  if (senha === null) return <ConfirmDialog open={!busy} message={MSG.mestreConfirmaTrocarSenha} onCancel={onClose} onConfirm={trocar} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby="nova-senha-title">
      <DialogTitle id="nova-senha-title">{MSG.mestreNovaSenha.replace('{login}', login)}</DialogTitle>
      <DialogContent>
        <Typography component="output" aria-label={MSG.mestreNovaSenha.replace('{login}', login)} sx={{ display: 'block', fontFamily: 'monospace', fontSize: 24, letterSpacing: 2, my: 1 }}>
          {senha}
        </Typography>
        <DialogContentText>{MSG.mestreNovaSenhaUmaVez}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={copiar}>{MSG.mestreCopiar}</Button>
        <Button onClick={onClose} variant="contained">{MSG.listaFechar}</Button>
      </DialogActions>
    </Dialog>
  );
};
