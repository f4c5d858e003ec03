import { MSG } from '@concilia/domain';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { NewPasswordStep } from './new-password-step';
import { ResponsavelStep } from './responsavel-step';

type Props = { idTrocaSenha: string; onGoLogin: () => void };

/**
 * The reset flow of spec part 2 §4, shared by the /resetar-senha page and the login's dialog: the
 * server says whether to go to login, whether the link expired and whether a password exists; a user
 * without one names the person responsible first (answer CRIAR_SENHA), then sets the password.
 */
export function ResetPasswordForm({ idTrocaSenha, onGoLogin }: Props) {
  const [responsavelDone, setResponsavelDone] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // a link cut before its token (…?idTrocaSenha=) has nothing to ask the server about
  const hasToken = idTrocaSenha.trim() !== '';
  const info = useQuery({
    queryKey: ['getInfoUsuarrioTrocarSenha', idTrocaSenha],
    queryFn: async () => (await call(OPS.getInfoUsuarrioTrocarSenha, { param: idTrocaSenha }, { silent: true })).getInfoUsuarrioTrocarSenha,
    enabled: hasToken,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const goLogin = useEffectEvent(onGoLogin);
  const mustGoLogin = info.data?.goLogin === true;
  useEffect(() => {
    if (mustGoLogin) goLogin();
  }, [mustGoLogin]);

  if ((hasToken && info.isPending) || mustGoLogin) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label={MSG.processando} />
      </Box>
    );
  }

  const goToLogin = (
    <Button onClick={onGoLogin} data-testid="reset-go-login">
      {MSG.trocaSenhaIrLogin}
    </Button>
  );

  if (!hasToken || info.isError || !info.data || info.data.expirado) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning" data-testid="reset-expired">
          {info.data?.mensagemSolicitaSenha ?? MSG.linkTrocaSenhaInvalido}
        </Alert>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          {goToLogin}
          <Button variant="contained" onClick={() => setForgotOpen(true)} data-testid="reset-forgot-password">
            {MSG.loginEsqueciSenha}
          </Button>
        </Stack>
        <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
      </Stack>
    );
  }

  const askResponsavel = !info.data.senhaDefinida && !responsavelDone;
  return (
    <Stack spacing={2}>
      {info.data.login ? (
        <Typography variant="body2">
          {MSG.campoUsuario}: <strong>{info.data.login}</strong>
        </Typography>
      ) : null}
      <Alert severity="info">{askResponsavel ? (info.data.mensagemSolicitaSenha ?? MSG.solicitaResponsavel) : MSG.solicitaSenha}</Alert>
      {askResponsavel ? (
        <ResponsavelStep idTrocaSenha={idTrocaSenha} onDone={() => setResponsavelDone(true)} />
      ) : (
        <NewPasswordStep idTrocaSenha={idTrocaSenha} onDone={onGoLogin} />
      )}
    </Stack>
  );
}
