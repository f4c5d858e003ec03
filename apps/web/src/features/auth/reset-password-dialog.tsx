import { MSG } from '@concilia/domain';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { AppThemeProvider } from '../../app/theme/app-theme';
import { ResetPasswordForm } from './reset-password-form';

/** The reset flow opened over the login screen when the URL carries ?idTrocaSenha=… (with MUI's theme: the login screen has none). */
export function ResetPasswordDialog({ idTrocaSenha, onClose }: { idTrocaSenha: string; onClose: () => void }) {
  return (
    <AppThemeProvider>
      <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-password-title">
        <DialogTitle id="reset-password-title">{MSG.trocaSenhaTitulo}</DialogTitle>
        <DialogContent>
          <ResetPasswordForm idTrocaSenha={idTrocaSenha} onGoLogin={onClose} />
        </DialogContent>
      </Dialog>
    </AppThemeProvider>
  );
}
