import { esqueciSenhaSchema, MSG, type EsqueciSenha } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { AppThemeProvider } from '../../app/theme/app-theme';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { FormTextField } from './form-text-field';
import { showServerError } from './server-errors';

/**
 * 'Esqueci minha senha': asks for login and e-mail and has the server send a reset link. The server
 * answers the same text whether or not they match, and that text is what the user sees. Opened over the sign-in
 * page, which has no MUI theme: it brings its own.
 */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notifier = useNotifier();
  const { control, handleSubmit, reset, setError, formState } = useForm<EsqueciSenha>({
    resolver: zodResolver(esqueciSenhaSchema),
    defaultValues: { usuario: '', email: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onValid = async (values: EsqueciSenha) => {
    try {
      const { alterarSenha } = await call(OPS.alterarSenha, values, { silent: true });
      notifier.success(alterarSenha);
      close();
    } catch (err) {
      showServerError(err, { fields: ['usuario', 'email'], setError, warn: notifier.warning });
    }
  };

  return (
    <AppThemeProvider>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="forgot-password-title">
        <form noValidate onSubmit={handleSubmit(onValid)}>
          <DialogTitle id="forgot-password-title">{MSG.loginEsqueciSenha}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{MSG.esqueciSenhaInstrucoes}</DialogContentText>
            <Stack spacing={2}>
              <FormTextField control={control} name="usuario" label={MSG.campoUsuario} uppercase required autoFocus autoComplete="username" />
              <FormTextField control={control} name="email" label={MSG.campoEmail} type="email" required autoComplete="email" />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{MSG.dialogoCancelar}</Button>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              {MSG.esqueciSenhaEnviar}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </AppThemeProvider>
  );
}
