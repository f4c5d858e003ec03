import { MSG, ROUTES } from '@concilia/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Logout from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { useNavigate } from 'react-router';
import { dispatch } from '../../app/store';
import { signOut } from '../auth/sign-out';
import { StatusLayout } from './status-layout';

type ErrorPageProps = { title: string; description: string; backTo?: string; code?: string; onBack?: () => void };

/** A generic error page: title, description and 'Voltar' (to home unless told otherwise). */
export function ErrorPage({ title, description, backTo = ROUTES.home.path, code, onBack }: ErrorPageProps) {
  const navigate = useNavigate();
  return (
    <StatusLayout
      code={code}
      title={title}
      description={description}
      actions={
        <Button
          variant="contained"
          startIcon={<ArrowBack />}
          data-testid="status-back"
          onClick={() => {
            onBack?.();
            navigate(backTo, { replace: true });
          }}
        >
          {MSG.voltar}
        </Button>
      }
    />
  );
}

/**
 * 'Cadastro Pendente'. Home is behind the allowed gate and would bounce straight back here, so the way
 * home is through sign-out, which lands on the login of the user's variant.
 */
export function NotAllowedPage() {
  const leave = () => void signOut();
  return (
    <StatusLayout
      title={MSG.opsTitulo}
      description={
        <>
          {MSG.cadastroPendente}
          <br />
          {MSG.statusCadastroPendenteAjuda}
        </>
      }
      actions={
        <>
          <Button variant="outlined" onClick={leave}>
            {MSG.irParaHome}
          </Button>
          <Button variant="contained" startIcon={<Logout />} onClick={leave} data-testid="not-allowed-sign-out">
            {MSG.sair}
          </Button>
        </>
      }
    />
  );
}

export function NotFoundPage() {
  return <ErrorPage code={MSG.status404} title={MSG.opsTitulo} description={MSG.paginaDesconhecida} />;
}

export function ServerErrorPage() {
  return <ErrorPage code={MSG.status500} title={MSG.opsTitulo} description={MSG.erroServidor} />;
}

/** /error, reached by the global error flag: going back clears the flag, or the gates return here. */
export function PublicErrorPage() {
  return (
    <ErrorPage
      code={MSG.status500}
      title={MSG.opsTitulo}
      description={MSG.erroServidor}
      backTo={ROUTES.login.path}
      onBack={() => dispatch({ type: 'HAS_NO_ERROR' })}
    />
  );
}
