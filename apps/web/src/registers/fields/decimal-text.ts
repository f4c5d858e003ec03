import { formatDecimal, parseBRL } from '@concilia/domain';

/**
 * Amounts and rates are typed the pt-BR way: thousands dot, decimal comma. These helpers regroup what the
 * user types and read it back as numbers without ever going through a float for money.
 */

/** Keeps digits and one comma, regroups thousands and cuts the decimals: '1234,567' → '1.234,56'. */
export function maskDecimal(text: string, decimals: number): string {
  const cleaned = text.replace(/[^\d,]/g, '');
  const comma = cleaned.indexOf(',');
  const intDigits = (comma === -1 ? cleaned : cleaned.slice(0, comma)).replace(/^0+(?=\d)/, '');
  const frac = comma === -1 || decimals === 0 ? null : cleaned.slice(comma + 1).replace(/,/g, '').slice(0, decimals);
  const int = intDigits === '' && frac !== null ? '0' : intDigits;
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return frac === null ? grouped : `${grouped},${frac}`;
}

/** A trailing comma is "still typing": '12,' reads as 12. */
const complete = (text: string) => text.replace(/,$/, '');

/** Typed amount → integer centavos ('1.234,56' → 123456); empty → null. */
export function moneyFromText(text: string): number | null {
  const t = complete(text.trim());
  return t === '' ? null : parseBRL(t);
}

export const moneyToText = (centavos: unknown): string =>
  typeof centavos === 'number' && Number.isSafeInteger(centavos) ? formatDecimal(centavos) : '';

/** Typed rate → number ('1,9875' → 1.9875); empty → null. Read from its digits, so '0,1' is exactly 0.1. */
export function rateFromText(text: string): number | null {
  const t = complete(text.trim());
  if (t === '') return null;
  const plain = t.replace(/\./g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : null;
}

const rate = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

export const rateToText = (n: unknown): string => (typeof n === 'number' && Number.isFinite(n) ? rate.format(n) : '');

/** Integers typed in number fields and numeric filters; empty → null (spec part 1 §5). */
export function intFromText(text: string): number | null {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number.parseInt(t, 10) : null;
}
