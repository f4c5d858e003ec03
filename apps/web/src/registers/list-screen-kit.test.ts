import { defineRegister, defaultWindow, MSG, windowError } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { downloadOutcome } from './download-outcome';
import { fabItems } from './fab-items';
import { filterVariables, initialFilterValues } from './filter-values';
import { columnFields, formFields, outputFields } from './register-fields';
import { actionDocument, bucketsDocument, listDocument } from './register-operations';

// A read-only list screen with every new piece of the kit: a window, result cards, and one action of each kind.
const lista = defineRegister({
  key: 'linhasTeste',
  typeName: 'LinhaTeste',
  title: 'Linhas de Teste',
  page: 'linhasteste',
  menuSection: 'Arquivos',
  menuIcon: 'Folder',
  id: 'codlinha',
  keyFields: ['codlinha'],
  readOnly: true,
  ops: { list: 'listarLinhasTeste', delete: 'deletarLinhasTeste' },
  window: { de: 'de', ate: 'ate', back: 'week', maxMonths: 1 },
  buckets: { operation: 'resultadosLinhasTeste', field: 'resultado' },
  actions: [
    { key: 'baixar', kind: 'download', label: 'Baixar', scope: 'multi', operation: 'baixarLinhaTeste', success: 'ok', partial: 'parcial', failed: 'nenhum' },
    { key: 'desconsiderar', label: 'Desconsiderar', scope: 'multi', operation: 'desconsiderarLinhaTeste', success: 'ok', enabledWhen: { field: 'tipo', values: ['C'] } },
    { key: 'importarTodos', kind: 'filter', label: 'Importar todos', scope: 'none', operation: 'importarTodasLinhasTeste', success: 'ok' },
    { key: 'ver', kind: 'open', label: 'Ver', scope: 'single', operation: '', success: '' },
  ],
  fields: {
    codlinha: { kind: 'number', label: 'ID', column: true, filter: true },
    tipo: { kind: 'text', label: 'Tipo', column: true, filter: 'eq', filterDefault: 'A' },
    recebido: { kind: 'datetime', label: 'Recebimento', column: true },
    de: { kind: 'date', label: 'De', filter: 'gte', filterOnly: true },
    ate: { kind: 'date', label: 'Até', filter: 'lte', filterOnly: true },
    resultado: { kind: 'enum', label: 'Resultado', filter: true, filterOnly: true, options: [{ valor: 'conciliado', label: 'Conciliado' }] },
  },
});

describe('read-only list screens', () => {
  it('have no add or edit, and offer filter actions with nothing selected', () => {
    expect(fabItems(lista, 0, []).map((i) => i.key)).toEqual(['importarTodos']);
    expect(fabItems(lista, 1, [{ tipo: 'C' }]).map((i) => i.key)).toEqual(['delete', 'baixar', 'desconsiderar', 'ver', 'importarTodos']);
  });

  it('offer an action with enabledWhen only when every selected row allows it, and open only for one row', () => {
    expect(fabItems(lista, 2, [{ tipo: 'C' }, { tipo: 'A' }]).map((i) => i.key)).toEqual(['delete', 'baixar', 'importarTodos']);
    expect(fabItems(lista, 2, [{ tipo: 'C' }, { tipo: 'C' }]).map((i) => i.key)).toEqual(['delete', 'baixar', 'desconsiderar', 'importarTodos']);
  });

  it('keep filter-only fields out of the object, the table and the form; datetime is never edited', () => {
    expect(outputFields(lista).map(([n]) => n)).toEqual(['codlinha', 'tipo', 'recebido']);
    expect(columnFields(lista).map(([n]) => n)).toEqual(['codlinha', 'tipo', 'recebido']);
    expect(formFields(lista).map(([n]) => n)).toEqual(['codlinha', 'tipo']);
    // a read-only screen is paged on the server: one call answers the page and, unless told not to, the filter's total
    expect(listDocument(lista)).toBe('query listarLinhasTeste($values: LinhaTesteFilter, $pagina: PaginaInput, $contar: Boolean = true) { '
      + 'listarLinhasTeste(values: $values, pagina: $pagina) { codlinha tipo recebido } listarLinhasTesteTotal(values: $values) @include(if: $contar) }');
  });

  it('build one document per kind of action and one for the result cards', () => {
    const [baixar, , todos, ver] = lista.actions!;
    expect(actionDocument(lista, baixar!)).toBe('mutation baixarLinhaTeste($values: LinhaTesteKeyValues!) { baixarLinhaTeste(values: $values) }');
    expect(actionDocument(lista, todos!)).toBe('mutation importarTodasLinhasTeste($values: LinhaTesteFilter) { importarTodasLinhasTeste(values: $values) }');
    expect(() => actionDocument(lista, ver!)).toThrow();
    expect(bucketsDocument(lista)).toContain('resultadosLinhasTeste(values: $values) { valor label quantidade total }');
  });
});

