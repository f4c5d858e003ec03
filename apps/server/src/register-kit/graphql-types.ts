import type { AnyRegisterDef, FieldDef, FieldKind } from '@concilia/domain';
import { filterOp } from '@concilia/domain';
import { builder } from '../graphql/builder';
import { CentavosScalar } from './centavos-scalar';

type ScalarName = 'String' | 'Int' | 'Float' | 'Boolean' | 'Centavos';
/** A scalar, or a list of it (`[Int!]` for a 'references' field). */
type WireType = ScalarName | [ScalarName];

/** The GraphQL type of each field kind: the one place where a kind meets the wire. */
const SCALAR: Record<FieldKind, WireType> = {
  text: 'String', textarea: 'String', email: 'String', enum: 'String', date: 'String', cpfCnpj: 'String',
  phone: 'String', cep: 'String', password: 'String',
  number: 'Int', reference: 'Int', money: 'Centavos', percent: 'Float', boolean: 'Boolean',
  references: ['Int'],
};
void CentavosScalar;

export const scalarOf = (f: FieldDef): WireType => SCALAR[f.kind];

const entries = (def: AnyRegisterDef) => Object.entries(def.fields) as [string, FieldDef][];
export const outputFields = (def: AnyRegisterDef) => entries(def).filter(([, f]) => !f.writeOnly);
export const inputFields = (def: AnyRegisterDef) => entries(def).filter(([, f]) => f.form !== false && f.form !== 'readonly');
export const filterFields = (def: AnyRegisterDef) => entries(def).filter(([, f]) => filterOp(f) !== null);

/** The GraphQL types of one register: object, filter, key, input and the values wrappers. */
export function registerTypes(def: AnyRegisterDef) {
  const T = def.typeName;
  const object = builder.objectRef<Record<string, unknown>>(T).implement({
    description: `${def.title} (register ${def.key})`,
    fields: (t) =>
      Object.fromEntries(
        outputFields(def).map(([name, f]) => [name, t.field({ type: scalarOf(f), nullable: true, description: f.label, resolve: (row) => row[name] as never })]),
      ),
  });
  const optionalInputs = (list: [string, FieldDef][], required = false) => (t: { field: (o: { type: WireType; required: boolean; description: string }) => unknown }) =>
    Object.fromEntries(list.map(([name, f]) => [name, t.field({ type: scalarOf(f), required, description: f.label })]));

  const filter = builder.inputType(`${T}Filter`, { fields: optionalInputs(filterFields(def)) as never });
  const key = builder.inputType(`${T}Key`, {
    fields: optionalInputs(def.keyFields.map((k) => [k, def.fields[k]!] as [string, FieldDef])) as never,
  });
  const input = builder.inputType(`${T}Input`, { fields: optionalInputs(inputFields(def).concat(def.keyFields.filter((k) => !inputFields(def).some(([n]) => n === k)).map((k) => [k, def.fields[k]!] as [string, FieldDef]))) as never });
  const keyValues = builder.inputType(`${T}KeyValues`, {
    fields: (t) => ({ editValues: t.field({ type: key, required: true }) }),
  });
  const saveValues = builder.inputType(`${T}SaveValues`, {
    fields: (t) => ({
      editValues: t.field({ type: input, required: true }),
      searchValues: t.field({ type: filter, required: false }),
      insert: t.boolean({ required: true }),
    }),
  });
  return { object, filter, keyValues, saveValues };
}
