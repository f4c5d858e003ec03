import { ERROR_CODES, type MenuItem, MSG, type Noticia, type UserInfo } from '@concilia/domain';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../features/home/home-page';
import { ManualPage } from '../../features/ajuda/manual-page';
import { gql } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { AppProviders } from '../providers';
import { dispatch, getState, purgeState } from '../store';
import { AppShell } from './app-shell';
import { prefetchShell } from './shell-queries';

const USER: UserInfo = {
  nomeAbreviado: 'Carlos', uscodigo: 3, logoMarcarRevenda: null, simulado: false, fullName: 'Carlos Pereira', codPessoa: 3,
  codPessoaPai: 2, codPerfil: 3, login: 'CLIENTE', permitido: true, versaoAntiga: false,
};
const MENUS: MenuItem[] = [
  { id: '1', label: 'Início', page: null, pai: null, icon: 'Dashboard' },
  { id: '2', label: 'Home', page: 'home', pai: 'Início', icon: 'Home' },
  { id: '3', label: 'Ajuda', page: null, pai: null, icon: 'HelpOutline' },
  { id: '4', label: 'Manual', page: 'ajuda', pai: 'Ajuda', icon: 'MenuBook' },
];
const NEWS: Noticia[] = [
  { codnoticia: 1, titulo: 'Novos temas', data: '2026-11-10', texto: '<p>Escolha um tema.<img src=x onerror="window.hacked=1"></p>' },
  { codnoticia: 2, titulo: 'Bem-vindo', data: '2026-11-02', texto: '<p>Olá <script>window.hacked=1</script></p>' },
];

let answers: Record<string, unknown>;

function mockServer() {
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    const { query } = JSON.parse(String(init.body)) as { query: string };
    const op = /(?:query|mutation)\s+(\w+)/.exec(query)![1]!;
    return new Response(JSON.stringify({ data: { [op]: answers[op] } }), { headers: { 'content-type': 'application/json' } });
  }));
}

function renderShell(path: string) {
  const router = createMemoryRouter(
    [{ path: '/app', element: <AppShell />, children: [
      { path: 'home', element: <HomePage /> },
      { path: 'painel', element: <HomePage /> },
      { path: 'ajuda', element: <ManualPage /> },
    ] }],
    { initialEntries: [path] },
  );
  render(<AppProviders><RouterProvider router={router} /></AppProviders>);
  return router;
}

