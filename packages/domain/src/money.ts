/**
 * Money is an integer number of centavos from parser to screen. These helpers are the only place where
 * centavos meet text, so no floating-point arithmetic ever touches an amount.
 */
export type Centavos = number & { readonly __centavos?: never };

function assertInteger(c: number): void {
  if (!Number.isSafeInteger(c)) throw new RangeError(`centavos must be a safe integer, got ${c}`);
}

/**
 * Written out rather than with Intl.NumberFormat, which gives the same text: the first Intl object a page makes
 * loads the browser's ICU data, 100–125 ms of one task on a phone-speed CPU (Chromium, 4× throttled), and the
 * dashboard's first screen would pay it for its amounts and counts.
 */
function grouped(digits: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `.${digits.slice(i, i + 3)}`;
  return out;
}

/** 1234567 → '1.234.567', -1234 → '-1.234': a count as pt-BR writes it (what toLocaleString('pt-BR') gives). */
export function formatInteger(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
  return `${n < 0 ? '-' : ''}${grouped(String(Math.abs(n)))}`;
}

/** centavos → '1.234,56' without a sign */
function unsignedDecimal(centavos: number): string {
  const abs = Math.abs(centavos);
  return `${grouped(String(Math.trunc(abs / 100)))},${String(abs % 100).padStart(2, '0')}`;
}

/** 123456 → 'R$ 1.234,56', -1 → '-R$ 0,01', with the non-breaking space Intl writes after 'R$'. */
export function formatBRL(centavos: Centavos): string {
  assertInteger(centavos);
  return `${centavos < 0 ? '-' : ''}R$\u00a0${unsignedDecimal(centavos)}`;
}

/** 123456 → '1.234,56' */
export function formatDecimal(centavos: Centavos): string {
  assertInteger(centavos);
  return `${centavos < 0 ? '-' : ''}${unsignedDecimal(centavos)}`;
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
