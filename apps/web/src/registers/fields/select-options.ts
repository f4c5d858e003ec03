import { MSG, type OptionItem, OPTION_ALL } from '@concilia/domain';

/**
 * Select lists of spec part 1 §5: empty values are dropped, an empty 'Selecione' is offered unless the
 * field is required, and filters may offer 'Todos' (-999). A filter with 'Todos' always has a value, so it
 * takes the place of 'Selecione' there.
 */
export type SelectOption = { value: string; label: string };

export function selectOptions(items: readonly OptionItem[], { required = false, todos = false } = {}): SelectOption[] {
  const real = items.filter((i) => i.valor !== '' && i.valor != null).map((i) => ({ value: String(i.valor), label: i.label }));
  if (todos) return [{ value: String(OPTION_ALL), label: MSG.campoTodos }, ...real];
  return required ? real : [{ value: '', label: MSG.campoSelecione }, ...real];
}

/** The options of a boolean offered as a filter select. */
export const SIM_NAO: readonly OptionItem[] = [
  { valor: 'true', label: MSG.campoSim },
  { valor: 'false', label: MSG.campoNao },
];

type ValueKind = 'string' | 'int' | 'boolean';

/** The form value of a picked option: references are numbers, booleans booleans, 'Todos' is -999. */
export function valueFromOption(s: string, kind: ValueKind): unknown {
  if (s === '') return null;
  if (s === String(OPTION_ALL)) return OPTION_ALL;
  if (kind === 'int') return Number(s);
  if (kind === 'boolean') return s === 'true';
  return s;
}

export const optionFromValue = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
