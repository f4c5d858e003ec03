import { formatBusinessDate, isBusinessDate, parseBrDate } from '@concilia/domain';

/**
 * Dates are typed as DD/MM/YYYY text and stored as 'YYYY-MM-DD' strings. No Date object is ever made, so
 * no browser time zone can move a date by a day.
 */

/** Inserts the slashes as digits arrive: '2503' → '25/03', '25032026' → '25/03/2026'. */
export function maskDate(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/**
 * The form value for what was typed: a real date becomes 'YYYY-MM-DD', nothing becomes null, and anything
 * else stays as typed so validation answers 'Data inválida' instead of silently dropping it.
 */
export function dateValueFromText(text: string): string | null {
  if (text.trim() === '') return null;
  return parseBrDate(text) ?? text;
}

export const dateTextFromValue = (v: unknown): string =>
  typeof v !== 'string' ? '' : isBusinessDate(v) ? formatBusinessDate(v) : v;
