import { MSG } from '@concilia/domain';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { AuthCard } from '../auth/auth-card';
import { CodeCard } from './code-card';

/**
 * /identificador-code?code=…: the identification code of a sign-up, looked up on the server — the store, where
 * the sign-up stands and whether the e-mail was confirmed — with a copy action (spec part 2 §2.2, §8).
 */
export function IdentificadorCodePage() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const found = useQuery({
    queryKey: ['getIdentificadorCodigo', code],
    queryFn: async () => (await call(OPS.getIdentificadorCodigo, { code }, { silent: true })).getIdentificadorCodigo,
    enabled: code !== '',
    retry: false,
    staleTime: 60_000,
  });
  let body;
  if (!code) {
    body = (
      <Stack spacing={2}>
        <Alert severity="warning">{MSG.codigoNaoInformado}</Alert>
        <Typography>{MSG.codigoNaoEncontrado}</Typography>
      </Stack>
    );
  } else if (found.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress aria-label={MSG.processando} />
      </Box>
    );
  } else if (!found.data) {
    body = <Alert severity="warning">{MSG.codigoNaoEncontrado}</Alert>;
  } else {
    const c = found.data;
    body = (
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">{c.nome}</Typography>
        <CodeCard codigo={c.codigo} />
        <Alert severity={c.status === MSG.cadastroStatusAprovado ? 'success' : 'info'} data-testid="codigo-status">{c.status}</Alert>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {c.emailConfirmado ? MSG.cadastroEmailConfirmado : MSG.cadastroEmailNaoConfirmado}
        </Typography>
      </Stack>
    );
  }
  return (
    <AuthCard subtitle={MSG.codigoTitulo} maxWidth={520}>
      {body}
    </AuthCard>
  );
}
