import type { ActionForm, AnyRegisterDef, FieldDef, FieldKind, StoredFile } from '@concilia/domain';
import { filterOp, isOutputField, secretStoredField } from '@concilia/domain';
import { builder } from '../graphql/builder';
import { CentavosScalar } from './centavos-scalar';

type ScalarName = 'String' | 'Int' | 'Float' | 'Boolean' | 'Centavos' | 'File';
/** A scalar, or a list of it (`[Int!]` for a 'references' field). */
type WireType = ScalarName | [ScalarName];

/** The GraphQL type of each field kind: the one place where a kind meets the wire ('items' get types of their own). */
const SCALAR: Record<Exclude<FieldKind, 'items'>, WireType> = {
  // a secret is typed (input) and answered null (output); a file is a multipart part in, an ArquivoGravado out
  secret: 'String', file: 'File',
  text: 'String', textarea: 'String', email: 'String', enum: 'String', date: 'String', cpfCnpj: 'String',
  phone: 'String', cep: 'String', password: 'String', datetime: 'String',
  number: 'Int', reference: 'Int', money: 'Centavos', percent: 'Float', boolean: 'Boolean',
  references: ['Int'],
};
void CentavosScalar;

export const scalarOf = (f: FieldDef): WireType => {
  if (f.kind === 'items') throw new Error(`an items field (${f.label}) has no scalar: its lines have types of their own`);
  return SCALAR[f.kind];
};

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The object and input types of each 'items' field of a register: `<Type><Field>Item` and
 * `<Type><Field>ItemInput`, with the lines' own fields (e.g. PlanoConciliadorContratoListConciOperadoraItem).
 */
function itemTypes(def: AnyRegisterDef) {
  const out = new Map<string, { object: unknown; input: unknown }>();
  for (const [name, f] of entries(def)) {
    if (f.kind !== 'items' || !f.items) continue;
    const lines = Object.entries(f.items);
    const base = `${def.typeName}${pascal(name)}Item`;
    const object = builder.objectRef<Record<string, unknown>>(base).implement({
      description: `${f.label}: uma linha`,
      fields: (t) => Object.fromEntries(lines.map(([n, lf]) => [n, t.field({ type: scalarOf(lf), nullable: true, description: lf.label, resolve: (row) => row[n] as never })])),
    });
    const input = builder.inputType(`${base}Input`, {
      fields: (t) => Object.fromEntries(lines.map(([n, lf]) => [n, t.field({ type: scalarOf(lf) as never, required: false, description: lf.label })])) as never,
    });
    out.set(name, { object, input });
  }
  return out;
}

const entries = (def: AnyRegisterDef) => Object.entries(def.fields) as [string, FieldDef][];
export const outputFields = (def: AnyRegisterDef) => entries(def).filter(([, f]) => isOutputField(f));
export const inputFields = (def: AnyRegisterDef) =>
  entries(def).filter(([, f]) => f.form !== false && f.form !== 'readonly' && !f.filterOnly && f.kind !== 'datetime');
export const filterFields = (def: AnyRegisterDef) => entries(def).filter(([, f]) => filterOp(f) !== null);

/** One result card of a list screen (RegisterDef.buckets): shared by every screen that shows them. */
export const BucketRef = builder.objectRef<{ valor: string; label: string; quantidade: number; total: number }>('ResultBucket').implement({
  description: 'A result card above a list: how many rows of the current filter have this result, and their amount',
  fields: (t) => ({
    valor: t.exposeString('valor'),
    label: t.exposeString('label'),
    quantidade: t.exposeInt('quantidade'),
    total: t.field({ type: CentavosScalar, description: 'sum in centavos', resolve: (b) => b.total }),
  }),
});

/** A register's stored file as answered ('file' fields): never its bytes. */
export const StoredFileRef = builder.objectRef<StoredFile>('ArquivoGravado').implement({
  description: 'A file stored by a register\'s file field: its name, size and type; url is a data URL of a small image to preview',
  fields: (t) => ({
    nome: t.exposeString('nome'),
    tamanho: t.exposeInt('tamanho'),
    tipo: t.exposeString('tipo', { nullable: true }),
    url: t.exposeString('url', { nullable: true }),
  }),
});

/** The object fields of one declared field: a secret is never answered, only whether one is stored. */
function objectFields(t: { field: (o: never) => unknown; boolean: (o: never) => unknown }, name: string, f: FieldDef, itemObject?: unknown): [string, unknown][] {
  if (f.kind === 'secret') {
    return [
      [name, t.field({ type: 'String', nullable: true, description: `${f.label}: nunca respondido (gravado cifrado)`, resolve: () => null } as never)],
      [secretStoredField(name), t.boolean({ description: `${f.label} está gravado`, resolve: (row: Record<string, unknown>) => row[secretStoredField(name)] === true } as never)],
    ];
  }
  if (f.kind === 'file') {
    return [[name, t.field({ type: StoredFileRef, nullable: true, description: f.label, resolve: (row: Record<string, unknown>) => row[name] ?? null } as never)]];
  }
  return [[name, t.field({
    type: (itemObject ? [itemObject] : scalarOf(f)) as never, nullable: true, description: f.label, resolve: (row: Record<string, unknown>) => row[name] as never,
  } as never)]];
}

