import { type AnyRegisterDef, filterOp } from '@concilia/domain';
import { isRequired } from '../../apps/web/src/registers/form-values';
import type { FieldValue } from './register-page';

/**
 * A row the browser can type into any register's side form, made from the declaration alone: its
 * required fields plus the text column that names the row. Values follow each kind's pt-BR typing;
 * texts carry no spaces (logins refuse them) and dates come in order (vigência de ≤ até).
 */
export type RegisterSample = {
  /** the field that names the row on screen, and what it holds before and after the edit */
  nameField: string;
  name: string;
  renamed: string;
  values: Record<string, FieldValue>;
  /** a column the test may hide (never the naming one) */
  hideable: string | null;
  /** the naming field is a text filter of the drawer */
  filterable: boolean;
};

const DATES = ['01/02/2026', '28/02/2026', '31/03/2026'];

const TYPED: Partial<Record<string, string>> = {
  number: '7', money: '1.234,56', percent: '1,5', email: 'e2e@exemplo.com.br', cpfCnpj: '11444777000161',
  phone: '31988887777', cep: '30130010', password: 'Senha_123',
};

export function sampleFor(def: AnyRegisterDef): RegisterSample {
  const entries = Object.entries(def.fields);
  // what the field's own rule takes (an agency or account number is digits only)
  const accepts = (field: string, value: string) => {
    const rule = (def.schema as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape?.[field];
    return !rule || rule.safeParse(value).success;
  };
  const nameOf = (max: number | undefined) => `E2E${def.key.toUpperCase()}`.slice(0, max ?? 50);
  // the naming text takes its name and its renamed form ('…X') alike
  const naming = entries.find(([field, f]) => f.column && (f.kind === 'text' || f.kind === 'textarea')
    && accepts(field, nameOf(f.maxLength)) && (f.maxLength ?? 50) > nameOf(f.maxLength).length);
  if (!naming) throw new Error(`${def.key}: no text column names its rows; give the browser test a sample of its own`);
  const [nameField, nameDef] = naming;
  const name = nameOf(nameDef.maxLength);
  let dates = 0;
  const values: Record<string, FieldValue> = {};
  for (const [field, f] of entries) {
    if (f.form === false || f.form === 'readonly') continue;
    if (field !== nameField && !isRequired(def, field)) continue;
    if (field === nameField) values[field] = name;
    else if (f.kind === 'text' || f.kind === 'textarea') {
      const text = `E2E${field.toUpperCase()}`.slice(0, f.maxLength ?? 50);
      values[field] = accepts(field, text) ? text : '1234'.slice(0, f.maxLength ?? 4);
    }
    else if (f.kind === 'date') values[field] = DATES[dates++]!;
    else if (f.kind === 'enum' || f.kind === 'reference' || f.kind === 'references') values[field] = { option: 'first' };
    else if (f.kind === 'boolean') continue;
    else values[field] = TYPED[f.kind]!;
  }
  const hideable = entries.find(([n, f]) => f.column && n !== nameField)?.[1].label ?? null;
  return { nameField, name, renamed: `${name}X`, values, hideable, filterable: filterOp(nameDef) === 'contains' };
}
