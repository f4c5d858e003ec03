import type { z } from 'zod';
import { addDays, addMonths, isBusinessDate, todayBusiness } from '../dates';
import { MSG } from '../messages';
import { type FormRule, objectSchema } from './field-schema';

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
  /** a moment (timestamp, ISO text on the wire) shown 'DD/MM/YYYY HH:mm' in São Paulo time; never a form field */
  | 'datetime'
  /** many-to-many: a list of codes picked from `optionList` (GraphQL `[Int!]`), e.g. a profile's screens */
  | 'references'
  /**
   * a list of small rows, each with the fields of `items` (scalars and references), edited as lines of the
   * form with add and remove (a contract's operators and units, listConciOperadora); always virtual
   */
  | 'items'
  /**
   * a write-only secret (an e-mail or certificate password): typed as a password, sealed at rest by the server's
   * credential vault under the row's owner, never answered (the object answers it null, and `<name>Gravada`
   * says whether one is stored). Empty on edit keeps the stored one; `required` is asked on insert only.
   */
  | 'secret'
  /**
   * one uploaded file (`file`: accepted types and size limit), sent with the save as a GraphQL multipart part.
   * Stored in the table's columns `<name>` (bytes), `<name>nome` (its name) and, when the table has it,
   * `<name>tipo` (its media type); answered as { nome, tamanho, tipo, url } (url: a data URL of a small
   * previewable image), never its bytes. Nothing sent on edit keeps the stored file.
   */
  | 'file';

/** A file field's rule (FieldDef.file): like an HTML accept list ('image/png', 'image/*', '.pfx') and a size limit. */
export type FileRule = { accept: readonly string[]; maxBytes: number; preview?: boolean };

/** What the server answers for a stored file (never its bytes). */
export type StoredFile = { nome: string; tamanho: number; tipo: string | null; url: string | null };

/** The object field that says a secret is stored: senhaemail → senhaemailGravada. */
export const secretStoredField = (name: string) => `${name}Gravada`;

/**
 * Whether a chosen file fits the field's rule: its size, and its name or media type in the accept list. The
 * form asks it before sending and the server again (it also checks an image's bytes, not only its name).
 */
export function fileAccepted(rule: FileRule, file: { name: string; size: number; type?: string | null }): boolean {
  if (file.size > rule.maxBytes || file.size === 0) return false;
  const name = file.name.toLowerCase();
  const type = (file.type ?? '').toLowerCase();
  return rule.accept.some((a) => {
    const x = a.toLowerCase();
    if (x.startsWith('.')) return name.endsWith(x);
    if (x.endsWith('/*')) return type.startsWith(x.slice(0, -1));
    return type === x;
  });
}

/** A value of a file field that is a newly chosen file (the browser's File, the server's multipart part). */
export const isChosenFile = (v: unknown): v is { name: string; size: number; type?: string } =>
  typeof v === 'object' && v !== null && typeof (v as { size?: unknown }).size === 'number' && typeof (v as { name?: unknown }).name === 'string';

/**
 * Secret and file fields declared required but left empty on insert (on edit, empty keeps what is stored, so
 * the shared schema cannot ask them): the form and the server both refuse with '{label} é obrigatório.'.
 */
export function missingOnInsert(def: { fields: Record<string, FieldDef> }, values: Record<string, unknown>): { field: string; message: string }[] {
  return Object.entries(def.fields)
    .filter(([n, f]) => f.required && (f.kind === 'secret' || f.kind === 'file') && (values[n] === null || values[n] === undefined || values[n] === ''))
    .map(([n, f]) => ({ field: n, message: `${f.label} é obrigatório.` }));
}

/** How a filter compares: text contains (case-insensitive), others equal; dates can bound a range. */
export type FilterOp = 'contains' | 'eq' | 'gte' | 'lte';

