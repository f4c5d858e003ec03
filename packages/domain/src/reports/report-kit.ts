import type { z } from 'zod';
import type { FieldDef } from '../register-kit/register';
import { type FormRule, objectSchema } from '../register-kit/field-schema';
import { dateRangeRule } from '../register-kit/zod-fields';

/**
 * The report kit (issue 20; spec part 2 §7 "about fifty report and integration generators … each takes a filter
 * object and returns a file name, a date and a message"). A generator is one declaration here — its title, group,
 * filter fields (the register kit's FieldDefs: one zod schema for the form and the API), columns with their kinds,
 * the formats it offers — and one set-based SQL source on the server keyed by the same `key`
 * (apps/server/src/reports/sources). One runner runs any of them, on demand or by schedule.
 */

export const REPORT_GROUPS = ['Vendas', 'Conciliação', 'Extratos', 'Recebimentos', 'Taxas', 'Terminais', 'Arquivos', 'Marketplace'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export type ReportColumnKind = 'text' | 'number' | 'money' | 'percent' | 'date';
export type ReportColumn = {
  key: string;
  label: string;
  kind: ReportColumnKind;
  /** summed in the last row of the spreadsheet and the PDF */
  total?: boolean;
  width?: number;
};

export const REPORT_FORMATS = [
  { valor: 'xlsx', label: 'Planilha (XLSX)' },
  { valor: 'csv', label: 'CSV' },
  { valor: 'pdf', label: 'PDF' },
] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number]['valor'];

export type ReportDef = {
  key: string;
  /** the generator's call (gerarRelatorio…): takes the filter object and the format, answers file name, date and message */
  operation: string;
  title: string;
  group: ReportGroup;
  /** what the report answers, in a sentence a finance team reads */
  description: string;
  filter: Record<string, FieldDef>;
  rules?: readonly FormRule[];
  columns: readonly ReportColumn[];
  formats: readonly ReportFormat[];
};

/** A declaration; without `formats` it offers every format. */
export const defineReport = <D extends Omit<ReportDef, 'formats'> & { formats?: readonly ReportFormat[] }>(def: D): D & { formats: readonly ReportFormat[] } =>
  ({ ...def, formats: def.formats ?? REPORT_FORMATS.map((f) => f.valor) });

/** The filter's schema: the form checks it, the API again. */
export const reportFilterSchema = (def: ReportDef): z.ZodObject => objectSchema(def.filter, { rules: def.rules });

/** A PDF lays every row out in memory: past this many the PDF stops and says so (XLSX and CSV stream any size). */
export const REPORT_PDF_MAX_ROWS = 5_000;

// Filter fragments the generators share.

/** De / Até over the report's own date (a sale's, a payment's, a file's), both required, in order. */
export const periodoFilter = (label: string) => ({
  de: { kind: 'date', label: `${label} de`, required: true },
  ate: { kind: 'date', label: `${label} até`, required: true },
}) as const satisfies Record<string, FieldDef>;
export const PERIODO_RULES: readonly FormRule[] = [dateRangeRule('de', 'ate')];

export const operadoraFilter = { codoperadora: { kind: 'reference', label: 'Operadora', optionList: 'listarOperadoras', todos: true } } as const satisfies Record<string, FieldDef>;
/** The usual filter: the report's De/Até (in order), an operator and a unit, 'Todos' by default. */
export const janelaFilter = (label: string) => ({
  filter: { ...periodoFilter(label), ...operadoraFilter, ...unidadeFilter },
  rules: PERIODO_RULES,
});

export const unidadeFilter = {
  codpessoa: { kind: 'reference', label: 'Unidade Conciliadora', optionList: 'listarItensUnidadesConciliadoras', todos: true },
} as const satisfies Record<string, FieldDef>;
