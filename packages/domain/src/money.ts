/**
 * Money is an integer number of centavos from parser to screen. These helpers are the only place where
 * centavos meet text, so no floating-point arithmetic ever touches an amount.
 */
export type Centavos = number & { readonly __centavos?: never };

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function assertInteger(c: number): void {
  if (!Number.isSafeInteger(c)) throw new RangeError(`centavos must be a safe integer, got ${c}`);
}

/** 123456 → 'R$ 1.234,56' (pt-BR, the non-breaking space Intl produces is kept). */
export function formatBRL(centavos: Centavos): string {
  assertInteger(centavos);
  return brl.format(centavos / 100);
}

/** 123456 → '1.234,56' */
export function formatDecimal(centavos: Centavos): string {
  assertInteger(centavos);
  return plain.format(centavos / 100);
}

/** 123456 → '1234,56', -150 → '-1,50': no thousands mark, for machine-read files (the customer sales file layout). */
export function formatDecimalPlain(centavos: Centavos): string {
  assertInteger(centavos);
  const abs = Math.abs(centavos);
  return `${centavos < 0 ? '-' : ''}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * '1.234,56' | '1234,5' | '-0,01' | 'R$ 10' → centavos. Digits are read as text, so '0,1' is 10 and never
 * 9.999…; returns null for text that is not an amount.
 */
export function parseBRL(text: string): Centavos | null {
  const t = text.replace(/R\$|\s|\u00a0/g, '');
  const m = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const [, sign, intPart = '0', frac = ''] = m;
  const c = Number(intPart.replace(/\./g, '')) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(c)) return null;
  return sign === '-' ? -c : c;
}
