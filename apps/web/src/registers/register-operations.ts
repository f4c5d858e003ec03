import { type AnyRegisterDef, type FieldDef, listTotalOperation, type RegisterAction, secretStoredField } from '@concilia/domain';
import { outputFields } from './register-fields';

/**
 * The GraphQL documents of a register, built from its declaration (Twenty's generateFindManyRecordsQuery
 * idea) instead of being written per register. Pure functions of the declaration: a server test validates
 * them against the committed schema.graphql (apps/server/test/web-operations.test.ts: every register and list
 * screen, every action, every option list of the schema).
 *
 * They stay plain strings, not gql.tada documents like lib/operations.ts: gql.tada types a document from its
 * literal text at compile time, and these texts exist only at run time (operation, input type and selection
 * all come from the declaration). Their rows are read through the declaration's fields (Row), not a static type.
 */
const selectField = (name: string, f: FieldDef) => {
  if (f.kind === 'items' && f.items) return `${name} { ${Object.keys(f.items).join(' ')} }`;
  // a stored file answers its description, never its bytes; a secret answers null and whether one is stored
  if (f.kind === 'file') return `${name} { nome tamanho tipo url }`;
  if (f.kind === 'secret') return `${name} ${secretStoredField(name)}`;
  return name;
};
const selection = (def: AnyRegisterDef) => outputFields(def).map(([name, f]) => selectField(name, f)).join(' ');

/**
 * `query getClientes($values: ClienteFilter) { getClientes(values: $values) { … } }`. A read-only screen is
 * paged on the server (LIST_PAGE): one call answers the page asked for and the total of the whole filter.
 */
export function listDocument(def: AnyRegisterDef): string {
  const op = def.ops.list;
  if (!def.readOnly) return `query ${op}($values: ${def.typeName}Filter) { ${op}(values: $values) { ${selection(def)} } }`;
  const total = listTotalOperation(def);
  // $contar false leaves the count out: the pages after the first of one search (fetchWholeList) need it no more
  return `query ${op}($values: ${def.typeName}Filter, $pagina: PaginaInput, $contar: Boolean = true) { ${op}(values: $values, pagina: $pagina) { ${selection(def)} } ${total}(values: $values) @include(if: $contar) }`;
}

export function getDocument(def: AnyRegisterDef): string {
  const op = def.ops.get;
  if (!op) throw new Error(`${def.key} declares no get operation`);
  return `query ${op}($values: ${def.typeName}KeyValues!) { ${op}(values: $values) { ${selection(def)} } }`;
}

/** One mutation for insert and update: values.insert says which. */
export function saveDocument(def: AnyRegisterDef): string {
  const op = def.ops.save;
  if (!op) throw new Error(`${def.key} declares no save operation`);
  return `mutation ${op}($values: ${def.typeName}SaveValues!) { ${op}(values: $values) { ${selection(def)} } }`;
}

export function deleteDocument(def: AnyRegisterDef): string {
  const op = def.ops.delete;
  if (!op) throw new Error(`${def.key} declares no delete operation`);
  return `mutation ${op}($values: ${def.typeName}KeyValues!) { ${op}(values: $values) }`;
}

/**
 * A declared action's call: a row or download action once per selected row with that row's key (a download
 * answers its path); a filter action once with the current filter. 'open' actions call nothing.
 */
export function actionDocument(def: AnyRegisterDef, action: RegisterAction): string {
  const op = action.operation;
  if (action.kind === 'open' || action.kind === 'sublist') throw new Error(`${def.key}: action ${action.key} opens a component and calls nothing`);
  if (action.kind === 'filter' || action.kind === 'export') return `mutation ${op}($values: ${def.typeName}Filter) { ${op}(values: $values) }`;
  if (action.kind === 'form') return `mutation ${op}($values: ${action.form!.typeName}Input!) { ${op}(values: $values) }`;
  return `mutation ${op}($values: ${def.typeName}KeyValues!) { ${op}(values: $values) }`;
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What an entry check or the wizard's prepare call answers: { mensagem, <field> { line fields }, taxas }. */
function entryAnswer(def: AnyRegisterDef, field: string): string {
  const items = def.fields[field]?.items;
  if (!items) throw new Error(`${def.key}: ${field} is not an items field`);
  return `{ mensagem ${field} { ${Object.keys(items).join(' ')} } taxas }`;
}

/**
 * A server check of an 'entry' items field's line (FieldDef.entry: resultadoAddTaxas, resultadoSubTaxas…):
 * `query resultadoAddTaxas($values: PlanoConciliadorTaxaListDeTaxasEntrada!) { … }`.
 */
export function entryDocument(def: AnyRegisterDef, field: string, operation: string): string {
  return `query ${operation}($values: ${def.typeName}${pascal(field)}Entrada!) { ${operation}(values: $values) ${entryAnswer(def, field)} }`;
}

/** The wizard's prepare call (RegisterDef.wizard.prepare, e.g. getPrepareCadastroTaxa), with the form's values. */
export function prepareDocument(def: AnyRegisterDef): string {
  const prepare = def.wizard?.prepare;
  if (!prepare) throw new Error(`${def.key} declares no wizard prepare call`);
  const op = prepare.operation;
  return `query ${op}($values: ${def.typeName}Input!) { ${op}(values: $values) ${entryAnswer(def, prepare.field)} }`;
}

/** The result cards of the current filter (RegisterDef.buckets). */
export function bucketsDocument(def: AnyRegisterDef): string {
  const op = def.buckets?.operation;
  if (!op) throw new Error(`${def.key} declares no buckets`);
  return `query ${op}($values: ${def.typeName}Filter) { ${op}(values: $values) { valor label quantidade total } }`;
}

// option lists: their own module (option-lists.ts), which the dashboard loads without the register kit
export { OPTION_LIST_ARGS, optionListDocument } from './option-lists';
