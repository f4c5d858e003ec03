import { MSG, responsavelSchema, TROCA_SENHA_RESULT } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { FormTextField } from './form-text-field';
import { showServerError } from './server-errors';

/** First step for a user with no password yet: the name of the person responsible for the access. */
export function ResponsavelStep({ idTrocaSenha, onDone }: { idTrocaSenha: string; onDone: () => void }) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(responsavelSchema),
    defaultValues: { responsavel: '' },
  });

  const onValid = async ({ responsavel }: { responsavel: string }) => {
    try {
      const { usuarioTrocarSenha } = await processing(
        call(OPS.usuarioTrocarSenha, { idTrocaSenha, gravarResponsavel: true, responsavel }, { silent: true }),
      );
      if (usuarioTrocarSenha === TROCA_SENHA_RESULT.CRIAR_SENHA) onDone();
      else notifier.warning(MSG.erroAlterarSenha);
    } catch (err) {
      showServerError(err, { fields: ['responsavel'], setError, warn: notifier.warning });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onValid)}>
      <FormTextField control={control} name="responsavel" label={MSG.campoResponsavel} uppercase required autoFocus autoComplete="name" />
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} data-testid="reset-responsavel-submit">
        {MSG.trocaSenhaContinuar}
      </Button>
    </Stack>
  );
}
