import {
  type AnyRegisterDef, clientesRegister, LIST_SCREENS, manutencaoArquivosScreen, MASTER_SCREENS, pathForMenuPage, perfisRegister, planosConciliadoresRegister, planosPosRegister, taxasAntecipacaoRegister,
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

// Pesquisar Ticket's view action: the trace drawer, loaded when first opened (the registry stays free of React trees)
const TicketTrace = lazy(() => import('../features/tickets/ticket-trace-action').then((m) => ({ default: m.TicketTraceAction })));
const TicketTraceAction: OpenActionComponent = (p) => createElement(Suspense, { fallback: null }, createElement(TicketTrace, p));

// Taxas não cadastradas' 'Cadastrar taxa': the rate form, loaded when first opened
const CadastrarTaxa = lazy(() => import('../features/fee-audit/cadastrar-taxa-action').then((m) => ({ default: m.CadastrarTaxaAction })));
const CadastrarTaxaAction: OpenActionComponent = (p) => createElement(Suspense, { fallback: null }, createElement(CadastrarTaxa, p));

// The master-user lists' Logar: the confirmation and the session as that user, loaded when first opened
const Logar = lazy(() => import('../features/master-users/logar-action').then((m) => ({ default: m.LogarAction })));
const LogarAction: OpenActionComponent = (p) => createElement(Suspense, { fallback: null }, createElement(Logar, p));
const Tefs = lazy(() => import('../features/master-users/tefs-action').then((m) => ({ default: m.TefsAction })));
const TefsAction: OpenActionComponent = (p) => createElement(Suspense, { fallback: null }, createElement(Tefs, p));
const TrocarSenha = lazy(() => import('../features/master-users/trocar-senha-action').then((m) => ({ default: m.TrocarSenhaAction })));
const TrocarSenhaAction: OpenActionComponent = (p) => createElement(Suspense, { fallback: null }, createElement(TrocarSenha, p));

/** Overrides of the read-only list screens (LIST_SCREENS), by declaration key. */
const LIST_OVERRIDES: Record<string, Overrides> = {
  pesquisaTicket: { opens: { ver: TicketTraceAction } },
  [taxasNaoCadastradasScreen.key]: { opens: { cadastrar: CadastrarTaxaAction } },
  [manutencaoArquivosScreen.key]: { Toolbar: UploadToolbar },
};

export const REGISTER_SCREENS: readonly RegisterScreen[] = [
  screen(clientesRegister),
  screen(usuariosRegister),
  screen(perfisRegister),
  screen(terminaisRegister),
  screen(taxasAntecipacaoRegister),
  screen(planosConciliadoresRegister),
  screen(planosPosRegister),
  ...LIST_SCREENS.map((def) => screen(def, LIST_OVERRIDES[def.key])),
  ...MASTER_SCREENS.map((def) => screen(def, { opens: { logar: LogarAction, tefs: TefsAction, trocarSenha: TrocarSenhaAction } })),
];
