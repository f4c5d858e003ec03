import { MSG } from '@concilia/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch, getState } from '../../app/store';
import { renderRoutes, resetAfterTest } from '../auth/testing/render-routes';
import { ErrorPage, NotAllowedPage, NotFoundPage, PublicErrorPage, ServerErrorPage } from './status-pages';

afterEach(resetAfterTest);

const home = { path: '/app/home', element: <p>HOME</p> };
const login = { path: '/', element: <p>LOGIN</p> };

describe('status pages', () => {
  it('404 says the page is unknown and goes back home', async () => {
    renderRoutes([{ path: '/x', element: <NotFoundPage /> }, home], '/x');
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText(MSG.paginaDesconhecida)).toBeTruthy();
    fireEvent.click(screen.getByText(MSG.voltar));
    expect(await screen.findByText('HOME')).toBeTruthy();
  });

  it('500 blames the servers', () => {
    renderRoutes([{ path: '/', element: <ServerErrorPage /> }]);
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByText(MSG.erroServidor)).toBeTruthy();
  });

  it('pending registration offers a way out', () => {
    renderRoutes([{ path: '/', element: <NotAllowedPage /> }]);
    expect(screen.getByText(MSG.opsTitulo)).toBeTruthy();
    expect(screen.getByText(MSG.cadastroPendente, { exact: false })).toBeTruthy();
    expect(screen.getByText(MSG.sair)).toBeTruthy();
  });

  it('the generic page goes back where it is told', async () => {
    renderRoutes([{ path: '/e', element: <ErrorPage title="Falhou" description="Algo deu errado" backTo="/" /> }, login], '/e');
    expect(screen.getByText('Falhou')).toBeTruthy();
    fireEvent.click(screen.getByText(MSG.voltar));
    expect(await screen.findByText('LOGIN')).toBeTruthy();
  });

  it('/error clears the global error flag when the user goes back', async () => {
    dispatch({ type: 'HAS_ERROR' });
    renderRoutes([{ path: '/error', element: <PublicErrorPage /> }, login], '/error');
    fireEvent.click(screen.getByTestId('status-back'));
    expect(await screen.findByText('LOGIN')).toBeTruthy();
    expect(getState().error).toBe('HAS_NO_ERROR');
  });
});