export type FieldDef = {
  kind: FieldKind;
  label: string;
  /** shown as a table column */
  column?: boolean;
  /** the column's header when it differs from the label the filter uses (spec: filter 'Cod. Arquivo', column 'ID') */
  header?: string;
  /** the column's width in px where the table's default (180) wastes or lacks room (a short code, a message) */
  width?: number;
  /**
   * offered in the filter drawer, with how it compares (default: contains for text, eq otherwise); every
   * register declares at least one (the list call's filter is a GraphQL input type, never empty)
   */
  filter?: boolean | FilterOp;
  /** in the side form: true (default for non-key fields), false, or 'readonly' (shown, never sent) */
  form?: boolean | 'readonly';
  /** fixed options of an enum */
  options?: readonly OptionItem[];
  /** the fields of each line of an 'items' field */
  items?: Record<string, FieldDef>;
  /**
   * an 'items' field whose lines are typed once in an entry row and each checked by the server before it joins
   * the list (a rate's ranges, spec part 2 §4 "Plan-rate wizard"). The calls take `values`: the line's fields,
   * the list as it stands (named like the field), `insert` (true on the first add), the code of the line
   * updated or removed (its `id` field) and the form's `context` fields; each answers
   * { mensagem, <field>, taxas }: the new list, or the list unchanged and why. `flagged` names a boolean of
   * the form whose adds go to another call (a BNDES rate's resultadoAddTaxasBndes).
   */
  entry?: {
    id: string;
    add: string;
    update?: string;
    remove: string;
    context: readonly string[];
    flagged?: { field: string; add: string };
    /** a line in words, for the list under the entry row ('3,49% · 2 a 6 parcelas') */
    text: (line: Record<string, unknown>) => string;
  };
  /** shown (and asked) only while field `field` of the same form holds one of `values` (a rate's Taxa (R$) when its tipo is V) */
  shownWhen?: { field: string; values: readonly string[] };
  /** option-list call that feeds a reference or enum select (e.g. 'listarCidades') */
  optionList?: string;
  /** the option list takes the value of this other field as its argument (e.g. cities by state) */
  optionListArg?: string;
  /**
   * an option list that names every value, for the table and the CSV, when `optionList` follows another field
   * (a rate's products by operator are named from the whole catalogue, listarItensProdutos)
   */
  labelList?: string;
  /** how a fixed enum is drawn in the form and the filter: a select (default) or radio buttons (a short list, one always chosen) */
  widget?: 'select' | 'radio';
  /** a filter select offers 'Todos' (-999) */
  todos?: boolean;
  /** the filter drawer's first value when it is not empty or 'Todos' (e.g. the ticket search's type A) */
  filterDefault?: string;
  /** fieldset of the side form */
  section?: string;
  maxLength?: number;
  /** the form and the API refuse the row without it ('{label} é obrigatório.'; an 'items' field: at least one line) */
  required?: boolean;
  /** what an empty 'items' field says instead of '{label} é obrigatório.' ('Ao menos uma taxa deve ser adicionada.') */
  requiredMessage?: string;
  /** bounds of a 'number' ('{label} deve ser ao menos 1.') */
  min?: number;
  max?: number;
  /** a new row's value when the form starts (a rate's tipo 'P', a flag's true) */
  default?: string | number | boolean;
  /** the field's rule when its kind's, label and limits do not say it (a login without spaces, upper-cased) */
  zod?: z.ZodType;
  /** a 'file' field's accepted types, size limit, and whether its image is previewed */
  file?: FileRule;
  /** checks across the fields of each line of an 'items' field */
  rules?: readonly FormRule[];
  /** never sent to the client (e.g. password hashes); write-only form field when form is true */
  writeOnly?: boolean;
  /**
   * not a column of the register's table: the generic mechanism neither selects nor writes it. Its value
   * comes from the server entry's `afterLoad` hook and is stored by its `beforeSave` (e.g. a password
   * turned into a hash) or `afterSave` (e.g. a join table for a 'references' field). Cannot be a filter.
   */
  virtual?: boolean;
  /**
   * a filter and nothing else: not a field of the object, the form or the table (the De/Até pair of a
   * window, a result bucket). A table-backed register compares it with the column named by `filterOn`.
   */
  filterOnly?: boolean;
  /** the column a filter-only field compares (e.g. De and Até both over dataenvio) */
  filterOn?: string;
};

