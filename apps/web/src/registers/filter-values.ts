import { type AnyRegisterDef, defaultWindow, OPTION_ALL } from '@concilia/domain';
import { intFromText } from './fields/decimal-text';
import { filterFields, type Row, scalarOf } from './register-fields';

/**
 * The filter drawer's first values: 'Todos' where a select offers it, the window's default De/Até (one
 * week, one month or yesterday back to today), empty elsewhere.
 */
export function initialFilterValues(def: AnyRegisterDef, today?: string, address?: URLSearchParams): Row {
  const values: Row = Object.fromEntries(filterFields(def).map(([name, f]) => [name, f.filterDefault ?? (f.todos ? OPTION_ALL : null)]));
  if (def.window) {
    const w = defaultWindow(def.window, today);
    values[def.window.de] = w.de;
    values[def.window.ate] = w.ate;
  }
  // A link from another screen (the dashboard's key figures) opens the list on its own filter, e.g.
  // ?de=2026-10-01&ate=2026-10-31; a date that is not an ISO date is left at its default.
  for (const [name, f] of filterFields(def)) {
    const given = address?.get(name);
    if (!given) continue;
    if (f.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(given)) continue;
    values[name] = given;
  }
  return values;
}

/**
 * The filter as <T>Filter takes it: empty entries left out, numeric filters read as integers (empty →
 * left out, spec part 1 §5), 'Todos' sent as -999 in the field's own type.
 */
export function filterVariables(def: AnyRegisterDef, values: Row): Row {
  const out: Row = {};
  for (const [name, f] of filterFields(def)) {
    const v = values[name];
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) continue;
    const scalar = scalarOf(f);
    if (v === OPTION_ALL) {
      if (scalar === 'Int') out[name] = OPTION_ALL;
      else if (scalar === 'String') out[name] = String(OPTION_ALL);
      continue;
    }
    if (scalar === 'Int') {
      const n = typeof v === 'number' ? v : intFromText(String(v));
      if (n !== null) out[name] = n;
    } else if (scalar === 'String') out[name] = String(v).trim();
    else out[name] = v;
  }
  return out;
}
