import { MSG } from '@concilia/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatch, getState } from '../../app/store';
import { queryClient } from '../../lib/query-client';
import { LoginPage } from './login-page';
import { APP_CONFIG_OFF, fakeGraphql, GqlError, USER_INFO } from './testing/fake-graphql';
import { renderRoutes, resetAfterTest } from './testing/render-routes';
// ALTCHA's own pt-br texts, which the placeholder repeats (registered on a global, as the widget's loader does)
import 'altcha/i18n/pt-br';

// The real widget needs workers and a secure context; the tests drive its events by hand instead.
vi.mock('./altcha-loader', () => ({}));

const routes = [
  { path: '/', element: <LoginPage variant="default" /> },
  { path: '/spc', element: <LoginPage variant="spc" /> },
  { path: '/app/home', element: <p>HOME</p> },
  { path: '/app/painel', element: <p>PAINEL</p> },
];

type Handlers = Parameters<typeof fakeGraphql>[0];
function server(extra: Handlers = {}, botCheck = 'off') {
  return fakeGraphql({
    getAppConfig: () => ({ ...APP_CONFIG_OFF, botCheck }),
    getUserInfo: () => USER_INFO,
    login: () => 'sessao-1',
    ...extra,
  });
}

const usuario = () => screen.getByLabelText(/^Usuário/) as HTMLInputElement;
const senha = () => screen.getByLabelText(/^Senha/) as HTMLInputElement;
const continuar = () => screen.getByTestId('login-submit');

async function fillAndSubmit(user = 'ana', pass = 'segredo') {
  fireEvent.change(usuario(), { target: { value: user } });
  fireEvent.change(senha(), { target: { value: pass } });
  fireEvent.click(continuar());
}

// The page treats the bot check as required until it knows the server's setting.
const configLoaded = () => waitFor(() => expect(queryClient.getQueryData(['getAppConfig'])).toBeDefined());