beforeEach(() => {
  answers = { getUserInfo: USER, getMenus: MENUS, getNoticias: NEWS, getBanner: null };
  mockServer();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  purgeState();
  dispatch({ type: 'AUTHENTICATED', allowed: true });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('AppShell', () => {
  it('has the user and the menus asked for when /app is matched, before its files arrive, and only with a session', async () => {
    const asked = () => vi.mocked(fetch).mock.calls.map(([, init]) => /(?:query)\s+(\w+)/.exec(String((init as RequestInit).body))?.[1]);
    prefetchShell();
    expect(asked()).toEqual(['getUserInfo', 'getMenus']);
    // the shell then reads the same answers: no second request
    renderShell('/app/ajuda');
    await within(await screen.findByTestId('menu-drawer')).findByText('Manual');
    expect(asked().filter((op) => op === 'getMenus' || op === 'getUserInfo')).toEqual(['getUserInfo', 'getMenus']);

    cleanup();
    queryClient.clear();
    vi.mocked(fetch).mockClear();
    purgeState();
    prefetchShell();
    expect(asked()).toEqual([]);
  });

  it('shows the page it opens with at once, over the frame the HTML painted, and fades in the pages opened after it', async () => {
    const router = renderShell('/app/home');
    const pageOf = (heading: HTMLElement) => heading.closest('main')!.querySelector<HTMLElement>('[data-testid="breadcrumb"] ~ div')!;
    // MUI's Fade writes its opacity transition on the element when it fades it in
    const fading = (heading: HTMLElement) => pageOf(heading).style.transition;
    const first = await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(fading(first)).toBe('');
    expect(pageOf(first).style.opacity).toBe('1');
    await router.navigate('/app/ajuda');
    expect(fading(await screen.findByRole('heading', { level: 1, name: 'Manual' }))).toMatch(/^opacity 700ms/);
    // back to the first page: now a page opened after the first, so it fades in too
    await router.navigate('/app/home');
    expect(fading(await screen.findByRole('heading', { level: 1, name: 'Home' }))).toMatch(/^opacity 700ms/);
  });

  it('shows the menu from getMenus, the user name, the breadcrumb and counts the visit', async () => {
    renderShell('/app/ajuda');
    const drawer = await screen.findByTestId('menu-drawer');
    await within(drawer).findByText('Manual');
    expect(within(drawer).getByText('Início')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Manual' }).getAttribute('href')).toBe('/app/ajuda');
    expect(within(drawer).getByRole('link', { name: 'Manual' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Carlos')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('breadcrumb').textContent).toBe('Você está aqui:Ajuda/Manual'));
    expect(getState().pageVisits).toEqual({ ajuda: 1 });
    expect(screen.getByTestId('app-logo')).toBeTruthy();
  });

  it("says whose session a master is in, and 'Voltar ao meu usuário' asks the server for the master's own", async () => {
    answers.getUserInfo = { ...USER, simulado: true };
    answers.voltarUsuarioMestre = 'sessao-do-mestre';
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderShell('/app/home');
    const bar = await screen.findByRole('status');
    expect(bar.textContent).toContain(MSG.mestreVoceEstaComo.replace('{login}', 'CLIENTE'));
    fireEvent.click(within(bar).getByRole('button', { name: MSG.mestreVoltar }));
    const sent = () => (vi.mocked(fetch).mock.calls as [string, RequestInit][]).map(([, init]) => String(init.body));
    await waitFor(() => expect(sent().some((b) => b.includes('voltarUsuarioMestre'))).toBe(true));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app'), { timeout: 2000 });
  });

  it('shows no such bar in a session of the user itself', async () => {
    renderShell('/app/home');
    await waitFor(() => expect(screen.getAllByText('Carlos').length).toBeGreaterThan(0));
    expect(screen.queryByText(MSG.mestreVoltar)).toBeNull();
  });

  it('lists the news, sanitised, with the count on the bell', async () => {
    (window as unknown as { hacked?: number }).hacked = 0;
    renderShell('/app/home');
    const bell = screen.getByTestId('news-bell');
    await waitFor(() => expect(bell.textContent).toContain('2'));
    fireEvent.click(bell);
    const list = await screen.findByTestId('news-list');
    // the list's module loads when the bell is first opened
    expect(await within(list).findAllByTestId('news-item')).toHaveLength(2);
    expect(list.innerHTML).not.toMatch(/<script|onerror/);
    expect((window as unknown as { hacked?: number }).hacked).toBe(0);
  });

  it('says so when there is no news', async () => {
    answers.getNoticias = [];
    renderShell('/app/home');
    fireEvent.click(screen.getByTestId('news-bell'));
    expect(await screen.findAllByText('Nenhuma notícia no momento.')).not.toHaveLength(0);
  });

  it("hides the menu, its button and the user's name in 'vis' mode", async () => {
    dispatch({ type: 'SET_MODE', mode: 'vis' });
    renderShell('/app/painel');
    await screen.findByRole('heading', { level: 1, name: 'Painel' });
    await waitFor(() => expect(screen.getAllByText(/Novos temas/).length).toBeGreaterThan(0));
    expect(screen.queryByTestId('menu-drawer')).toBeNull();
    expect(screen.queryByTestId('menu-button')).toBeNull();
    expect(screen.queryByTestId('user-name')).toBeNull();
    expect(screen.getByTestId('user-menu')).toBeTruthy();
  });

  it('flags the user NOT_ALLOWED when the server says the registration is incomplete', async () => {
    answers.getUserInfo = { ...USER, permitido: false };
    renderShell('/app/home');
    await waitFor(() => expect(getState().permission).toBe('NOT_ALLOWED'));
  });

  it('reads the user afresh and shows the pending state when a call answers that the registration became pending', async () => {
    renderShell('/app/home');
    await screen.findByText('Carlos');
    expect(getState().permission).toBe('ALLOWED');
    // an administrator set this user back to pending while the user info was still fresh in the cache
    answers.getUserInfo = { ...USER, permitido: false };
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({
      data: null, errors: [{ message: MSG.cadastroPendente, extensions: { code: ERROR_CODES.REGISTRATION_PENDING } }],
    }), { headers: { 'content-type': 'application/json' } }));
    await gql('query getBanner { getBanner { texto } }').catch(() => undefined);
    await waitFor(() => expect(getState().permission).toBe('NOT_ALLOWED'));
  });

  it('greets the user and offers shortcuts from the menu on the home page', async () => {
    renderShell('/app/home');
    await waitFor(() => expect(screen.getByTestId('home-greeting').textContent).toBe('Olá, Carlos!'));
    const shortcuts = await screen.findAllByTestId('home-shortcut');
    expect(shortcuts.map((s) => s.getAttribute('href'))).toEqual(['/app/ajuda']);
  });

  it("shows the user menu's actions", async () => {
    renderShell('/app/home');
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Altera Senha' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Versão Antiga' })).toBeNull();
  });
});
