import { z } from 'zod';
import { isBusinessDate } from '../dates';
import { MSG } from '../messages';

/**
 * Building blocks for register schemas, so every form and API input says the same things the same way:
 * '{label} é obrigatório.', 'Data inválida', limits by length. Values travel as the API carries them:
 * dates 'YYYY-MM-DD', money integer centavos, rates as numbers.
 */
export const obrigatorio = (label: string) => `${label} é obrigatório.`;
export const maximo = (label: string, max: number) => `${label} não pode exceder ${max} caracteres`;

type Opts = { required?: boolean; max?: number };

/** Optional fields accept '' and null as "not informed" and store null. */
const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export function zText(label: string, { required = false, max = 255 }: Opts = {}) {
  const base = z.string({ error: obrigatorio(label) }).trim().max(max, maximo(label, max));
  return required ? base.min(1, obrigatorio(label)) : z.preprocess(emptyToNull, base.nullable());
}

export function zInt(label: string, { required = false }: Opts = {}) {
  const base = z.number({ error: obrigatorio(label) }).int(`${label} deve ser um número inteiro.`);
  return required ? base : z.preprocess(emptyToNull, base.nullable());
}

/** Integer centavos; never a fraction. */
export function zMoney(label: string, { required = false }: Opts = {}) {
  const base = z.number({ error: obrigatorio(label) }).int(`${label} inválido.`).min(0, `${label} não pode ser negativo.`);
  return required ? base : z.preprocess(emptyToNull, base.nullable());
}

/** A rate in percent (e.g. 1.99), up to four decimals. */
export function zPercent(label: string, { required = false }: Opts = {}) {
  const base = z
    .number({ error: obrigatorio(label) })
    .min(0, `${label} não pode ser negativa.`)
    .max(100, `${label} deve ser no máximo 100.`)
    .refine((n) => Math.round(n * 10_000) === n * 10_000 || Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6, `${label} aceita até 4 casas decimais.`);
  return required ? base : z.preprocess(emptyToNull, base.nullable());
}

export function zDate(label: string, { required = false }: Opts = {}) {
  const base = z.string({ error: obrigatorio(label) }).min(1, obrigatorio(label)).refine(isBusinessDate, MSG.dataInvalida);
  return required ? base : z.preprocess(emptyToNull, base.nullable());
}

export function zEnum<const T extends readonly [string, ...string[]]>(label: string, values: T, { required = false }: Opts = {}) {
  const base = z.enum(values, { error: obrigatorio(label) });
  return required ? base : z.preprocess(emptyToNull, base.nullable());
}

export function zEmail(label: string, { required = false }: Opts = {}) {
  const base = z.string({ error: obrigatorio(label) }).trim().min(1, obrigatorio(label)).pipe(z.email({ error: MSG.emailInvalido }));
  return required ? base : z.preprocess(emptyToNull, base.nullable());
}

/** 'até' not before 'de' — for vigência pairs. */
export const dateRangeRule = (de: string, ate: string, message = 'A data final não pode ser anterior à inicial.') =>
  [(v: Record<string, unknown>) => !v[de] || !v[ate] || String(v[de]) <= String(v[ate]), { message, path: [ate] as PropertyKey[] }] as const;

/** Codes picked for a 'references' field; duplicates are dropped, and the order kept is ascending. */
export function zRefs(label: string, { required = false }: Opts = {}) {
  const ids = z
    .array(z.number().int(`${label} inválido.`), { error: obrigatorio(label) })
    .transform((a) => [...new Set(a)].sort((x, y) => x - y));
  const base = z.preprocess((v) => (v === null || v === undefined ? [] : v), ids);
  return required ? base.refine((a) => a.length > 0, obrigatorio(label)) : base;
}
