import { MSG, OPTION_ALL } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { selectOptions, valueFromOption } from './select-options';

const items = [{ valor: '', label: 'vazio' }, { valor: 'A', label: 'Ativo' }, { valor: 'I', label: 'Inativo' }];

describe('select lists (spec part 1 §5)', () => {
  it("drop empty values and add 'Selecione' unless required", () => {
    expect(selectOptions(items)).toEqual([
      { value: '', label: MSG.campoSelecione }, { value: 'A', label: 'Ativo' }, { value: 'I', label: 'Inativo' },
    ]);
    expect(selectOptions(items, { required: true }).map((o) => o.label)).toEqual(['Ativo', 'Inativo']);
  });

  it("offer 'Todos' = -999 where declared, in place of 'Selecione'", () => {
    expect(selectOptions(items, { todos: true })[0]).toEqual({ value: '-999', label: MSG.campoTodos });
    expect(selectOptions(items, { todos: true }).some((o) => o.label === MSG.campoSelecione)).toBe(false);
  });

  it('give references as numbers, booleans as booleans, Todos as -999 and Selecione as null', () => {
    expect(valueFromOption('12', 'int')).toBe(12);
    expect(valueFromOption('false', 'boolean')).toBe(false);
    expect(valueFromOption('-999', 'string')).toBe(OPTION_ALL);
    expect(valueFromOption('', 'int')).toBeNull();
  });
});
