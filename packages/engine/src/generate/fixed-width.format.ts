import type { BusinessDate } from '@concilia/domain';

/**
 * Field formatters for the writers: the inverse of read/fields. They never truncate silently: a value wider
 * than its field is a bug of the caller, and would shift every later position.
 */

function fit(value: string, width: number, what: string): string {
  if (value.length > width) throw new RangeError(`${what} "${value}" does not fit ${width} positions`);
  return value;
}

/** N / V(n,d): zero-filled digits; amounts are integer centavos, written unsigned. */
export function zeros(value: number | string, width: number): string {
  const text = typeof value === 'number' ? String(Math.abs(value)) : value;
  return fit(text, width, 'number').padStart(width, '0');
}

/** A: space-filled, left-aligned. */
export function text(value: string, width: number): string {
  return fit(value, width, 'text').padEnd(width, ' ');
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
