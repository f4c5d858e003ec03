import { MSG, type RegisterAction, type AnyRegisterDef } from '@concilia/domain';
import type { Row } from './register-fields';

export type FabItem =
  | { kind: 'add' | 'edit' | 'delete'; key: string; label: string }
  | { kind: 'action'; key: string; label: string; action: RegisterAction };

/** Every selected row allows the action (its enabledWhen field holds one of the values). */
const allowedFor = (action: RegisterAction, rows: readonly Row[] | undefined) =>
  !action.enabledWhen || (rows ?? []).every((r) => action.enabledWhen!.values.includes(String(r[action.enabledWhen!.field] ?? '')));

/**
 * What the floating button offers for a selection (spec part 1, Generic list screen; part 2 §4): with
 * nothing selected only adding (unless hidden, and never on a read-only list) and the actions over the
 * filter, with one row edit (when allowed), delete and every action, with several rows only delete and
 * the multi-row actions. An action with `enabledWhen` shows only when every selected row allows it.
 */
export function fabItems(def: AnyRegisterDef, selected: number, rows?: readonly Row[]): FabItem[] {
  const actions = def.actions ?? [];
  // 'filter' and 'form' actions need no selection and are offered with or without one
  const filterActions = actions.filter((a) => a.scope === 'none').map((action): FabItem => ({ kind: 'action', key: action.key, label: action.label, action }));
  if (selected === 0) return [...(def.hideAdd || def.readOnly ? [] : [{ kind: 'add' as const, key: 'add', label: MSG.listaAdicionar }]), ...filterActions];
  const items: FabItem[] = [];
  if (selected === 1 && def.allowEdit !== false && !def.readOnly) items.push({ kind: 'edit', key: 'edit', label: MSG.listaEditar });
  if (def.ops.delete) items.push({ kind: 'delete', key: 'delete', label: MSG.listaDeletar });
  for (const action of actions) {
    if (action.scope === 'none') continue;
    if ((selected === 1 || action.scope === 'multi') && allowedFor(action, rows)) items.push({ kind: 'action', key: action.key, label: action.label, action });
  }
  return [...items, ...filterActions];
}
