import { z } from 'zod';
import { zCep, zCpfCnpj, zPhone } from '../documents';
import { MSG } from '../messages';
import { type FieldDef, fileAccepted, isChosenFile } from './register';
import { obrigatorio, zDate, zEmail, zInt, zMoney, zPercent, zRefs, zText } from './zod-fields';

/**
 * A register's zod schema, derived from its field declarations: a field's kind, label, `required`, `maxLength`,
 * `min`/`max`, `default` and option values say its rule once, for the side form and the API alike. A field whose
 * rule is its own (a login without spaces, upper-cased) declares `zod`; checks across fields are `rules`.
 */

/** A check across fields: refine's two arguments (the test, and the message with the field it shows under). */
export type FormRule = readonly [(values: Record<string, unknown>) => boolean, { message: string; path: PropertyKey[] }];

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** A whole number within bounds: '{label} deve ser ao menos 1.', '{label} deve ser no máximo 99.'. */
function intInRange(f: FieldDef): z.ZodType {
  let base = z.number({ error: obrigatorio(f.label) }).int(`${f.label} deve ser um número inteiro.`);
  if (f.min !== undefined) base = base.min(f.min, `${f.label} deve ser ao menos ${f.min}.`);
  if (f.max !== undefined) base = base.max(f.max, `${f.label} deve ser no máximo ${f.max}.`);
  return f.required ? base : z.preprocess(emptyToNull, base.nullable());
}

/**
 * The rule of one field. A declared `default` is what a new row starts with and what a save that leaves the field
 * out takes, whatever the field's kind or own rule (a schedule's hour '06:00', a bucket's region).
 */
export function fieldSchema(f: FieldDef): z.ZodType {
  const rule = f.zod ?? kindSchema(f);
  // booleans and enums place their default inside their own rule
  return f.default !== undefined && (f.zod || (f.kind !== 'boolean' && f.kind !== 'enum')) ? rule.default(f.default as never) : rule;
}

function kindSchema(f: FieldDef): z.ZodType {
  const opts = { required: f.required === true };
  switch (f.kind) {
    case 'text':
    case 'textarea':
    case 'password':
      return zText(f.label, { ...opts, max: f.maxLength ?? 255 });
    case 'email':
      return zEmail(f.label, opts);
    case 'number':
      return f.min !== undefined || f.max !== undefined ? intInRange(f) : zInt(f.label, opts);
    case 'reference':
      return zInt(f.label, opts);
    case 'money':
      return zMoney(f.label, opts);
    case 'percent':
      return zPercent(f.label, opts);
    case 'date':
      return zDate(f.label, opts);
    case 'cpfCnpj':
      return zCpfCnpj(f.label, opts);
    case 'phone':
      return zPhone(f.label, opts);
    case 'cep':
      return zCep(f.label, opts);
    case 'boolean':
      return z.boolean().default(f.default === undefined ? false : f.default === true);
    case 'references':
      return zRefs(f.label, opts);
    case 'enum': {
      // an enum fed by an option list (the states) is a code of its list, checked by its length
      if (!f.options?.length) return zText(f.label, { ...opts, max: f.maxLength ?? 255 });
      const values = f.options.map((o) => o.valor) as [string, ...string[]];
      const base = z.enum(values, { error: obrigatorio(f.label) });
      if (f.default !== undefined) return base.default(String(f.default) as never);
      return f.required ? base : z.preprocess(emptyToNull, base.nullable());
    }
    case 'items': {
      const message = f.requiredMessage ?? obrigatorio(f.label);
      const line = objectSchema(f.items ?? {}, { rules: f.rules });
      const list = z.array(line, { error: message });
      return f.required ? list.min(1, message) : z.preprocess((v) => v ?? [], list);
    }
    case 'secret':
      // optional even when required: empty on edit keeps the stored one (missingOnInsert asks it on insert)
      return zText(f.label, { max: f.maxLength ?? 255 });
    case 'file': {
      // a chosen file is checked against the rule; anything else (null, the stored file's description) keeps what is stored
      const rule = f.file!;
      return z.preprocess(
        (v) => (isChosenFile(v) ? v : null),
        z.custom<unknown>((v) => v === null || (isChosenFile(v) && fileAccepted(rule, v)), { message: MSG.uploadInvalido }).nullable(),
      );
    }
    case 'datetime':
      throw new Error(`${f.label}: a datetime is never a form field`);
  }
}

/**
 * The object of the given fields that a form edits (not the list's own columns: form false, filter-only,
 * moments) plus `keep` (a key the form does not show), refined by `rules`.
 */
export function objectSchema(
  fields: Record<string, FieldDef>,
  { rules = [], keep = [] }: { rules?: readonly FormRule[]; keep?: readonly string[] } = {},
): z.ZodObject {
  const edited = Object.entries(fields).filter(([name, f]) =>
    keep.includes(name) || (f.form !== false && !f.filterOnly && f.kind !== 'datetime'));
  let schema = z.object(Object.fromEntries(edited.map(([name, f]) => [name, fieldSchema(f)])));
  for (const [check, where] of rules) schema = schema.refine(check, where) as typeof schema;
  return schema;
}
