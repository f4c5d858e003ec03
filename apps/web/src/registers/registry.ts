import {
  agendamentoIntegracaoRegister, type AnyRegisterDef, clientesRegister, contasBancariasRegister, conferenciaBancariaScreen, INTEGRATION_SCREENS, ROUTES, dadosNfeRegister, estabelecimentosRegister, faturamentoMovimentoScreen, LIST_SCREENS, manutencaoArquivosScreen, MASTER_SCREENS, movimentosFechadosScreen, pathForMenuPage, perfisRegister, planosConciliadoresRegister, planosPosRegister, taxasAntecipacaoRegister,
  taxasNaoCadastradasScreen, terminaisRegister, usuariosRegister,
} from '@concilia/domain';
import { createElement, lazy, Suspense } from 'react';
import type { FormFieldsOverride, OpenActionComponent, ToolbarOverride } from './register-overrides';

/**
 * THE client registry: one line per register screen — its declaration (from @concilia/domain), the route
 * it lives at (/app/{page}) and, only when the generic parts do not fit, overrides. Adding a register's
 * screen is adding a line here.
 */
export type RegisterScreen = {
  def: AnyRegisterDef;
  path: string;
  /** replaces the generic form sections */
  FormFields?: FormFieldsOverride;
  /** the components of the declaration's 'open' actions, by action key */
  opens?: Record<string, OpenActionComponent>;
  /** extra controls beside the title */
  Toolbar?: ToolbarOverride;
};

type Overrides = Omit<RegisterScreen, 'def' | 'path'> & { path?: string };

const screen = (def: AnyRegisterDef, overrides: Overrides = {}): RegisterScreen => ({ def, path: pathForMenuPage(def.page), ...overrides });

// Loaded with the screen that uses it, so the registry (read by the browser tests too) stays free of React trees.
const UploadToolbar = lazy(() => import('../features/files/upload-toolbar').then((m) => ({ default: m.UploadToolbar })));

/** An 'open' action's component, loaded when first opened (the registry stays free of React trees). */
const lazyOpen = (load: () => Promise<OpenActionComponent>): OpenActionComponent => {
  const Loaded = lazy(async () => ({ default: await load() }));
  return (p) => createElement(Suspense, { fallback: null }, createElement(Loaded, p));
};

// Pesquisar Ticket's view action: the trace drawer
const TicketTraceAction = lazyOpen(() => import('../features/tickets/ticket-trace-action').then((m) => m.TicketTraceAction));
// Conferência Bancária's 'Rastrear': a settlement's trace to the bank
const RastreioBancarioAction = lazyOpen(() => import('../features/bank/rastreio-bancario-action').then((m) => m.RastreioBancarioAction));
// Taxas não cadastradas' 'Cadastrar taxa': the rate form
const CadastrarTaxaAction = lazyOpen(() => import('../features/fee-audit/cadastrar-taxa-action').then((m) => m.CadastrarTaxaAction));
// The master-user lists' actions: Logar (the confirmation and the session as that user), Plano R$, Tefs, Trocar senha
const LogarAction = lazyOpen(() => import('../features/master-users/logar-action').then((m) => m.LogarAction));
const PlanoReaisAction = lazyOpen(() => import('../features/master-users/plano-reais-action').then((m) => m.PlanoReaisAction));
const TefsAction = lazyOpen(() => import('../features/master-users/tefs-action').then((m) => m.TefsAction));
const TrocarSenhaAction = lazyOpen(() => import('../features/master-users/trocar-senha-action').then((m) => m.TrocarSenhaAction));
// Faturamento Movimento's invoice actions: two drawers and three actions that run at once
const nota = (name: 'VisualizarNotaAction' | 'PreVisualizarNotaAction' | 'ReenviarEmailAction' | 'ReenviarNotaAction' | 'AceitarNotaAction') =>
  lazyOpen(() => import('../features/billing/nota-actions').then((m) => m[name]));
// Clientes' 'Painel de Cadastro': the registration's establishments and each operator's rates
const PainelCadastroAction = lazyOpen(() => import('../features/contract-position/painel-cadastro-action').then((m) => m.PainelCadastroAction));
// Movimentos Fechados' 'Gerar Relatório': the report type and file, then one report per selected movement
const RelatorioMovimentoAction = lazyOpen(() => import('../features/billing/relatorio-movimento-action').then((m) => m.RelatorioMovimentoAction));
// Estabelecimentos' 'Documentos': the establishment's registration documents and their upload
const DocumentosAction = lazyOpen(() => import('../features/establishment-documents/documentos-action').then((m) => m.DocumentosAction));

// Integrações › Agendamentos' 'Histórico': each day's file, with Reenviar
const HistoricoIntegracaoAction = lazyOpen(() => import('../features/integrations/historico-integracao-action').then((m) => m.HistoricoIntegracaoAction));

/** Overrides of the Integrações tabs (INTEGRATION_SCREENS), by declaration key. */
const INTEGRATION_OVERRIDES: Record<string, Overrides> = {
  [agendamentoIntegracaoRegister.key]: { opens: { historico: HistoricoIntegracaoAction } },
};

/** Overrides of the read-only list screens (LIST_SCREENS), by declaration key. */
const LIST_OVERRIDES: Record<string, Overrides> = {
  pesquisaTicket: { opens: { ver: TicketTraceAction } },
  [conferenciaBancariaScreen.key]: { opens: { rastrear: RastreioBancarioAction } },
  [taxasNaoCadastradasScreen.key]: { opens: { cadastrar: CadastrarTaxaAction } },
  [manutencaoArquivosScreen.key]: { Toolbar: UploadToolbar },
  [movimentosFechadosScreen.key]: { opens: { relatorio: RelatorioMovimentoAction } },
  [faturamentoMovimentoScreen.key]: {
    opens: {
      visualizar: nota('VisualizarNotaAction'), previsualizar: nota('PreVisualizarNotaAction'), reenviarEmail: nota('ReenviarEmailAction'),
      reenviarNota: nota('ReenviarNotaAction'), aceitar: nota('AceitarNotaAction'),
    },
  },
};

/**
 * The registers shown as tabs of Integrações (/app/integracao): the same generic screen, under the page's own route
 * rather than one of their own.
 */
export const INTEGRATION_REGISTER_SCREENS: readonly RegisterScreen[] = INTEGRATION_SCREENS.map((def) =>
  screen(def, { path: ROUTES.integracao.path, ...INTEGRATION_OVERRIDES[def.key] }));

export const REGISTER_SCREENS: readonly RegisterScreen[] = [
  screen(clientesRegister, { opens: { painelCadastro: PainelCadastroAction } }),
  screen(usuariosRegister),
  screen(perfisRegister),
  screen(terminaisRegister),
  screen(estabelecimentosRegister, { opens: { documentos: DocumentosAction } }),
  screen(taxasAntecipacaoRegister),
  screen(planosConciliadoresRegister),
  screen(planosPosRegister),
  screen(dadosNfeRegister),
  screen(contasBancariasRegister),
  ...LIST_SCREENS.map((def) => screen(def, LIST_OVERRIDES[def.key])),
  ...MASTER_SCREENS.map((def) => screen(def, { opens: { logar: LogarAction, planoReais: PlanoReaisAction, tefs: TefsAction, trocarSenha: TrocarSenhaAction } })),
];
