import { type FieldDef, formatBusinessDate, formatCpfCnpj, formatDateTime, formatDecimal, formatPhone, MSG } from '@concilia/domain';
import { rateToText } from './fields/decimal-text';

/** Labels of option values, per field (from the declaration or its option list). */
export type OptionLabels = Record<string, ReadonlyMap<string, string>>;

/**
 * A value as the table and the CSV show it, the pt-BR way: dates DD/MM/YYYY, money 1.234,56, rates with a
 * decimal comma, CPF/CNPJ and phones masked, options by their label. One function for both, so the download matches the screen.
 */
export function formatCell(f: FieldDef, value: unknown, labels?: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return '';
  switch (f.kind) {
    case 'date':
      return typeof value === 'string' ? formatBusinessDate(value) || value : String(value);
    case 'datetime':
      return typeof value === 'string' ? formatDateTime(value) || value : String(value);
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value) ? formatDecimal(value) : String(value);
    case 'percent':
      return rateToText(value);
    case 'cpfCnpj':
      return formatCpfCnpj(String(value));
    case 'phone':
      return formatPhone(String(value));
    case 'boolean':
      return value ? MSG.campoSim : MSG.campoNao;
    case 'references':
      return Array.isArray(value) ? value.map((v) => labels?.get(String(v)) ?? String(v)).join(', ') : String(value);
    case 'enum':
    case 'reference': {
      const fixed = f.options?.find((o) => o.valor === String(value))?.label;
      return fixed ?? labels?.get(String(value)) ?? String(value);
    }
    default:
      return String(value);
  }
}