/** 'none': offered with nothing selected (a 'filter' or 'form' action). */
export type ActionScope = 'single' | 'multi' | 'none';

/**
 * How an action runs:
 * - 'row' (default): a Boolean mutation once per selected row (values.editValues = the row's key);
 * - 'download': a String mutation once per selected row that answers a download path (/download/<token>, see
 *   apps/server/src/downloads); the browser fetches each; all fetched → success, some → partial, none → failed;
 * - 'filter': no selection needed; one Boolean mutation with values = the screen's current filter
 *   (e.g. importarTodosTickets);
 * - 'open': the selected row (scope 'single') or rows ('multi', e.g. a report of each closed movement); no call of its own — the web registry's `opens[key]` component shows it
 *   (e.g. the ticket trace in a full-screen drawer). `operation` is not used.
 * - 'sublist': one selected row; the child register (declaring `parent`) stored under form name `sublist` opens
 *   over the screen as its own list, narrowed to that row and adding under it (a plan's contracts, its rates).
 *   `operation` is not used: the child's own calls do the work.
 * - 'form': a right drawer with the action's own fields (`form`) and one Boolean mutation with its values,
 *   validated by the form's schema on both sides. Scope 'none': nothing selected, an empty form (Inserir Rápido
 *   of Planos & Taxas); scope 'single': the form opens with the selected row's values of its fields, and its
 *   `keep` fields (the row's key, not shown) travel with them (a master's edit of a listed user).
 * - 'export': nothing selected; one String mutation with the screen's current filter that answers a download
 *   path of the whole filter's rows as a file (Auditoria de Taxas' spreadsheet); the browser fetches it.
 */
export type ActionKind = 'row' | 'download' | 'filter' | 'open' | 'sublist' | 'form' | 'export';

/** The fields of a 'form' action, its schema, and the GraphQL input type it travels as (`<typeName>Input`). */
export type ActionForm = { typeName: string; fields: Record<string, FieldDef>; schema: z.ZodType<Record<string, unknown>> };

/** A row action beyond add/edit/delete: resolved by a server hook of the same key. */
export type RegisterAction = {
  key: string;
  label: string;
  icon?: string;
  scope: ActionScope;
  kind?: ActionKind;
  confirm?: string;
  success: string;
  /**
   * the server finishes the action's work in the background (an imported sale is reconciled a few seconds
   * later): the list asks again for a while after it, so the rows change without a new search
   */
  settlesLater?: boolean;
  /** a 'download' action of which some rows failed, e.g. 'Erro ao baixar algum dos arquivos' */
  partial?: string;
  /** a 'download' action of which every row failed, e.g. 'Arquivo(s) não baixados!' */
  failed?: string;
  /** offered only when every selected row's `field` is one of `values` (disregard only customer lines) */
  enabledWhen?: { field: string; values: readonly string[] };
  /** GraphQL mutation (see kind); empty for 'open' and 'sublist' */
  operation: string;
  /** the form name of the child register a 'sublist' action opens (its parent.form: CONTRATO, TAXAS…) */
  sublist?: string;
  /** the fields of a 'form' action */
  form?: ActionForm;
};

/** get and save are required unless the register is readOnly. */
export type RegisterOps = { list: string; get?: string; save?: string; delete?: string };

/**
 * The De/Até search window of a list screen: two filter-only 'date' fields, their default (one week, one
 * month, or yesterday back to today) and an optional limit ('O período máximo para a pesquisa deve ser de
 * 1 mês'). The filter form and the generic server mechanism both apply `windowError`.
 */
export type DateWindow = { de: string; ate: string; back: 'week' | 'month' | 'day'; maxMonths?: number };

