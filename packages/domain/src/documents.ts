import { z } from 'zod';
import { MSG } from './messages';
import { obrigatorio } from './register-kit/zod-fields';

/**
 * Brazilian documents and contact numbers: check-digit validation, display masks and the zod fields
 * forms and API inputs share. Values are stored without punctuation — digits only, except a CNPJ in the
 * alphanumeric format the Receita Federal issues from July 2026 (12 letters/digits + 2 check digits),
 * which keeps its upper-case letters.
 */

export const onlyDigits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

/** CPF or CNPJ as stored: no punctuation, letters upper-case (alphanumeric CNPJ). */
export const normalizeCpfCnpj = (value: string | null | undefined): string => (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');

const allSame = (s: string) => /^(.)\1*$/.test(s);

/** Check digit modulo 11 over character values (digit → its value; letter → ASCII − 48, as the Receita defines). */
function mod11(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i]!;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** A CPF with its two check digits right; punctuation is ignored, repeated digits (111.111.111-11) are not a CPF. */
export function isValidCpf(value: string | null | undefined): boolean {
  const raw = (value ?? '').trim();
  if (/[^\d.\-\s]/.test(raw)) return false;
  const d = onlyDigits(raw);
  if (d.length !== 11 || allSame(d)) return false;
  return mod11(d, CPF_W1) === Number(d[9]) && mod11(d, CPF_W2) === Number(d[10]);
}

/** A CNPJ (numeric, or alphanumeric from July 2026) with its two check digits right; punctuation is ignored. */
export function isValidCnpj(value: string | null | undefined): boolean {
  const raw = (value ?? '').trim();
  if (/[^0-9A-Za-z./\-\s]/.test(raw)) return false;
  const c = normalizeCpfCnpj(raw);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(c) || allSame(c)) return false;
  return mod11(c, CNPJ_W1) === Number(c[12]) && mod11(c, CNPJ_W2) === Number(c[13]);
}

/** CPF (11 digits) or CNPJ (14 characters), whichever the length says. */
export function isValidCpfCnpj(value: string | null | undefined): boolean {
  const c = normalizeCpfCnpj(value);
  return c.length === 11 ? isValidCpf(value) : c.length === 14 ? isValidCnpj(value) : false;
}

/**
 * Lays `chars` over a mask whose '9' slots take one character each; stops where the characters run out,
 * so a field can mask as the user types ('1234' → '123.4').
 */
function applyMask(chars: string, mask: string): string {
  let out = '';
  let i = 0;
  for (const m of mask) {
    if (i >= chars.length) break;
    if (m === '9') out += chars[i++];
    else out += m;
  }
  return out;
}

/** 000.000.000-00 */
export const formatCpf = (value: string | null | undefined): string => applyMask(onlyDigits(value).slice(0, 11), '999.999.999-99');

/** 00.000.000/0000-00 (letters kept for the alphanumeric CNPJ) */
export const formatCnpj = (value: string | null | undefined): string =>
  applyMask(normalizeCpfCnpj(value).slice(0, 14), '99.999.999/9999-99');

/** CPF mask up to 11 digits, CNPJ mask beyond (or as soon as a letter shows an alphanumeric CNPJ). */
export function formatCpfCnpj(value: string | null | undefined): string {
  const c = normalizeCpfCnpj(value);
  return c.length <= 11 && /^\d*$/.test(c) ? formatCpf(c) : formatCnpj(c);
}

/** (99) 99999-9999 for 11 digits (mobile), (99) 9999-9999 up to 10 (landline). */
export function formatPhone(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  return applyMask(d, d.length === 11 ? '(99) 99999-9999' : '(99) 9999-9999');
}

/** 00000-000 */
export const formatCep = (value: string | null | undefined): string => applyMask(onlyDigits(value).slice(0, 8), '99999-999');

/** Area codes (DDD) in use in Brazil, per Anatel's national numbering plan. */
export const DDDS: ReadonlySet<number> = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49,
  51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * A Brazilian phone with area code: 11 digits for a mobile (the number starts with 9) or 10 for a
 * landline (it starts with 2–5), and an area code that exists.
 */
export function isValidPhone(value: string | null | undefined): boolean {
  const d = onlyDigits(value);
  if (d.length !== 10 && d.length !== 11) return false;
  if (!DDDS.has(Number(d.slice(0, 2)))) return false;
  return d.length === 11 ? d[2] === '9' : /[2-5]/.test(d[2]!);
}

/** Eight digits, not all zero. Whether the CEP exists is the post office's business, not a check digit. */
export const isValidCep = (value: string | null | undefined): boolean => {
  const d = onlyDigits(value);
  return d.length === 8 && d !== '00000000';
};

type Opts = { required?: boolean };

/** Something was typed: a mask with no character in it ('(__) _____-____', '') is nothing. */
const hasContent = (v: string) => /[0-9A-Za-z]/.test(v);

/**
 * A document field: accepts it masked or not, stores it normalised. Required: nothing typed → '{label}
 * é obrigatório.'. Optional: nothing typed (or null) → null. Either way a wrong value → `message`.
 */
function documentField(label: string, required: boolean, normalize: (v: string) => string, valid: (v: string) => boolean, message: string) {
  const base = z.string({ error: obrigatorio(label) }).transform((v, ctx) => {
    if (!hasContent(v) || !valid(v)) {
      ctx.issues.push({ code: 'custom', message: hasContent(v) ? message : obrigatorio(label), input: v });
      return z.NEVER;
    }
    return normalize(v);
  });
  if (required) return base;
  const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !hasContent(v));
  return z.preprocess((v) => (empty(v) ? null : v), base.nullable());
}

/** CPF or CNPJ, check digits verified; stored without punctuation. */
export const zCpfCnpj = (label: string, { required = false }: Opts = {}) =>
  documentField(label, required, normalizeCpfCnpj, isValidCpfCnpj, MSG.cpfCnpjInvalido);

export const zCpf = (label: string, { required = false }: Opts = {}) => documentField(label, required, onlyDigits, isValidCpf, MSG.cpfInvalido);

export const zCnpj = (label: string, { required = false }: Opts = {}) =>
  documentField(label, required, normalizeCpfCnpj, isValidCnpj, MSG.cnpjInvalido);

/** Phone with area code (10 or 11 digits); stored as digits. */
export const zPhone = (label: string, { required = false }: Opts = {}) => documentField(label, required, onlyDigits, isValidPhone, MSG.telefoneInvalido);

/** CEP; stored as its 8 digits. */
export const zCep = (label: string, { required = false }: Opts = {}) => documentField(label, required, onlyDigits, isValidCep, MSG.cepInvalido);
