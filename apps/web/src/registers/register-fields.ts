import { type FieldDef, type FieldKind, filterOp, isFormField, isOutputField, type AnyRegisterDef } from '@concilia/domain';

/**
 * How a declaration's fields meet the wire, as the server's register kit builds its types: which fields the
 * object has, which the input and the filter take, and the GraphQL scalar of each kind. Pure, so the
 * documents built from it can be checked from Node against the committed schema.
 */
export type Scalar = 'String' | 'Int' | 'Float' | 'Boolean' | 'Centavos';

const SCALAR: Record<Exclude<FieldKind, 'items' | 'file'>, Scalar> = {
  // a secret is typed as text and answered null (with <name>Gravada); a file travels as a multipart part
  secret: 'String',
  text: 'String', textarea: 'String', email: 'String', enum: 'String', date: 'String', cpfCnpj: 'String',
  phone: 'String', cep: 'String', password: 'String', datetime: 'String',
  number: 'Int', reference: 'Int', money: 'Centavos', percent: 'Float', boolean: 'Boolean',
  // a list of codes ([Int!]); never a filter
  references: 'Int',
};

/** The scalar of a field (of its items, for a 'references' list). */
export const scalarOf = (f: FieldDef): Scalar => {
  if (f.kind === 'items') throw new Error(`an items field (${f.label}) has no scalar: its lines have their own fields`);
  if (f.kind === 'file') throw new Error(`a file field (${f.label}) has no scalar: it is a multipart part in, an ArquivoGravado out`);
  return SCALAR[f.kind];
};

export type Row = Record<string, unknown>;
type Entry = [string, FieldDef];

const entries = (def: AnyRegisterDef): Entry[] => Object.entries(def.fields);

/** Fields of the GraphQL object: everything but write-only ones (passwords never come back). */
export const outputFields = (def: AnyRegisterDef): Entry[] => entries(def).filter(([, f]) => isOutputField(f));

/** Fields the user edits in the side form ('readonly' ones are shown on edit but never sent). */
export const formFields = (def: AnyRegisterDef): Entry[] => entries(def).filter(([, f]) => isFormField(f));

/** Fields of <T>Input: the editable ones plus the key, which says which row an update is about. */
export function inputFieldNames(def: AnyRegisterDef): string[] {
  const editable = entries(def).filter(([, f]) => isFormField(f) && f.form !== 'readonly').map(([n]) => n);
  return [...editable, ...def.keyFields.filter((k) => !editable.includes(k))];
}

export const filterFields = (def: AnyRegisterDef): Entry[] => entries(def).filter(([, f]) => filterOp(f) !== null);

export const columnFields = (def: AnyRegisterDef): Entry[] => entries(def).filter(([, f]) => f.column && isOutputField(f));

/** values.editValues of get, delete and row actions: the row's key fields. */
export const keyOf = (def: AnyRegisterDef, row: Row): Row => Object.fromEntries(def.keyFields.map((k) => [k, row[k] ?? null]));

/** A stable id for table selection, from the key fields. */
export const rowIdOf = (def: AnyRegisterDef, row: Row): string => def.keyFields.map((k) => String(row[k] ?? '')).join('|');