function verifyAltcha(payload: string) {
  const widget = document.querySelector('altcha-widget');
  expect(widget).not.toBeNull();
  act(() => {
    widget!.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}

afterEach(resetAfterTest);

describe('LoginPage', () => {
  it('requires username and password', async () => {
    const api = server();
    renderRoutes(routes);
    await configLoaded();
    fireEvent.click(continuar());
    expect(await screen.findByText(MSG.usuarioObrigatorio)).toBeTruthy();
    expect(screen.getByText(MSG.senhaObrigatoria)).toBeTruthy();
    expect(api.callsOf('login')).toHaveLength(0);
  });

  it('shows the username in capitals as it is typed', () => {
    server();
    renderRoutes(routes);
    fireEvent.change(usuario(), { target: { value: 'ana.souza' } });
    expect(usuario().value).toBe('ANA.SOUZA');
  });

  it('toggles the password between hidden and shown', () => {
    server();
    renderRoutes(routes);
    expect(senha().type).toBe('password');
    fireEvent.click(screen.getByLabelText(MSG.senhaMostrar));
    expect(senha().type).toBe('text');
  });

  it("flags 'Usuário / Senha inválidos' on LOGGEDOUT and stays signed out", async () => {
    const api = server({ login: () => 'LOGGEDOUT' });
    renderRoutes(routes);
    await configLoaded();
    await fillAndSubmit('ana', 'errada');
    expect((await screen.findByTestId('login-error')).textContent).toBe(MSG.loginInvalido);
    expect(api.callsOf('login')[0]?.vars).toEqual({ username: 'ANA', password: 'errada', values: { recaptcha: null } });
    expect(getState().authentication).toBe('NOT_AUTHENTICATED');
    expect(screen.queryByText(MSG.loginErro)).toBeNull();
  });

  it("adds the warning 'Login inválido' when the call fails unexpectedly", async () => {
    server({ login: () => { throw new GqlError('Ocorreu um erro inesperado. abc.', 'INTERNAL_SERVER_ERROR'); } });
    renderRoutes(routes);
    await configLoaded();
    await fillAndSubmit();
    expect(await screen.findByTestId('login-error')).toBeTruthy();
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.loginErro);
  });

  it("shows the server's words for an expired user, without the invalid flag", async () => {
    server({ login: () => { throw new GqlError(MSG.usuarioExpirado, 'USER_EXPIRED'); } });
    renderRoutes(routes);
    await configLoaded();
    await fillAndSubmit();
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.usuarioExpirado);
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('signs in, marks the client authenticated and goes home in default mode', async () => {
    server();
    renderRoutes(routes);
    await configLoaded();
    await fillAndSubmit();
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(getState()).toMatchObject({ authentication: 'AUTHENTICATED', permission: 'ALLOWED', mode: 'default' });
  });

  it("goes to the painel in 'vis' mode with ?isVis=true", async () => {
    server();
    renderRoutes(routes, '/?isVis=true');
    await configLoaded();
    await fillAndSubmit();
    expect(await screen.findByText('PAINEL')).toBeTruthy();
    expect(getState().mode).toBe('vis');
  });

  it('passes the permission flag of getUserInfo on', async () => {
    server({ getUserInfo: () => ({ ...USER_INFO, permitido: false }) });
    renderRoutes(routes);
    await configLoaded();
    await fillAndSubmit();
    await screen.findByText('HOME');
    expect(getState().permission).toBe('NOT_ALLOWED');
  });

  it("draws ALTCHA's box, in ALTCHA's own words, before the configuration and beside the widget until its code runs", async () => {
    server({}, 'altcha');
    renderRoutes(routes);
    // before the configuration (and so in the page's prerendered HTML) the box holds the check's place
    expect(screen.getByTestId('bot-check-placeholder').textContent).toBe(MSG.botCheckRotulo + MSG.botCheckRodape);
    // the same node stays beside the widget once it is there (a rule hides it when ALTCHA's element is defined)
    const placeholder = screen.getByTestId('bot-check-placeholder');
    await waitFor(() => expect(placeholder.nextElementSibling?.tagName).toBe('ALTCHA-WIDGET'));
    expect(placeholder.isConnected).toBe(true);
    // the texts are ALTCHA's, so the widget drawn over the box says what the box said
    const altcha = (globalThis as unknown as { $altcha: { i18n: { get(lang: string): Record<string, string> } } }).$altcha;
    const strings = altcha.i18n.get('pt-br');
    expect(strings.label).toBe(MSG.botCheckRotulo);
    expect(strings.footer?.replace(/<[^>]+>/g, '')).toBe(MSG.botCheckRodape);
  });

  it('takes the box away when the server asks for no check', async () => {
    server();
    renderRoutes(routes);
    expect(screen.getByTestId('bot-check-placeholder')).toBeTruthy();
    await configLoaded();
    await waitFor(() => expect(screen.queryByTestId('bot-check-placeholder')).toBeNull());
  });

  it('re-runs the bot check instead of signing in when there is no token', async () => {
    const api = server({}, 'altcha');
    renderRoutes(routes);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    await fillAndSubmit();
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.botCheckAusente);
    expect(api.callsOf('login')).toHaveLength(0);
  });

  it('sends the bot-check token with the credentials', async () => {
    const api = server({ login: () => 'LOGGEDOUT' }, 'altcha');
    renderRoutes(routes);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    verifyAltcha('token-1');
    await fillAndSubmit();
    await screen.findByTestId('login-error');
    expect(api.callsOf('login')[0]?.vars.values).toEqual({ recaptcha: 'token-1' });
  });

  it('when the server asks for the harder check, runs it on the challenge for that login, says why, and then signs in', async () => {
    let asked = false;
    const api = server({
      login: (vars) => {
        // The first attempt brings the everyday check; the server wants the harder one for this login.
        if (!asked) {
          asked = true;
          throw new GqlError(MSG.botCheckReforcado, 'BOT_CHECK_HARDER');
        }
        return (vars.values as { recaptcha: string }).recaptcha === 'token-dificil' ? 'sessao-3' : 'LOGGEDOUT';
      },
    }, 'altcha');
    renderRoutes(routes);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    verifyAltcha('token-comum');
    await fillAndSubmit('ana.souza', 'certa');

    expect((await screen.findByTestId('bot-check-harder')).textContent).toBe(MSG.botCheckReforcado);
    // Not a failed sign-in: no invalid flag, and the user stays on the login page.
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(getState().authentication).toBe('NOT_AUTHENTICATED');
    // The widget fetches its next challenge for that login.
    expect(document.querySelector('altcha-widget')!.getAttribute('challenge')).toBe('/altcha/challenge?login=ANA.SOUZA');

    verifyAltcha('token-dificil');
    fireEvent.click(continuar());
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(api.callsOf('login').map((c) => c.vars)).toEqual([
      { username: 'ANA.SOUZA', password: 'certa', values: { recaptcha: 'token-comum' } },
      { username: 'ANA.SOUZA', password: 'certa', values: { recaptcha: 'token-dificil' } },
    ]);
  });

  it("legacy variant: welcome text, inputs locked until the bot check passes, then 'spc' mode", async () => {
    server({}, 'altcha');
    renderRoutes(routes, '/spc');
    expect(screen.getByTestId('login-welcome').textContent).toBe(MSG.loginBemVindo);
    expect(screen.getByTestId('spc-logo')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(usuario().disabled).toBe(true);
    expect(senha().disabled).toBe(true);
    verifyAltcha('token-2');
    expect(usuario().disabled).toBe(false);
    await fillAndSubmit();
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(getState().mode).toBe('spc');
  });

  it('signs in by itself from ?idsession', async () => {
    const api = server({ loginIdSession: () => 'sessao-2' });
    renderRoutes(routes, '/?idsession=abc');
    expect(await screen.findByText('HOME')).toBeTruthy();
    expect(api.callsOf('loginIdSession')).toEqual([{ op: 'loginIdSession', vars: { idsession: 'abc' } }]);
    expect(getState().authentication).toBe('AUTHENTICATED');
  });

  it("shows the server's message when the ?idsession link is refused", async () => {
    server({ loginIdSession: () => { throw new GqlError(MSG.linkAcessoInvalido, 'UNAUTHENTICATED'); } });
    renderRoutes(routes, '/?idsession=velho');
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.linkAcessoInvalido);
    expect(getState().authentication).toBe('NOT_AUTHENTICATED');
  });

  it('sends a signed-in user straight to the app', async () => {
    server();
    dispatch({ type: 'AUTHENTICATED', allowed: true });
    renderRoutes(routes);
    expect(await screen.findByText('HOME')).toBeTruthy();
  });

  it('opens the reset-password dialog from ?idTrocaSenha', async () => {
    const api = server({
      getInfoUsuarrioTrocarSenha: () => ({ goLogin: false, senhaDefinida: true, expirado: false, mensagemSolicitaSenha: MSG.solicitaSenha, login: 'ANA' }),
    });
    renderRoutes(routes, '/?idTrocaSenha=t1');
    expect(await screen.findByRole('dialog', { name: MSG.trocaSenhaTitulo })).toBeTruthy();
    expect(api.callsOf('getInfoUsuarrioTrocarSenha')[0]?.vars).toEqual({ param: 't1' });
  });

  it("sends the forgot-password request and shows the server's answer", async () => {
    const api = server({ alterarSenha: () => MSG.esqueciSenhaEnviado });
    renderRoutes(routes);
    fireEvent.click(screen.getByText(MSG.loginEsqueciSenha));
    const dialog = await screen.findByRole('dialog', { name: MSG.loginEsqueciSenha });
    fireEvent.change(dialog.querySelector('input[name="usuario"]')!, { target: { value: 'ana' } });
    fireEvent.change(dialog.querySelector('input[name="email"]')!, { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByText(MSG.esqueciSenhaEnviar));
    expect((await screen.findByTestId('notification')).textContent).toContain(MSG.esqueciSenhaEnviado);
    expect(api.callsOf('alterarSenha')[0]?.vars).toEqual({ usuario: 'ANA', email: 'ana@example.com' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.loginEsqueciSenha })).toBeNull());
  });
});
