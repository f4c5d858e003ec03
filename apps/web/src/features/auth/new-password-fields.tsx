import { MSG } from '@concilia/domain';
import { Stack } from '@mui/material';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';

type WithNovaSenha = FieldValues & { senha: string; confirmaSenha: string };

/** 'Nova Senha' + meter + 'Confirmação de Senha', shared by the reset flow and /app/alterasenha. */
export function NewPasswordFields<T extends WithNovaSenha>({ control, autoFocus }: { control: Control<T>; autoFocus?: boolean }) {
  const senha = useWatch({ control, name: 'senha' as Path<T> }) as string | undefined;
  return (
    <Stack spacing={1.5}>
      <PasswordField control={control} name={'senha' as Path<T>} label={MSG.campoNovaSenha} autoComplete="new-password" required autoFocus={autoFocus} />
      <PasswordStrength senha={senha ?? ''} />
      <PasswordField control={control} name={'confirmaSenha' as Path<T>} label={MSG.campoConfirmacaoSenha} autoComplete="new-password" required />
    </Stack>
  );
}
