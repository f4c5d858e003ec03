import { MSG } from '@concilia/domain';
import { Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { getState, useAppState } from '../../app/store';
import { AuthCard } from './auth-card';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { appEntryFor } from './landing';
import { LoginForm } from './login-form';
import { ResetPasswordDialog } from './reset-password-dialog';
import { SpcLogo } from './spc-logo';
import { useIdSession } from './use-id-session';
import type { LoginVariant } from './use-login';

/**
 * Login screen of spec part 1 §2 at '/', '/?isVis=true', '/spc' and '/spc?isVis=true'. Also the entry
 * point of two links: ?idsession (automatic sign-in) and ?idTrocaSenha (reset-password dialog).
 */
export function LoginPage({ variant }: { variant: LoginVariant }) {
  const [params, setParams] = useSearchParams();
  const idsession = params.get('idsession');
  const idTrocaSenha = params.get('idTrocaSenha');
  const mode = useAppState((s) => s.mode);
  // Decided once on open: the sign-in on this page also sets AUTHENTICATED and navigates by itself.
  const [signedInOnOpen] = useState(() => getState().authentication === 'AUTHENTICATED' && !idsession && idTrocaSenha === null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const usingLink = useIdSession(idsession);

  const closeReset = useCallback(() => {
    setParams(
      (p) => {
        p.delete('idTrocaSenha');
        return p;
      },
      { replace: true },
    );
  }, [setParams]);

  if (signedInOnOpen) return <Navigate to={appEntryFor(mode)} replace />;

  return (
    <AuthCard subtitle={usingLink ? MSG.loginEntrandoLink : MSG.loginTitulo} extraLogo={variant === 'spc' ? <SpcLogo /> : undefined}>
      {variant === 'spc' ? (
        <Typography variant="body2" sx={{ mb: 2, textAlign: 'center' }} data-testid="login-welcome">
          {MSG.loginBemVindo}
        </Typography>
      ) : null}
      <LoginForm variant={variant} busy={usingLink} onForgotPassword={() => setForgotOpen(true)} />
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
      {idTrocaSenha !== null ? <ResetPasswordDialog idTrocaSenha={idTrocaSenha} onClose={closeReset} /> : null}
    </AuthCard>
  );
}
