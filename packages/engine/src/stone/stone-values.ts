import type { BusinessDate, Centavos } from '@concilia/domain';
import { LineError, date, num, timeOrNull } from '../read/fields';
import { type XmlNode, childOf, textOf } from './xml-node';

/**
 * Value decoders of the Stone XML (formats/layouts.md §4.3), reading a unit's child elements. Each error names
 * the element's own line and the field in pt-BR with the element name, so the merchant finds it in the file.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/**
 * A Stone amount ('63.814401', '-590.000000', '1478.77', '60') → centavos, from the digits as text (never
 * parseFloat). Stone writes 6 decimals but pays in centavos, so the third decimal onwards is rounded half away
 * from zero: at or beyond half a centavo exactly when the third decimal digit is 5 or more.
 */
export function decimalCentavos(raw: string, line: number, field: string): Centavos {
  const m = DECIMAL.exec(raw.trim());
  if (!m) throw new LineError(line, field, `não é um valor decimal ("${raw}")`);
  const [, sign, int = '0', frac = ''] = m;
  const cents = Number(int) * 100 + Number((frac + '00').slice(0, 2)) + ((frac[2] ?? '0') >= '5' ? 1 : 0);
  if (!Number.isSafeInteger(cents)) throw new LineError(line, field, `fora do intervalo ("${raw}")`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

const where = (node: XmlNode | null, parent: XmlNode) => node?.line ?? parent.line;
const label = (field: string, names: string[]) => `${field} (${names[0]})`;

/** A required amount child; absent or empty is an error. */
export function amountOf(parent: XmlNode, field: string, ...names: string[]): Centavos {
  const value = amountOrNull(parent, field, ...names);
  if (value === null) throw new LineError(parent.line, label(field, names), 'ausente');
  return value;
}

/** An optional amount child: null when absent or empty (`<NetAmount />` on a sale cancelled the same day). */
export function amountOrNull(parent: XmlNode, field: string, ...names: string[]): Centavos | null {
  const raw = textOf(parent, ...names);
  if (raw === null) return null;
  return decimalCentavos(raw, where(childOf(parent, ...names), parent), label(field, names));
}

/** A required key: trimmed text, leading zeros kept. */
export function keyOf(parent: XmlNode, field: string, ...names: string[]): string {
  const raw = textOf(parent, ...names);
  if (raw === null) throw new LineError(parent.line, label(field, names), 'ausente');
  return raw;
}

/** aaaammdd → business date, written as the file writes it; null when absent or empty. */
export function dateOrNullOf(parent: XmlNode, field: string, ...names: string[]): BusinessDate | null {
  const raw = textOf(parent, ...names);
  if (raw === null) return null;
  return date(raw, where(childOf(parent, ...names), parent), label(field, names), 'AAAAMMDD');
}

export function dateOf(parent: XmlNode, field: string, ...names: string[]): BusinessDate {
  const d = dateOrNullOf(parent, field, ...names);
  if (d === null) throw new LineError(parent.line, label(field, names), 'ausente');
  return d;
}

/**
 * aaaammddHHmmss → the date and time as written. Cut from the text, never through Date: CaptureLocalDateTime
 * is already Brasília time and must not move to another day.
 */
export function dateTimeOrNullOf(parent: XmlNode, field: string, ...names: string[]): { date: BusinessDate; time: string | null } | null {
  const raw = textOf(parent, ...names);
  if (raw === null) return null;
  const line = where(childOf(parent, ...names), parent);
  const name = label(field, names);
  if (!/^\d{14}$/.test(raw)) throw new LineError(line, name, `não é uma data/hora aaaammddHHmmss ("${raw}")`);
  return { date: date(raw.slice(0, 8), line, name, 'AAAAMMDD'), time: timeOrNull(raw.slice(8), line, name) };
}

/** A count (Events counters, trailer quantities, installment numbers); null when absent. */
export function countOrNull(parent: XmlNode | null, field: string, ...names: string[]): number | null {
  if (!parent) return null;
  const raw = textOf(parent, ...names);
  if (raw === null) return null;
  return num(raw, where(childOf(parent, ...names), parent), label(field, names));
}

export function dateTimeOf(parent: XmlNode, field: string, ...names: string[]): { date: BusinessDate; time: string | null } {
  const d = dateTimeOrNullOf(parent, field, ...names);
  if (d === null) throw new LineError(parent.line, label(field, names), 'ausente');
  return d;
}