/**
 * Result cards above the table: `operation` answers [{ valor, label, quantidade, total }] for the current
 * filter; a click sets filter field `field` (filter-only, enum) to the card's valor and searches again.
 */
export type RegisterBuckets = { operation: string; field: string };

/** One result card, as a buckets call answers it (total in centavos). */
export type Bucket = { valor: string; label: string; quantidade: number; total: number };

/**
 * Pages of a read-only list screen (`readOnly`: rows a source query produces, which can be a month of a busy
 * client's sales). Its list call takes `pagina: { inicio, tamanho }` (rows to skip, rows of the page, 1 to
 * `max`) and the call `<list>Total` with the same filter answers how many rows the whole filter has; the
 * result cards stay totals of the whole filter. Without `pagina` a list answers at most `max` rows, or an
 * error that says to ask for a page — never a silent cut.
 */
export const LIST_PAGE = { max: 1000, sizes: [10, 25, 50, 100] } as const;

/**
 * The most rows 'Download CSV' of a list paged by the server asks for (LIST_PAGE.max at a time) and writes in the
 * browser; a longer search is cut there and says so. Relatórios writes any size on the server.
 */
export const LIST_CSV_MAX_ROWS = 100_000;

/** The page of a paged list call (GraphQL PaginaInput). */
export type ListPage = { inicio: number; tamanho: number };

/** The total call of a paged list screen: `listarTickets` → `listarTicketsTotal`. */
export const listTotalOperation = (def: { ops: RegisterOps }) => `${def.ops.list}Total`;

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
  /**
   * validates values.editValues of save — the form uses the very same schema. Derived from the fields
   * (objectSchema) and `rules` unless given; a read-only screen has none.
   */
  schema?: z.ZodType<Record<string, unknown>>;
  /** checks across fields of the form and the save ('até' not before 'de') */
  rules?: readonly FormRule[];
  ops: RegisterOps;
  /** a list screen over what the engines produced: no add, no edit, no get/save calls; paged on the server (LIST_PAGE) */
  readOnly?: boolean;
  window?: DateWindow;
  buckets?: RegisterBuckets;
  /**
   * work the server finishes after a call (a file reprocessed loads in the background): while a listed row's
   * `field` holds one of `values`, the list asks again every few seconds, so the row shows its end without
   * a new search
   */
  refreshWhile?: { field: string; values: readonly string[] };
  /** default true: rows can be edited */
  allowEdit?: boolean;
  /** default false: hides the add button */
  hideAdd?: boolean;
  /** the first search waits for the user's filter ('Efetue um filtro para visualizar os registros.') */
  skipInitialSearch?: boolean;
  actions?: readonly RegisterAction[];
  /** width of the screen's right drawers ('open' and 'form' actions) when not the default 500 (the master lists: 260, spec part 2 §9) */
  drawerWidth?: number;
  messages?: { inserted: string; saved: string };
  /**
   * the side form as steps (a new rate: Operadora, Produto, confirmation, then its ranges). Each step shows its
   * fields, and Próximo checks them; a step without fields shows what the steps before it chose. Editing opens
   * at step `editFrom`, the earlier steps' choices shown and locked. `prepare` is called on entering the last
   * step with the earlier steps' values (and the fixed ones); it answers { mensagem, <field> } with what that
   * choice already holds (a rate's ranges already stored), put in field `field`, and mensagem shown as a notice.
   */
  wizard?: {
    steps: readonly { label: string; fields: readonly string[] }[];
    editFrom: number;
    prepare?: { operation: string; field: string };
  };
  /**
   * a child register (a sublist): its rows hang from a row of register `register`, named by its field `field`
   * (the parent's id). It has no page or menu entry of its own: it opens from the parent's 'sublist' action,
   * and its calls are granted by the parent's screen (`page` is the parent's). The server keeps its rows to
   * parents the caller may see. `form` is the stored form name the parent's screen opens it by (spec part 2
   * §2.2: CONTRATO, TAXAS, TERMINAL, TAXASPOS), which its 'sublist' actions name.
   */
  parent?: { register: string; field: string; form: string };
};

