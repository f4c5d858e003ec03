import { MSG, type RegisterAction, type AnyRegisterDef } from '@concilia/domain';

export type FabItem =
  | { kind: 'add' | 'edit' | 'delete'; key: string; label: string }
  | { kind: 'action'; key: string; label: string; action: RegisterAction };

/**
 * What the floating button offers for a selection (spec part 1, Generic list screen; part 2 §4): with
 * nothing selected only adding (unless hidden), with one row edit (when allowed), delete and every action,
 * with several rows only delete and the multi-row actions.
 */
export function fabItems(def: AnyRegisterDef, selected: number): FabItem[] {
  if (selected === 0) return def.hideAdd ? [] : [{ kind: 'add', key: 'add', label: MSG.listaAdicionar }];
  const items: FabItem[] = [];
  if (selected === 1 && def.allowEdit !== false) items.push({ kind: 'edit', key: 'edit', label: MSG.listaEditar });
  if (def.ops.delete) items.push({ kind: 'delete', key: 'delete', label: MSG.listaDeletar });
  for (const action of def.actions ?? []) {
    if (selected === 1 || action.scope === 'multi') items.push({ kind: 'action', key: action.key, label: action.label, action });
  }
  return items;
}
