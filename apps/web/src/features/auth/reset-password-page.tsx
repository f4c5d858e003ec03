import { MSG, ROUTES } from '@concilia/domain';
import { useCallback } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { ResetPasswordForm } from './reset-password-form';

/** /resetar-senha?idTrocaSenha=…: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const idTrocaSenha = params.get('idTrocaSenha');
  const goLogin = useCallback(() => navigate(ROUTES.login.path, { replace: true }), [navigate]);
  if (!idTrocaSenha) return <Navigate to={ROUTES.login.path} replace />;
  return (
    <AuthCard subtitle={MSG.trocaSenhaTitulo}>
      <ResetPasswordForm idTrocaSenha={idTrocaSenha} onGoLogin={goLogin} />
    </AuthCard>
  );
}
