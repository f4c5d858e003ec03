import { type FieldDef, type AnyRegisterDef, isChosenFile, secretStoredField } from '@concilia/domain';
import type { z } from 'zod';
import { formFields, inputFieldNames, type Row } from './register-fields';

/**
 * The side form's values, read from the declaration's one zod schema: which fields are required (for the
 * asterisk and 'Selecione'), what a new row starts with (a schema default such as exibirusuario = true),
 * and what goes to the server as values.editValues.
 */
function fieldSchema(def: AnyRegisterDef, name: string): z.ZodType | undefined {
  const shape = (def.schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  return shape?.[name];
}

/** Required when the schema accepts neither "missing" nor null. */
export function isRequired(def: AnyRegisterDef, name: string): boolean {
  const s = fieldSchema(def, name);
  return !!s && !s.safeParse(undefined).success && !s.safeParse(null).success;
}

const emptyOf = (f: FieldDef): unknown => (f.kind === 'boolean' ? false : f.kind === 'references' || f.kind === 'items' ? [] : null);

/** A new row: the schema's default where it has one, else empty. */
export function newRowValues(def: AnyRegisterDef): Row {
  return Object.fromEntries(
    formFields(def).map(([name, f]) => {
      const parsed = fieldSchema(def, name)?.safeParse(undefined);
      const value = parsed?.success && parsed.data !== null && parsed.data !== undefined ? parsed.data : emptyOf(f);
      return [name, value];
    }),
  );
}

/**
 * An existing row as the form shows it. A secret starts empty (empty keeps the stored one) and carries
 * `<name>Gravada` beside it, for its field to say one is stored; a file field starts with the stored file's
 * description ({ nome, tamanho, tipo, url }), replaced by a File when the user picks another.
 */
export function rowValues(def: AnyRegisterDef, row: Row): Row {
  const base = newRowValues(def);
  const out: Row = Object.fromEntries(Object.keys(base).map((name) => [name, row[name] ?? base[name]]));
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.kind === 'secret' && name in out) {
      out[name] = '';
      out[secretStoredField(name)] = row[secretStoredField(name)] === true;
    }
  }
  return out;
}

/** The save carries files (a chosen File in a file field): it goes as a GraphQL multipart request. */
export const chosenFiles = (def: AnyRegisterDef, editValues: Row): [string, File][] =>
  Object.entries(def.fields).filter(([n, f]) => f.kind === 'file' && isChosenFile(editValues[n])).map(([n]) => [n, editValues[n] as File]);

/**
 * values.editValues of save: the validated form values for every field of <T>Input. An update keeps the
 * row's own key, even for key fields the form does not show (codpessoapai of a client).
 */
export function editValuesFor(def: AnyRegisterDef, parsed: Row, original: Row | null): Row {
  return Object.fromEntries(
    inputFieldNames(def).map((name) => {
      const fromRow = original && def.keyFields.includes(name) ? original[name] : undefined;
      return [name, fromRow ?? parsed[name] ?? null];
    }),
  );
}