/** Any register, as the generic mechanisms see it (field names are plain strings there). */
export type AnyRegisterDef = Omit<RegisterDef, 'fields' | 'id' | 'keyFields'> & {
  fields: Record<string, FieldDef>;
  id: string;
  keyFields: readonly string[];
};

/**
 * Checks a declaration and answers it with its own type, so what it declares (an editing register's
 * ops.get and ops.save, its schema) stays known to the code that uses it.
 */
export function defineRegister<const F extends Record<string, FieldDef>, const D extends RegisterDef<F>>(
  def: D & RegisterDef<F>,
): RegisterDef<F> & Pick<D, 'ops' | 'messages'> & { schema: D['readOnly'] extends true ? undefined : z.ZodType<Record<string, unknown>> } {
  for (const k of def.keyFields) if (!(k in def.fields)) throw new Error(`${def.key}: key field ${k} is not a field`);
  if (!(def.id in def.fields)) throw new Error(`${def.key}: id ${def.id} is not a field`);
  // The list call's filter is a GraphQL input type, and those cannot be empty.
  if (!Object.values(def.fields).some((f) => f.filter)) throw new Error(`${def.key}: declare at least one filter field`);
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.virtual && f.filter) throw new Error(`${def.key}: virtual field ${name} cannot be a filter`);
    if (f.kind === 'references' && !f.virtual) throw new Error(`${def.key}: references field ${name} must be virtual`);
    if (f.kind === 'items' && (!f.virtual || !f.items || f.filter || f.column)) throw new Error(`${def.key}: items field ${name} is virtual, declares its items, and is neither a filter nor a column`);
    if ((f.kind === 'secret' || f.kind === 'file') && (f.filter || f.column || f.virtual)) throw new Error(`${def.key}: ${f.kind} field ${name} is a column of the table, neither a filter nor a list column`);
    if ((f.kind === 'file') !== !!f.file) throw new Error(`${def.key}: field ${name} declares file only when it is a 'file' field`);
    if (f.filterOnly && !f.filter) throw new Error(`${def.key}: filter-only field ${name} must be a filter`);
  }
  if (!def.readOnly && (!def.ops.get || !def.ops.save || !def.messages)) {
    throw new Error(`${def.key}: a register that edits declares ops.get, ops.save and messages`);
  }
  if (def.window) {
    for (const n of [def.window.de, def.window.ate]) {
      const f = def.fields[n];
      if (!f || f.kind !== 'date' || !f.filterOnly) throw new Error(`${def.key}: window field ${n} must be a filter-only date`);
    }
  }
  if (def.parent) {
    const f = def.fields[def.parent.field];
    if (!f || f.kind !== 'reference' || !f.filter) throw new Error(`${def.key}: parent field ${def.parent.field} must be a reference filter`);
  }
  if (def.wizard) {
    const stepped = def.wizard.steps.flatMap((st) => st.fields);
    for (const n of stepped) if (!def.fields[n]) throw new Error(`${def.key}: wizard field ${n} is not a field`);
    if (def.wizard.editFrom < 0 || def.wizard.editFrom >= def.wizard.steps.length) throw new Error(`${def.key}: wizard editFrom is not a step`);
  }
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.entry) continue;
    if (f.kind !== 'items' || !f.items?.[f.entry.id]) throw new Error(`${def.key}: entry field ${name} is an items field whose lines declare ${f.entry.id}`);
    for (const c of f.entry.context) if (!def.fields[c]) throw new Error(`${def.key}: entry context ${c} is not a field`);
  }
  if (def.buckets && !def.fields[def.buckets.field]?.filter) throw new Error(`${def.key}: buckets field ${def.buckets.field} must be a filter`);
  for (const a of def.actions ?? []) {
    if (!['open', 'sublist'].includes(a.kind ?? 'row') && !a.operation) throw new Error(`${def.key}: action ${a.key} needs an operation`);
    if (a.kind === 'open' && a.scope === 'none') throw new Error(`${def.key}: 'open' action ${a.key} works on selected rows`);
    if (a.kind === 'form' && (a.scope === 'multi' || !a.form)) throw new Error(`${def.key}: 'form' action ${a.key} has scope 'none' or 'single' and declares its form`);
    if ((a.kind === 'filter' || a.kind === 'export') && a.scope !== 'none') throw new Error(`${def.key}: 'filter' action ${a.key} has scope 'none'`);
    if (a.kind === 'sublist' && (a.scope !== 'single' || !a.sublist)) throw new Error(`${def.key}: 'sublist' action ${a.key} is single-row and names its form`);
  }
  const schema = def.schema ?? (def.readOnly ? undefined : objectSchema(def.fields, { rules: def.rules, keep: def.keyFields }));
  return { ...def, schema } as never;
}

