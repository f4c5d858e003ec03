import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { queryClient } from '../../lib/query-client';
import { AtendimentoPage } from './atendimento-page';
import { TreinamentoPage } from './treinamento-page';

type Answer = { data?: unknown; errors?: { message: string; extensions?: { code: string } }[] };
let answer: (op: string) => Answer;

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async (_u: string, init: RequestInit) => {
    const op = /(?:query|mutation)\s+(\w+)/.exec(String(JSON.parse(String(init.body)).query))![1]!;
    return new Response(JSON.stringify(answer(op)), { headers: { 'content-type': 'application/json' } });
  }));
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page is opened from the home page, so "back" has somewhere to go. */
function openFromHome(element: ReactNode) {
  const router = createMemoryRouter(
    [{ path: '/app/home', element: <h1>Home</h1> }, { path: '/app/x', element }],
    { initialEntries: ['/app/home', '/app/x'], initialIndex: 1 },
  );
  render(<AppProviders><RouterProvider router={router} /></AppProviders>);
  return router;
}

describe('AtendimentoPage', () => {
  it('posts the support-desk credentials to a new tab once and goes back', async () => {
    answer = () => ({ data: { getLoginSenhaAtendimento: { url: 'https://suporte.example.com/login', login: 'EMPRESA', senha: 'segredo' } } });
    const submitted: FormData[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(new FormData(this));
    });
    // jsdom keeps no history.state for memory routers; back is decided from it
    vi.spyOn(window.history, 'state', 'get').mockReturnValue({ idx: 1 });
    const router = openFromHome(<AtendimentoPage />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'));
    expect(submitted).toHaveLength(1);
    expect(Object.fromEntries(submitted[0]!)).toEqual({ login: 'EMPRESA', senha: 'segredo' });
    expect(await screen.findByText('Abrindo o atendimento em uma nova aba...')).toBeTruthy();
  });

  it('explains when the support desk is not available', async () => {
    answer = () => ({ errors: [{ message: 'O atendimento não está configurado para este ambiente.', extensions: { code: 'FORBIDDEN' } }] });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    openFromHome(<AtendimentoPage />);
    expect((await screen.findByTestId('redirect-failure')).textContent).toBe('O atendimento não está configurado para este ambiente.');
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('TreinamentoPage', () => {
  it('opens the playlist in a new tab without an opener and goes back', async () => {
    answer = () => ({ data: { getAppConfig: { botCheck: 'off', recaptchaSiteKey: null, treinamentoUrl: 'https://videos.example.com/lista', atendimento: false, versao: '4.45.0' } } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.spyOn(window.history, 'state', 'get').mockReturnValue({ idx: 1 });
    const router = openFromHome(<TreinamentoPage />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/home'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://videos.example.com/lista', '_blank', 'noopener');
  });

  it('refuses anything but a web address', async () => {
    answer = () => ({ data: { getAppConfig: { botCheck: 'off', recaptchaSiteKey: null, treinamentoUrl: 'javascript:alert(1)', atendimento: false, versao: '4.45.0' } } });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openFromHome(<TreinamentoPage />);
    expect(await screen.findByTestId('redirect-failure')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});
