import type { BusinessDate } from '@concilia/domain';

/**
 * Field formatters for the writers: the inverse of read/fields. They never truncate silently: a value wider
 * than its field is a bug of the caller, and would shift every later position.
 */

/**
 * A value that does not fit its field of a layout. A caller passing its user's input (the CLI's `generate`
 * with an establishment code too long for the layout) shows the message as the user's mistake.
 */
export class FieldWidthError extends RangeError {
  readonly code = 'CAMPO_NAO_CABE';
}

function fit(value: string, width: number, what: string): string {
  if (value.length > width) throw new FieldWidthError(`${what} "${value}" não cabe em ${width} posições`);
  return value;
}

/** N / V(n,d): zero-filled digits; amounts are integer centavos, written unsigned. */
export function zeros(value: number | string, width: number): string {
  const text = typeof value === 'number' ? String(Math.abs(value)) : value;
  return fit(text, width, 'número').padStart(width, '0');
}

/** A: space-filled, left-aligned. */
export function text(value: string, width: number): string {
  return fit(value, width, 'texto').padEnd(width, ' ');
}

/** 'YYYY-MM-DD' → DDMMAAAA */
export function ddmmaaaa(d: BusinessDate): string {
  return `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(0, 4)}`;
}

/** 'HH:MM:SS' → HHMMSS */
export function hhmmss(t: string): string {
  return t.replaceAll(':', '');
}

/** Groups consecutive items with the same key, holding one group at a time. */
export function* consecutive<T>(items: Iterable<T>, keyOf: (item: T) => string): Generator<T[]> {
  let group: T[] = [];
  let key: string | null = null;
  for (const item of items) {
    const k = keyOf(item);
    if (key !== null && k !== key) {
      yield group;
      group = [];
    }
    key = k;
    group.push(item);
  }
  if (group.length > 0) yield group;
}
