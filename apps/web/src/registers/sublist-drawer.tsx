import { type AnyRegisterDef, type RegisterAction, SUBLISTS, sublistFor } from '@concilia/domain';
import { FullScreenDrawer } from './drawers/full-screen-drawer';
import { RegisterPage } from './register-page';
import type { Row } from './register-fields';

/** The screen's name for a row: its first text column (a plan's name), else its id. */
function rowName(def: AnyRegisterDef, row: Row): string {
  const text = Object.entries(def.fields).find(([, f]) => f.column && f.kind === 'text');
  return String((text ? row[text[0]] : null) ?? row[def.id] ?? '');
}

/**
 * A 'sublist' action (a plan's contracts, a plan's rates): the child register's own list screen in a
 * full-screen drawer, narrowed to the parent row and adding under it.
 */
export function SublistDrawer({ parent, action, row, onClose }: { parent: AnyRegisterDef; action: RegisterAction; row: Row; onClose: () => void }) {
  const child = sublistFor(SUBLISTS, parent.key, action.sublist);
  if (!child?.parent) throw new Error(`${parent.key}: no sublist is stored under the form name ${action.sublist ?? '?'}`);
  const fixed = { [child.parent.field]: row[parent.id] };
  return (
    <FullScreenDrawer open title={`${action.label} — ${rowName(parent, row)}`} onClose={onClose}>
      <RegisterPage screen={{ def: child, path: '' }} fixed={fixed} />
    </FullScreenDrawer>
  );
}
