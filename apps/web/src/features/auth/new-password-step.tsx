import { MSG, novaSenhaSchema, TROCA_SENHA_RESULT, type NovaSenha } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { NewPasswordFields } from './new-password-fields';
import { showServerError } from './server-errors';

/** Sets the new password through the e-mailed link; answer LOGGEDOUT means "go and sign in". */
export function NewPasswordStep({ idTrocaSenha, onDone }: { idTrocaSenha: string; onDone: () => void }) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const { control, handleSubmit, setError, formState } = useForm<NovaSenha>({
    resolver: zodResolver(novaSenhaSchema),
    defaultValues: { senha: '', confirmaSenha: '' },
  });

  const onValid = async ({ senha, confirmaSenha }: NovaSenha) => {
    try {
      const { usuarioTrocarSenha } = await processing(
        call(OPS.usuarioTrocarSenha, { idTrocaSenha, senha, confirmaSenha }, { silent: true }),
      );
      if (usuarioTrocarSenha === TROCA_SENHA_RESULT.LOGGEDOUT) {
        notifier.success(MSG.senhaAlterada);
        onDone();
      } else {
        notifier.warning(MSG.erroAlterarSenha);
      }
    } catch (err) {
      showServerError(err, { fields: ['senha', 'confirmaSenha'], setError, warn: notifier.warning });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onValid)}>
      <NewPasswordFields control={control} autoFocus />
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="reset-password-submit">
        {MSG.trocaSenhaSalvar}
      </Button>
    </Stack>
  );
}
