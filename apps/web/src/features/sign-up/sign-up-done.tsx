import { MSG, ROUTES } from '@concilia/domain';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { CodeCard } from './code-card';

export type SignUpResult = { codigo: string; login: string; email: string };

/** What 'Finalizar Cadastro' answers: what happens next, the user's login and the code to follow the sign-up by. */
export function SignUpDone({ result }: { result: SignUpResult }) {
  const codePage = `${ROUTES.identificadorCode.path}?code=${encodeURIComponent(result.codigo)}`;
  return (
    <Stack spacing={2} data-testid="sign-up-done">
      <Typography variant="h6" component="h2">{MSG.cadastroRecebidoTitulo}</Typography>
      <Alert severity="success">{MSG.cadastroRecebido.replace('{email}', result.email)}</Alert>
      <Typography variant="body2">{MSG.cadastroSeuLogin.replace('{login}', result.login)}</Typography>
      <CodeCard codigo={result.codigo} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={codePage} variant="body2">{MSG.cadastroVerCodigo}</Link>
        <Button component={RouterLink} to={ROUTES.login.path} variant="contained">{MSG.trocaSenhaIrLogin}</Button>
      </Stack>
    </Stack>
  );
}
