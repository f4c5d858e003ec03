import { MSG } from '@concilia/domain';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { getState, useAppState } from '../../app/store';
import { AuthCard } from './auth-card';
import { LegacyAuthLayout } from './legacy-auth-layout';
import { appEntryFor } from './landing';
import { LoginForm } from './login-form';
import { useIdSession } from './use-id-session';
import type { LoginVariant } from './use-login';

// Loaded when first opened ('Esqueci minha senha', a ?idTrocaSenha link): the page itself does not carry them.
const ForgotPasswordDialog = lazy(async () => ({ default: (await import('./forgot-password-dialog')).ForgotPasswordDialog }));
const ResetPasswordDialog = lazy(async () => ({ default: (await import('./reset-password-dialog')).ResetPasswordDialog }));

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
  // once opened, the dialog stays mounted so that closing it plays its transition
  const [forgotUsed, setForgotUsed] = useState(false);
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

  const subtitle = usingLink ? MSG.loginEntrandoLink : MSG.loginTitulo;
  const form = (
    <>
      <LoginForm
        variant={variant}
        busy={usingLink}
        onForgotPassword={() => {
          setForgotUsed(true);
          setForgotOpen(true);
        }}
      />
      {forgotUsed ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      ) : null}
      {idTrocaSenha !== null ? (
        <Suspense fallback={null}>
          <ResetPasswordDialog idTrocaSenha={idTrocaSenha} onClose={closeReset} />
        </Suspense>
      ) : null}
    </>
  );
  if (variant === 'spc') {
    return (
      <LegacyAuthLayout subtitle={subtitle} welcome={<span data-testid="login-welcome">{MSG.loginBemVindo}</span>}>
        {form}
      </LegacyAuthLayout>
    );
  }
  return <AuthCard subtitle={subtitle}>{form}</AuthCard>;
}
