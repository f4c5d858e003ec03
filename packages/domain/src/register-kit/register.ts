import type { z } from 'zod';

/**
 * The register kit's declaration: one object per register says everything the generic server mechanism
 * and the generic list screen need — fields, columns, filters, the form's zod schema, actions, option
 * lists, the profile resource that grants it, and the seeds' operation names. Nothing is copied per
 * register; a screen that stops fitting becomes its own feature.
 */

/** An option of a select list, as every option-list call answers it. */
export type OptionItem = { valor: string; label: string };

export const OPTION_ALL = -999;

/** A filter or option-list argument restricts the answer unless it is empty or 'Todos' (-999, as number or text). */
export const isGiven = <T>(v: T | null | undefined): v is T =>
  v !== null && v !== undefined && v !== '' && v !== OPTION_ALL && v !== String(OPTION_ALL);

export type FieldKind =
  | 'text' | 'textarea' | 'email' | 'number' | 'money' | 'percent' | 'date' | 'enum' | 'boolean' | 'reference'
  | 'cpfCnpj' | 'phone' | 'cep' | 'password'
  /** many-to-many: a list of codes picked from `optionList` (GraphQL `[Int!]`), e.g. a profile's screens */
  | 'references';

/** How a filter compares: text contains (case-insensitive), others equal; dates can bound a range. */
export type FilterOp = 'contains' | 'eq' | 'gte' | 'lte';

export type FieldDef = {
  kind: FieldKind;
  label: string;
  /** shown as a table column */
  column?: boolean;
  /**
   * offered in the filter drawer, with how it compares (default: contains for text, eq otherwise); every
   * register declares at least one (the list call's filter is a GraphQL input type, never empty)
   */
  filter?: boolean | FilterOp;
  /** in the side form: true (default for non-key fields), false, or 'readonly' (shown, never sent) */
  form?: boolean | 'readonly';
  /** fixed options of an enum */
  options?: readonly OptionItem[];
  /** option-list call that feeds a reference or enum select (e.g. 'listarCidades') */
  optionList?: string;
  /** the option list takes the value of this other field as its argument (e.g. cities by state) */
  optionListArg?: string;
  /** a filter select offers 'Todos' (-999) */
  todos?: boolean;
  /** fieldset of the side form */
  section?: string;
  maxLength?: number;
  /** never sent to the client (e.g. password hashes); write-only form field when form is true */
  writeOnly?: boolean;
  /**
   * not a column of the register's table: the generic mechanism neither selects nor writes it. Its value
   * comes from the server entry's `afterLoad` hook and is stored by its `beforeSave` (e.g. a password
   * turned into a hash) or `afterSave` (e.g. a join table for a 'references' field). Cannot be a filter.
   */
  virtual?: boolean;
};

export type ActionScope = 'single' | 'multi';

/** A row action beyond add/edit/delete: resolved by a server hook of the same key. */
export type RegisterAction = {
  key: string;
  label: string;
  icon?: string;
  scope: ActionScope;
  confirm?: string;
  success: string;
  /** GraphQL mutation called once per selected row with values.editValues = the row's key fields */
  operation: string;
};

export type RegisterOps = { list: string; get: string; save: string; delete?: string };

export type RegisterDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> = {
  /** camelCase key of the register */
  key: string;
  /** GraphQL object type name, singular PascalCase */
  typeName: string;
  /** page title and menu label */
  title: string;
  /** page under /app and the profile resource that grants it */
  page: string;
  /** menu section it sits in */
  menuSection: string;
  menuIcon: string;
  /** primary key field */
  id: keyof F & string;
  /** the row's key as the client sends it to get and delete (values.editValues) */
  keyFields: readonly (keyof F & string)[];
  fields: F;
  /** validates values.editValues of save — the form uses the very same schema */
  schema: z.ZodType<Record<string, unknown>>;
  ops: RegisterOps;
  /** default true: rows can be edited */
  allowEdit?: boolean;
  /** default false: hides the add button */
  hideAdd?: boolean;
  /** the first search waits for the user's filter ('Efetue um filtro para visualizar os registros.') */
  skipInitialSearch?: boolean;
  actions?: readonly RegisterAction[];
  messages: { inserted: string; saved: string };
};

/** Any register, as the generic mechanisms see it (field names are plain strings there). */
export type AnyRegisterDef = Omit<RegisterDef, 'fields' | 'id' | 'keyFields'> & {
  fields: Record<string, FieldDef>;
  id: string;
  keyFields: readonly string[];
};

export function defineRegister<const F extends Record<string, FieldDef>>(def: RegisterDef<F>): RegisterDef<F> {
  for (const k of def.keyFields) if (!(k in def.fields)) throw new Error(`${def.key}: key field ${k} is not a field`);
  if (!(def.id in def.fields)) throw new Error(`${def.key}: id ${def.id} is not a field`);
  // The list call's filter is a GraphQL input type, and those cannot be empty.
  if (!Object.values(def.fields).some((f) => f.filter)) throw new Error(`${def.key}: declare at least one filter field`);
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.virtual && f.filter) throw new Error(`${def.key}: virtual field ${name} cannot be a filter`);
    if (f.kind === 'references' && !f.virtual) throw new Error(`${def.key}: references field ${name} must be virtual`);
  }
  return def;
}

export const isFormField = (f: FieldDef) => f.form !== false;
export const filterOp = (f: FieldDef): FilterOp | null =>
  !f.filter ? null : f.filter === true ? (['text', 'textarea', 'email'].includes(f.kind) ? 'contains' : 'eq') : f.filter;
