import { MSG, ROUTES } from '@concilia/domain';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { ResetPasswordForm } from './reset-password-form';

/** /resetar-senha?idTrocaSenha=…: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // without its token the link is as bad as an expired one: the form says so and offers a new one
  const idTrocaSenha = params.get('idTrocaSenha') ?? '';
  const goLogin = useCallback(() => navigate(ROUTES.login.path, { replace: true }), [navigate]);
  return (
    <AuthCard subtitle={MSG.trocaSenhaTitulo}>
      <ResetPasswordForm idTrocaSenha={idTrocaSenha} onGoLogin={goLogin} />
    </AuthCard>
  );
}
