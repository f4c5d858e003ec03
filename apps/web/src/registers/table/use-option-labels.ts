import type { AnyRegisterDef } from '@concilia/domain';
import { useMemo } from 'react';
import type { OptionLabels } from '../cell-format';
import { useOptionLists } from '../register-api';
import { columnFields } from '../register-fields';

/**
 * Labels for columns whose values are codes of an option list (a client's Revenda, a terminal's client),
 * so the table and the CSV show names. Lists that depend on another field cannot be labelled as a whole:
 * their declared `labelList` names them, or they keep their codes.
 */
export function useOptionLabels(def: AnyRegisterDef): OptionLabels {
  const listed = useMemo(() => columnFields(def).filter(([, f]) => !f.options && (f.labelList || (f.optionList && !f.optionListArg))), [def]);
  const lists = useOptionLists(listed.map(([, f]) => f.labelList ?? f.optionList!));
  return useMemo(
    () => Object.fromEntries(listed.map(([name], i) => [name, new Map((lists[i] ?? []).map((o) => [o.valor, o.label]))])),
    [listed, lists],
  );
}