/**
 * The fields of a 'form' action and its schema, derived from them like a register's; `keep` names fields the
 * form does not show but sends (a single-row form's key).
 */
export const actionForm = (typeName: string, fields: Record<string, FieldDef>, rules: readonly FormRule[] = [], keep: readonly string[] = []): ActionForm =>
  ({ typeName, fields, schema: objectSchema(fields, { rules, keep }) });

/**
 * What a sublist takes from its parent register: the parent's screen (whose profile resource grants the
 * sublist's calls) and menu place, and the field naming the parent row.
 */
export const sublistOf = (parent: { key: string; page: string; menuSection: string; menuIcon: string }, field: string, form: string) => ({
  page: parent.page, menuSection: parent.menuSection, menuIcon: parent.menuIcon, parent: { register: parent.key, field, form },
});

/** The sublist a parent's 'sublist' action opens: the one of `parent` stored under the action's form name. */
export const sublistFor = <D extends { parent?: { register: string; form: string } }>(sublists: readonly D[], parent: string, form: string | undefined) =>
  sublists.find((d) => d.parent?.register === parent && d.parent.form === form);

/** Fields of the object the list answers (filter-only and write-only fields are not). */
export const isOutputField = (f: FieldDef) => !f.writeOnly && !f.filterOnly;

export const isFormField = (f: FieldDef) => f.form !== false && !f.filterOnly && f.kind !== 'datetime';

/** The window's first De/Até: one week, one month, or yesterday back to today (spec part 1 §9). */
export function defaultWindow(w: DateWindow, today: string = todayBusiness()): { de: string; ate: string } {
  const de = w.back === 'week' ? addDays(today, -7) : w.back === 'month' ? addMonths(today, -1) : addDays(today, -1);
  return { de, ate: today };
}

/**
 * What is wrong with a filter's window, or null: a date that is not one ('Data inválida'), De after Até,
 * or a span over the limit. Both the filter form and the server ask this one function.
 */
export function windowError(w: DateWindow, values: Record<string, unknown> | null | undefined): { field: string; message: string } | null {
  const de = values?.[w.de];
  const ate = values?.[w.ate];
  for (const [field, v] of [[w.de, de], [w.ate, ate]] as const) {
    if (v !== null && v !== undefined && v !== '' && (typeof v !== 'string' || !isBusinessDate(v))) return { field, message: MSG.dataInvalida };
  }
  if (w.maxMonths && (!de || !ate)) return { field: de ? w.ate : w.de, message: MSG.periodoMaximo };
  if (typeof de === 'string' && de && typeof ate === 'string' && ate) {
    if (de > ate) return { field: w.ate, message: MSG.periodoInvertido };
    if (w.maxMonths && ate > addMonths(de, w.maxMonths)) return { field: w.ate, message: MSG.periodoMaximo };
  }
  return null;
}
export const filterOp = (f: FieldDef): FilterOp | null =>
  !f.filter ? null : f.filter === true ? (['text', 'textarea', 'email'].includes(f.kind) ? 'contains' : 'eq') : f.filter;
