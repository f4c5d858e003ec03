import { POSICAO_CONTRATO_PAGE, PREVISAO_PAGE, RELATORIOS_PAGE, ROUTES } from '@concilia/domain';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppShell } from './shell/app-shell';
import { RequireAuth } from './gates';
import type { ScreenHandle } from './screen-gate';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { ChangePasswordPage } from '../features/auth/change-password-page';
import { NotAllowedPage, NotFoundPage, PublicErrorPage, ServerErrorPage } from '../features/status/status-pages';
import { HomePage } from '../features/home/home-page';
import { ManualPage } from '../features/ajuda/manual-page';
import { AtendimentoPage } from '../features/atendimento/atendimento-page';
import { TreinamentoPage } from '../features/atendimento/treinamento-page';
import { registerRoutes } from '../registers/register-routes';
import { ParametrosPage } from '../features/parametros/parametros-page';
import { InclusaoTicketPage } from '../features/tickets/inclusao-ticket-page';

/** Relative child path of an /app route from the shared route table. */
const child = (path: string) => path.replace(/^\/app\//, '');
/** The profile resource a route shows: the shell's ScreenGate opens it only for profiles that hold it. */
const screen = (page: string): ScreenHandle => ({ screen: page });

/**
 * The route tree. Paths and titles come from the one route table in @concilia/domain; later issues add
 * their screens here and to that table.
 */
export const router = createBrowserRouter([
  { path: ROUTES.login.path, element: <LoginPage variant="default" /> },
  { path: ROUTES.loginSpc.path, element: <LoginPage variant="spc" /> },
  { path: ROUTES.resetarSenha.path, element: <ResetPasswordPage /> },
  // the public sign-up wizard and the page of its code: their own chunk, not loaded with the sign-in page
  { path: ROUTES.signUp.path, lazy: async () => ({ Component: (await import('../features/sign-up/sign-up-page')).SignUpPage }) },
  { path: ROUTES.identificadorCode.path, lazy: async () => ({ Component: (await import('../features/sign-up/identificador-code-page')).IdentificadorCodePage }) },
  { path: ROUTES.error.path, element: <PublicErrorPage /> },
  // a panel link (getUrlPainel): no sign-in, no shell; the token in the address is its one credential
  { path: ROUTES.painelPublico.path, lazy: async () => ({ Component: (await import('../features/painel/painel-publico-page')).PainelPublicoPage }) },
  {
    path: '/app',
    element: (
      <RequireAuth>
        <AppShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={ROUTES.home.path} replace /> },
      { path: child(ROUTES.home.path), element: <HomePage /> },
      // the dashboard's wall view (the landing page for a profile without the Dashboard); its own chunk, with ECharts
      { path: child(ROUTES.painel.path), lazy: async () => ({ Component: (await import('../features/painel/painel-page')).PainelPage }) },
      { path: child(ROUTES.ajuda.path), element: <ManualPage /> },
      { path: child(ROUTES.alteraSenha.path), element: <ChangePasswordPage /> },
      { path: child(ROUTES.atendimento.path), element: <AtendimentoPage /> },
      { path: child(ROUTES.treinamento.path), element: <TreinamentoPage /> },
      { path: child(ROUTES.notAllowed.path), element: <NotAllowedPage /> },
      { path: child(ROUTES.appError.path), element: <ServerErrorPage /> },
      { path: child(ROUTES.notFound.path), element: <NotFoundPage /> },
      ...registerRoutes,
      { path: child(ROUTES.parametros.path), element: <ParametrosPage />, handle: screen('parametros') },
      { path: child(ROUTES.inclusaoTicket.path), element: <InclusaoTicketPage />, handle: screen('inclusaoticket') },
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
      // its own chunk: the dashboard and ECharts load on the first visit, not with the sign-in page
      {
        path: child(ROUTES.dashboard.path),
        handle: screen('dashboard'),
        lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page')).DashboardPage }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
