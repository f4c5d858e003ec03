import { POSICAO_CONTRATO_PAGE, PREVISAO_PAGE, RELATORIOS_PAGE, ROUTES } from '@concilia/domain';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './gates';
import { prefetchShell } from './shell/shell-queries';
import type { ScreenHandle } from './screen-gate';
import { LoginPage } from '../features/auth/login-page';
import { registerRoutes } from '../registers/register-routes';

/** Relative child path of an /app route from the shared route table. */
const child = (path: string) => path.replace(/^\/app\//, '');
/** The profile resource a route shows: the shell's ScreenGate opens it only for profiles that hold it. */
const screen = (page: string): ScreenHandle => ({ screen: page });
/** A status page (404, 500, Cadastro Pendente, /error): MUI pages of their own chunk, rarely seen. */
const statusPage = (name: 'NotAllowedPage' | 'NotFoundPage' | 'PublicErrorPage' | 'ServerErrorPage'): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await import('../features/status/status-pages'))[name] }),
});

/**
 * The route tree (the browser's router in main.tsx, the sign-in page's build-time render in
 * sign-in.prerender.tsx). Paths and titles come from the one route table in @concilia/domain; later issues add
 * their screens here and to that table.
 *
 * Only the sign-in page (the first page of nearly every visit, drawn without MUI) is in the entry chunk; every
 * other screen, the status pages and the shell itself, is a `lazy` route: its own chunk, fetched on the first
 * visit. The router loads the lazy routes of one match together, so /app/dashboard fetches the shell's and
 * the dashboard's chunks in parallel rather than one after the other (React.lazy inside the shell would
 * wait for the shell to render before asking for the page).
 */
export const routes: RouteObject[] = [
  { path: ROUTES.login.path, element: <LoginPage variant="default" /> },
  { path: ROUTES.loginSpc.path, element: <LoginPage variant="spc" /> },
  // every page but the sign-in page: MUI's theme and pt-BR texts (see LocalizedTheme), fetched with the page
  {
    lazy: async () => ({ Component: (await import('./theme/localized-theme')).LocalizedTheme }),
    children: [
      { path: ROUTES.error.path, ...statusPage('PublicErrorPage') },
      { path: ROUTES.resetarSenha.path, lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }) },
      // the public sign-up wizard and the page of its code: their own chunk, not loaded with the sign-in page
      { path: ROUTES.signUp.path, lazy: async () => ({ Component: (await import('../features/sign-up/sign-up-page')).SignUpPage }) },
      { path: ROUTES.identificadorCode.path, lazy: async () => ({ Component: (await import('../features/sign-up/identificador-code-page')).IdentificadorCodePage }) },
      // a panel link (getUrlPainel): no sign-in, no shell; the token in the address is its one credential
      { path: ROUTES.painelPublico.path, lazy: async () => ({ Component: (await import('../features/painel/painel-publico-page')).PainelPublicoPage }) },
      {
        path: '/app',
        // the shell (top bar, menu, news): nothing of it is needed before the sign-in
        lazy: async () => {
          prefetchShell();
          const { AppShell } = await import('./shell/app-shell');
          return {
            element: (
              <RequireAuth>
                <AppShell />
              </RequireAuth>
            ),
          };
        },
        children: [
          { index: true, element: <Navigate to={ROUTES.home.path} replace /> },
          { path: child(ROUTES.home.path), lazy: async () => ({ Component: (await import('../features/home/home-page')).HomePage }) },
          // the dashboard's wall view (the landing page for a profile without the Dashboard); its own chunk (ECharts: loaded by the page beside its data)
          { path: child(ROUTES.painel.path), lazy: async () => ({ Component: (await import('../features/painel/painel-page')).PainelPage }) },
          { path: child(ROUTES.ajuda.path), lazy: async () => ({ Component: (await import('../features/ajuda/manual-page')).ManualPage }) },
          { path: child(ROUTES.alteraSenha.path), lazy: async () => ({ Component: (await import('../features/auth/change-password-page')).ChangePasswordPage }) },
          { path: child(ROUTES.atendimento.path), lazy: async () => ({ Component: (await import('../features/atendimento/atendimento-page')).AtendimentoPage }) },
          { path: child(ROUTES.treinamento.path), lazy: async () => ({ Component: (await import('../features/atendimento/treinamento-page')).TreinamentoPage }) },
          { path: child(ROUTES.notAllowed.path), ...statusPage('NotAllowedPage') },
          { path: child(ROUTES.appError.path), ...statusPage('ServerErrorPage') },
          { path: child(ROUTES.notFound.path), ...statusPage('NotFoundPage') },
          ...registerRoutes,
          {
            path: child(ROUTES.parametros.path),
            handle: screen('parametros'),
            lazy: async () => ({ Component: (await import('../features/parametros/parametros-page')).ParametrosPage }),
          },
          {
            path: child(ROUTES.inclusaoTicket.path),
            handle: screen('inclusaoticket'),
            lazy: async () => ({ Component: (await import('../features/tickets/inclusao-ticket-page')).InclusaoTicketPage }),
          },
          // the closing forecast (billing): its own chunk, loaded by the back office only
          {
            path: child(ROUTES.fechaMovimentoPrevisao.path),
            handle: screen(PREVISAO_PAGE),
            lazy: async () => ({ Component: (await import('../features/billing/previsao-page')).PrevisaoPage }),
          },
          // Relatórios (issue 20): its own chunk, loaded on the first visit
          {
            path: child(ROUTES.relatorios.path),
            handle: screen(RELATORIOS_PAGE),
            lazy: async () => ({ Component: (await import('../features/reports/relatorios-page')).RelatoriosPage }),
          },
          // Integrações (issue 20): its own chunk; its tabs are the kit's registers of INTEGRATION_SCREENS
          {
            path: child(ROUTES.integracao.path),
            handle: screen('integracao'),
            lazy: async () => ({ Component: (await import('../features/integrations/integracao-page')).IntegracaoPage }),
          },
          // the contract-position monitor (issue 19): its own chunk, loaded by the back office only
          {
            path: child(ROUTES.posicaoContratoClienteConciliador.path),
            handle: screen(POSICAO_CONTRATO_PAGE),
            lazy: async () => ({ Component: (await import('../features/contract-position/monitor-page')).MonitorPage }),
          },
          // its own chunk, loaded on the first visit; the page draws its key figures first and loads ECharts itself (lazy-dashboard-chart.tsx)
          {
            path: child(ROUTES.dashboard.path),
            handle: screen('dashboard'),
            lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page')).DashboardPage }),
          },
          { path: '*', ...statusPage('NotFoundPage') },
        ],
      },
      { path: '*', ...statusPage('NotFoundPage') },
    ],
  },
];
