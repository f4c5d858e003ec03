import { addMonths, type FieldDef, OPTION_ALL, REPORT_GROUPS, type ReportDef, type ReportGroup, reportFilterSchema, todayBusiness } from '@concilia/domain';
import type { z } from 'zod';

/**
 * A generator's filter as the screen shows it, read from its declaration alone (report-kit.ts): which fields,
 * which are required, what they start with. Nothing here names a report, so a generator added to the catalogue
 * gets its form without a line of screen code.
 */

const shapeOf = (def: ReportDef): Record<string, z.ZodType> => (reportFilterSchema(def) as unknown as { shape: Record<string, z.ZodType> }).shape;

/** The fields the form shows: those the schema checks (the server drops any other), in declaration order. */
export function reportFilterFields(def: ReportDef): [string, FieldDef][] {
  const shape = shapeOf(def);
  return Object.entries(def.filter).filter(([name]) => name in shape);
}

/** Required when the schema accepts neither "missing" nor null (the asterisk; a 'Todos' select always has a value). */
export function requiredFilterFields(def: ReportDef): Set<string> {
  const shape = shapeOf(def);
  return new Set(Object.keys(shape).filter((n) => !shape[n]!.safeParse(undefined).success && !shape[n]!.safeParse(null).success));
}

/**
 * The filter's first values: 'Todos' where a select offers it, a declared default where there is one, and the
 * period — the report kit's De/Até pair, or any two dates — from a month ago to today, so the first 'Gerar'
 * already answers something; a lone required date starts today.
 */
export function initialReportFilter(def: ReportDef, today: string = todayBusiness()): Record<string, unknown> {
  const fields = reportFilterFields(def);
  const dates = fields.filter(([, f]) => f.kind === 'date').map(([n]) => n);
  const [de, ate] = 'de' in def.filter && 'ate' in def.filter ? ['de', 'ate'] : dates.length === 2 ? dates : [null, null];
  const required = requiredFilterFields(def);
  return Object.fromEntries(fields.map(([name, f]) => {
    if (name === de) return [name, addMonths(today, -1)];
    if (name === ate) return [name, today];
    if (f.default !== undefined) return [name, f.default];
    if (f.filterDefault !== undefined) return [name, f.kind === 'reference' || f.kind === 'number' ? Number(f.filterDefault) : f.filterDefault];
    if (f.todos) return [name, OPTION_ALL];
    if (f.kind === 'boolean') return [name, false];
    if (f.kind === 'date' && required.has(name)) return [name, today];
    return [name, null];
  }));
}

/**
 * The filter as the schema and the generator take it: 'Todos' (-999) stays where the field's rule takes it (a
 * reference: the server reads it as "all"), and is null where it does not (a text enum), which also means "all".
 */
export function reportFilterWire(def: ReportDef, values: Record<string, unknown>): Record<string, unknown> {
  const shape = shapeOf(def);
  return Object.fromEntries(Object.entries(values).map(([name, v]) => {
    const all = v === OPTION_ALL || v === String(OPTION_ALL);
    return [name, all && shape[name] && !shape[name].safeParse(v).success ? null : v];
  }));
}

/**
 * A stored filter (a schedule's parametros) over the report's first values: what the schedule kept wins, fields
 * the report gained since start as a new form would, fields it lost are dropped.
 */
export function storedReportFilter(def: ReportDef, parametros: string | null | undefined, today?: string): Record<string, unknown> {
  let stored: unknown = null;
  try {
    stored = parametros ? JSON.parse(parametros) : null;
  } catch {
    // text that is not JSON (written by hand in the database): the report's own first values
  }
  const base = initialReportFilter(def, today);
  if (!stored || typeof stored !== 'object') return base;
  return Object.fromEntries(Object.entries(base).map(([name, v]) => [name, (stored as Record<string, unknown>)[name] ?? v]));
}

/** The catalogue by group, in REPORT_GROUPS' order, narrowed by words of the title or the description. */
export function groupedReports(reports: readonly ReportDef[], search = ''): { group: ReportGroup; reports: ReportDef[] }[] {
  const norm = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const words = norm(search).split(/\s+/).filter(Boolean);
  const hit = (r: ReportDef) => words.every((w) => norm(`${r.title} ${r.description} ${r.group}`).includes(w));
  return REPORT_GROUPS.map((group) => ({ group, reports: reports.filter((r) => r.group === group && hit(r)) })).filter((g) => g.reports.length > 0);
}
