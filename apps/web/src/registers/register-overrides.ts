import type { AnyRegisterDef } from '@concilia/domain';
import type { ComponentType } from 'react';
import type { Control } from 'react-hook-form';
import type { Values } from './fields/field-props';

/**
 * What a register's screen may replace when the generic parts do not fit, named in the registry. Kept in
 * a plain .ts file so the registry (read by the browser tests too) needs no JSX.
 */
export type FormFieldsOverride = ComponentType<{
  def: AnyRegisterDef;
  control: Control<Values>;
  editing: boolean;
  /** fields the screen fixes (a sublist's parent): kept in the values, not shown */
  hidden?: ReadonlySet<string>;
}>;

/**
 * What an 'open' action shows for its one selected row (e.g. the ticket trace in a full-screen drawer);
 * it calls onClose when the user leaves it.
 */
/** `row` is the first selected row; `rows` every selected row (an action of scope 'multi'). */
export type OpenActionComponent = ComponentType<{ def: AnyRegisterDef; row: Record<string, unknown>; rows: Record<string, unknown>[]; onClose: () => void }>;

/**
 * Extra controls beside the screen's title (e.g. the upload of Manutenção de Arquivos); onChanged searches
 * again, so what the control did shows in the table.
 */
export type ToolbarOverride = ComponentType<{ def: AnyRegisterDef; onChanged: () => void }>;
