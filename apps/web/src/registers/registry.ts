import {
  type AnyRegisterDef, clientesRegister, pathForMenuPage, perfisRegister, taxasAntecipacaoRegister, terminaisRegister, usuariosRegister,
} from '@concilia/domain';
import type { FormFieldsOverride } from './register-overrides';

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
};

type Overrides = Omit<RegisterScreen, 'def' | 'path'> & { path?: string };

const screen = (def: AnyRegisterDef, overrides: Overrides = {}): RegisterScreen => ({ def, path: pathForMenuPage(def.page), ...overrides });

export const REGISTER_SCREENS: readonly RegisterScreen[] = [
  screen(clientesRegister),
  screen(usuariosRegister),
  screen(perfisRegister),
  screen(terminaisRegister),
  screen(taxasAntecipacaoRegister),
];