describe('search window', () => {
  it('starts one week, one month or one day back to today', () => {
    expect(defaultWindow({ de: 'de', ate: 'ate', back: 'week' }, '2026-03-10')).toEqual({ de: '2026-03-03', ate: '2026-03-10' });
    expect(defaultWindow({ de: 'de', ate: 'ate', back: 'month' }, '2026-03-31')).toEqual({ de: '2026-02-28', ate: '2026-03-31' });
    expect(defaultWindow({ de: 'de', ate: 'ate', back: 'day' }, '2026-03-01')).toEqual({ de: '2026-02-28', ate: '2026-03-01' });
    expect(initialFilterValues(lista, '2026-03-10')).toMatchObject({ de: '2026-03-03', ate: '2026-03-10', resultado: null, tipo: 'A' });
    expect(filterVariables(lista, initialFilterValues(lista, '2026-03-10'))).toEqual({ tipo: 'A', de: '2026-03-03', ate: '2026-03-10' });
  });

  it("opens on the filter a link gives in the address (the dashboard's key figures), ignoring what is not a date", () => {
    const address = new URLSearchParams('de=2026-02-01&ate=2026-02-28&tipo=C&naoefiltro=1');
    expect(initialFilterValues(lista, '2026-03-10', address)).toMatchObject({ de: '2026-02-01', ate: '2026-02-28', tipo: 'C' });
    expect(initialFilterValues(lista, '2026-03-10', address)).not.toHaveProperty('naoefiltro');
    expect(initialFilterValues(lista, '2026-03-10', new URLSearchParams('de=01/02/2026'))).toMatchObject({ de: '2026-03-03' });
  });

  it("refuses invalid dates, an inverted pair and a window over its limit with the spec's messages", () => {
    const w = lista.window!;
    expect(windowError(w, { de: '2026-03-01', ate: '2026-04-01' })).toBeNull();
    expect(windowError(w, { de: '2026-03-01', ate: '2026-04-02' })).toEqual({ field: 'ate', message: MSG.periodoMaximo });
    expect(windowError(w, { de: '2026-02-30', ate: '2026-03-02' })).toEqual({ field: 'de', message: MSG.dataInvalida });
    expect(windowError(w, { de: '2026-03-05', ate: '2026-03-01' })).toEqual({ field: 'ate', message: MSG.periodoInvertido });
    expect(windowError(w, { de: '2026-03-05' })).toEqual({ field: 'ate', message: MSG.periodoMaximo });
    // without a limit an open-ended window is fine
    expect(windowError({ de: 'de', ate: 'ate', back: 'month' }, { de: '2020-01-01' })).toBeNull();
    expect(windowError({ de: 'de', ate: 'ate', back: 'month' }, { de: '2020-01-01', ate: '2026-01-01' })).toBeNull();
  });
});

describe('download outcomes (spec part 1 §8)', () => {
  const action = lista.actions![0]!;
  it('say success when all came, partial when some, failed when none', () => {
    expect(downloadOutcome(action, 2, 2)).toEqual({ variant: 'success', message: 'ok' });
    expect(downloadOutcome(action, 1, 2)).toEqual({ variant: 'warning', message: 'parcial' });
    expect(downloadOutcome(action, 0, 2)).toEqual({ variant: 'warning', message: 'nenhum' });
  });
});

describe('declarations are checked', () => {
  it('refuse an editing register without get/save, and a window over fields that are not filter-only dates', () => {
    expect(() => defineRegister({ ...lista, readOnly: false })).toThrow(/ops.get/);
    expect(() => defineRegister({ ...lista, window: { de: 'codlinha', ate: 'ate', back: 'week' } })).toThrow(/window field codlinha/);
  });
});
