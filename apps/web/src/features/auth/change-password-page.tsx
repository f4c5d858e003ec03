import { MSG, redefinirSenhaSchema, type RedefinirSenha } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { NewPasswordFields } from './new-password-fields';
import { PasswordField } from './password-field';
import { showServerError } from './server-errors';

const EMPTY: RedefinirSenha = { senhaAtual: '', senha: '', confirmaSenha: '' };

/** /app/alterasenha: the signed-in user changes the password (other sessions end on the server). */
export function ChangePasswordPage() {
  const notifier = useNotifier();
  const processing = useProcessing();
  const { control, handleSubmit, reset, setError, formState } = useForm<RedefinirSenha>({
    resolver: zodResolver(redefinirSenhaSchema),
    defaultValues: EMPTY,
  });

  const onValid = async (values: RedefinirSenha) => {
    try {
      await processing(call(OPS.redefinirSenha, values, { silent: true }));
      notifier.success(MSG.senhaAlterada);
      reset(EMPTY);
    } catch (err) {
      showServerError(err, {
        fields: ['senhaAtual', 'senha', 'confirmaSenha'],
        setError,
        warn: notifier.warning,
        fallback: MSG.erroAlterarSenha,
      });
    }
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 1, sm: 3 } }}>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {MSG.alteraSenhaTitulo}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {MSG.alteraSenhaInstrucoes}
          </Typography>
          <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onValid)}>
            <PasswordField control={control} name="senhaAtual" label={MSG.campoSenhaAtual} required autoComplete="current-password" autoFocus />
            <NewPasswordFields control={control} />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="change-password-submit">
                {MSG.alteraSenhaSalvar}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