/**
 * The GraphQL types of one register: object, filter, key, input and the values wrappers. A read-only list
 * screen gets no input types (it saves nothing).
 */
const built = new Map<string, ReturnType<typeof buildRegisterTypes>>();

/** The types of a register, built once: the register's calls and its wizard's calls share them. */
export function registerTypes(def: AnyRegisterDef) {
  const known = built.get(def.typeName);
  if (known) return known;
  const types = buildRegisterTypes(def);
  built.set(def.typeName, types);
  return types;
}

function buildRegisterTypes(def: AnyRegisterDef) {
  const T = def.typeName;
  const items = itemTypes(def);
  const object = builder.objectRef<Record<string, unknown>>(T).implement({
    description: `${def.title} (register ${def.key})`,
    fields: (t) =>
      Object.fromEntries(outputFields(def).flatMap(([name, f]) => objectFields(t as never, name, f, items.get(name)?.object))) as never,
  });
  const optionalInputs = (list: [string, FieldDef][], required = false) => (t: { field: (o: { type: WireType; required: boolean; description: string }) => unknown }) =>
    Object.fromEntries(list.map(([name, f]) => [name, t.field({ type: (items.has(name) ? [items.get(name)!.input] : scalarOf(f)) as never, required, description: f.label })]));

  const filter = builder.inputType(`${T}Filter`, { fields: optionalInputs(filterFields(def)) as never });
  const key = builder.inputType(`${T}Key`, {
    fields: optionalInputs(def.keyFields.map((k) => [k, def.fields[k]!] as [string, FieldDef])) as never,
  });
  const keyValues = builder.inputType(`${T}KeyValues`, {
    fields: (t) => ({ editValues: t.field({ type: key, required: true }) }),
  });
  if (def.readOnly) return { object, filter, keyValues, saveValues: null, input: null, items };
  const input = builder.inputType(`${T}Input`, { fields: optionalInputs(inputFields(def).concat(def.keyFields.filter((k) => !inputFields(def).some(([n]) => n === k)).map((k) => [k, def.fields[k]!] as [string, FieldDef]))) as never });
  const saveValues = builder.inputType(`${T}SaveValues`, {
    fields: (t) => ({
      editValues: t.field({ type: input, required: true }),
      searchValues: t.field({ type: filter, required: false }),
      insert: t.boolean({ required: true }),
    }),
  });
  return { object, filter, keyValues, saveValues, input, items };
}

/**
 * The types of an 'entry' items field's checks (FieldDef.entry): the input `<Type><Field>Entrada` (the line's
 * fields, the list as it stands, insert and the context fields) and the answer `<Type><Field>Resultado`
 * ({ mensagem, <field>, taxas }).
 */
const builtEntries = new Map<string, ReturnType<typeof buildEntryTypes>>();

export function entryTypes(def: AnyRegisterDef, field: string) {
  const name = `${def.typeName}.${field}`;
  const known = builtEntries.get(name);
  if (known) return known;
  const types = buildEntryTypes(def, field);
  builtEntries.set(name, types);
  return types;
}

function buildEntryTypes(def: AnyRegisterDef, field: string) {
  const f = def.fields[field];
  const lineTypes = registerTypes(def).items.get(field);
  if (!f?.entry || !f.items || !lineTypes) throw new Error(`${def.key}: ${field} is not an entry items field`);
  const base = `${def.typeName}${pascal(field)}`;
  const context = f.entry.context.map((c) => [c, def.fields[c]!] as const);
  const input = builder.inputType(`${base}Entrada`, {
    fields: (t) => ({
      ...Object.fromEntries(Object.entries(f.items!).map(([n, lf]) => [n, t.field({ type: scalarOf(lf) as never, required: false, description: lf.label })])),
      ...Object.fromEntries(context.map(([n, cf]) => [n, t.field({ type: scalarOf(cf) as never, required: false, description: cf.label })])),
      [field]: t.field({ type: [lineTypes.input] as never, required: false, description: `${f.label}: a lista como está` }),
      insert: t.boolean({ required: false, description: 'true na primeira inclusão' }),
    }) as never,
  });
  const result = builder.objectRef<{ mensagem: string | null; list: Record<string, unknown>[]; taxas: string }>(`${base}Resultado`).implement({
    description: `${f.label}: a lista depois da conferência, ou a mesma lista e o motivo`,
    fields: (t) => ({
      mensagem: t.string({ nullable: true, resolve: (r) => r.mensagem }),
      [field]: t.field({ type: [lineTypes.object] as never, resolve: (r) => r.list as never }),
      taxas: t.string({ resolve: (r) => r.taxas }),
    }),
  });
  return { input, result };
}

/** The input type of a 'form' action (`<typeName>Input`): its fields, all optional on the wire (the schema decides). */
export function actionFormInput(form: ActionForm) {
  return builder.inputType(`${form.typeName}Input`, {
    fields: (t) => Object.fromEntries(Object.entries(form.fields).map(([n, f]) => [n, t.field({ type: scalarOf(f) as never, required: false, description: f.label })])) as never,
  });
}
