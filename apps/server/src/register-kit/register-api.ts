import { type Db, subtreeOf } from '@concilia/db';
import { type AnyRegisterDef, type FieldDef, filterOp, isGiven, LIST_PAGE, listTotalOperation, missingOnInsert, MSG, secretStoredField, windowError } from '@concilia/domain';
import { and, asc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { audit } from '../audit';
import { requirePage } from '../features/auth/require-page';
import type { SessionUser } from '../features/auth/session.service';
import { builder } from '../graphql/builder';
import type { Ctx } from '../graphql/context';
import { AppError, fromZod } from '../graphql/errors';
import { executePrepared } from '../graphql/prepared';
import { fieldError } from './field-error';
import { type ReceivedFile, receiveFile, storedFile } from './register-files';
import { openSecret, sealSecret } from './register-secrets';
import { PaginaInput, pageRequest, pageRows } from './list-page';
import { actionFormInput, BucketRef, entryTypes, filterFields, inputFields, outputFields, registerTypes } from './graphql-types';
import type { EntryCall, RegisterEntry, Row } from './register-entry';
import { dbError, FK_VIOLATION } from '../db-errors';


const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Values as the API carries them → as the table stores them (rates are exact numerics). */
function toDb(fields: Record<string, FieldDef>, values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) out[k] = fields[k]?.kind === 'percent' && v != null ? String(v) : v;
  return out;
}

/**
 * Rows as the table gives them → as the API carries them; write-only fields never leave, a secret leaves only
 * as "is stored" (<name>Gravada), a file as its name, size and type (storedFile), never its bytes.
 */
function fromDb(fields: Record<string, FieldDef>, row: Row): Row {
  const out: Row = {};
  for (const [k, f] of Object.entries(fields)) {
    if (f.writeOnly) continue;
    const v = row[k];
    if (f.kind === 'secret') {
      out[k] = null;
      out[secretStoredField(k)] = typeof v === 'string' && v !== '';
    } else if (f.kind === 'file') out[k] = storedFile(f.file!, v, row[`${k}nome`], row[`${k}tipo`]);
    // a moment travels as ISO text (FieldKind 'datetime'): a timestamp column gives a Date
    else if (v instanceof Date) out[k] = v.toISOString();
    else out[k] = f.kind === 'percent' && v != null ? Number(v) : v;
  }
  return out;
}

/**
 * The save's secret and file fields before the hooks: a required one missing on insert is refused; a chosen
 * file is read and checked (refused beside its field); an empty secret or no file means "keep the stored one"
 * and leaves the values. Hooks then see a secret in clear and a file as ReceivedFile.
 */
async function receiveSecretsAndFiles(def: AnyRegisterDef, data: Row, insert: boolean): Promise<Row> {
  if (insert) {
    const [missing] = missingOnInsert(def, data);
    if (missing) throw fieldError(missing.field, missing.message);
  }
  const out: Row = { ...data };
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.kind === 'secret' && (out[name] === null || out[name] === undefined || out[name] === '')) delete out[name];
    if (f.kind !== 'file') continue;
    const chosen = out[name];
    delete out[name];
    if (chosen === null || chosen === undefined) continue;
    const received = await receiveFile(f.file!, chosen as File);
    if (!received) throw fieldError(name, MSG.uploadInvalido);
    out[name] = received;
  }
  return out;
}

/**
 * The values as the table stores them: a secret sealed under the row's owner (a kept one sealed again when the
 * owner changed, so it still opens), a file as its bytes, name and type columns.
 */
function sealSecretsAndFiles(ctx: Ctx, def: AnyRegisterDef, data: Row, owner: unknown, existing: Row | null, ownerColumn: string, columns: Record<string, unknown>): Row {
  const out: Row = { ...data };
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.kind === 'secret') {
      if (typeof out[name] === 'string') out[name] = sealSecret(ctx.config, def, name, owner, out[name] as string);
      else if (existing && existing[ownerColumn] !== owner && existing[name]) {
        out[name] = sealSecret(ctx.config, def, name, owner, openSecret(ctx.config, def, name, existing[ownerColumn], existing[name])!);
      }
    }
    if (f.kind === 'file' && out[name]) {
      const file = out[name] as ReceivedFile;
      out[name] = file.bytes;
      out[`${name}nome`] = file.nome;
      if (columns[`${name}tipo`]) out[`${name}tipo`] = file.tipo;
    }
  }
  return out;
}

/** What the audit line keeps of a save: declared, readable fields; never a secret, a file only as its name and size. */
function auditValues(def: AnyRegisterDef, data: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(data)) {
    const f = def.fields[k];
    if (!f || f.writeOnly || f.kind === 'secret') continue;
    out[k] = f.kind === 'file' ? (v ? { nome: (v as ReceivedFile).nome, tamanho: (v as ReceivedFile).tamanho } : null) : v;
  }
  return out;
}

/**
 * Turns a declaration + its table (or its source query) into the seeds' operations: list, get, save,
 * delete, actions of every kind and the result cards.
 */
export function registerApi(entry: RegisterEntry): void {
  const { def } = entry;
  const types = registerTypes(def);
  /** The register's screen must be among the resources of the user's profile. */
  const authorize = (ctx: Ctx): Promise<SessionUser> => requirePage(ctx, def.page);
  /** A window the declaration limits is checked here too: the form's check is a courtesy, this is the rule. */
  const checkWindow = (values: Row | null | undefined) => {
    const bad = def.window ? windowError(def.window, values) : null;
    if (bad) throw fieldError(bad.field, bad.message);
  };
  if (entry.source) {
    sourceApi(entry, entry.source, types, authorize, checkWindow);
    return;
  }
  if (!entry.table || !entry.visible || !entry.ownerColumn) throw new Error(`${def.key}: a register declares a table, visible and ownerColumn, or a source`);
  const table: PgTable = entry.table;
  const visible = entry.visible;
  const ownerColumn = entry.ownerColumn;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const col = (name: string): PgColumn => {
    const c = columns[name];
    if (!c) throw new Error(`${def.key}: table has no column ${name}`);
    return c;
  };
  for (const [name, f] of outputFields(def)) if (!f.virtual) col(name);
  const idCol = col(def.id);
  const virtual = new Set(Object.entries(def.fields).filter(([, f]) => f.virtual).map(([n]) => n));

  /** Rows as the API answers them: virtual fields attached by the entry's hook, write-only ones gone. */
  async function answer(ctx: Ctx, rows: Row[]): Promise<Row[]> {
    const loaded = entry.hooks?.afterLoad ? await entry.hooks.afterLoad(ctx, rows) : rows;
    return loaded.map((r) => fromDb(def.fields, r));
  }

  const scoped = (me: SessionUser, ...extra: (SQL | undefined)[]) => and(visible(me), entry.baseWhere, ...extra);

  function filterWhere(values: Row | null | undefined): SQL[] {
    const where: SQL[] = [];
    for (const [name, f] of filterFields(def)) {
      const v = values?.[name];
      if (!isGiven(v)) continue;
      const c = col(f.filterOn ?? name);
      const op = filterOp(f);
      if (op === 'contains') where.push(ilike(c, `%${escapeLike(String(v))}%`));
      else if (op === 'gte') where.push(gte(c, f.kind === 'percent' ? String(v) : v));
      else if (op === 'lte') where.push(lte(c, f.kind === 'percent' ? String(v) : v));
      else where.push(eq(c, f.kind === 'percent' ? String(v) : v));
    }
    return where;
  }

  async function findVisible(ctx: Ctx, me: SessionUser, id: unknown): Promise<Row | null> {
    if (id === null || id === undefined) return null;
    const [row] = await ctx.db.select().from(table).where(scoped(me, eq(idCol, id))).limit(1);
    return (row as Row | undefined) ?? null;
  }

  /** The owner a row may hang from: the one given, when the user may see it; else the user's own person. */
  async function ownerAllowed(ctx: Ctx, me: SessionUser, owner: unknown): Promise<boolean> {
    if (owner === null || owner === undefined) return false;
    const scope = entry.ownerScope ? entry.ownerScope(me) : subtreeOf(me.codpessoa);
    const r = (await ctx.db.execute(sql`SELECT 1 AS ok WHERE ${owner} IN ${scope}`)) as { rows: unknown[] };
    return r.rows.length > 0;
  }

  function listField(op: string, description: string, narrow?: (me: SessionUser) => SQL) {
    builder.queryField(op, (t) =>
      t.field({
        type: [types.object],
        description,
        args: { values: t.arg({ type: types.filter, required: false }) },
        resolve: async (_r, { values }, ctx) => {
          const me = await authorize(ctx);
          checkWindow(values as Row);
          const extra = entry.hooks?.listColumns?.();
          const rows = await executePrepared((extra ? ctx.db.select({ ...columns, ...extra }) : ctx.db.select())
            .from(table)
            .where(scoped(me, narrow?.(me), ...filterWhere(values as Row)))
            .orderBy(asc(idCol)));
          return answer(ctx, rows as Row[]);
        },
      }),
    );
  }
  listField(def.ops.list, `Lista de ${def.title}`);
  for (const [op, extra] of Object.entries(entry.lists ?? {})) listField(op, extra.description, extra.where);

  if (def.ops.get) builder.queryField(def.ops.get, (t) =>
    t.field({
      type: types.object,
      nullable: true,
      args: { values: t.arg({ type: types.keyValues, required: true }) },
      resolve: async (_r, { values }, ctx) => {
        const me = await authorize(ctx);
        const row = await findVisible(ctx, me, (values.editValues as Row)[def.id]);
        return row ? (await answer(ctx, [row]))[0] : null;
      },
    }),
  );

  const { saveValues } = types;
  const { schema } = def;
  if (!def.readOnly && def.ops.save && saveValues && schema) builder.mutationField(def.ops.save, (t) =>
    t.field({
      type: types.object,
      args: { values: t.arg({ type: saveValues, required: true }) },
      resolve: async (_r, { values }, ctx) => {
        const me = await authorize(ctx);
        const parsed = schema.safeParse(values.editValues);
        if (!parsed.success) throw fromZod(parsed.error);
        const insert = values.insert;
        const writable = new Set(inputFields(def).map(([n]) => n));
        // One transaction: the row, what afterSave stores beside it (a join table) and the audit line.
        return ctx.db.transaction(async (tx) => {
          const tctx: Ctx = { ...ctx, db: tx as unknown as Db };
          let data: Row = Object.fromEntries(Object.entries(parsed.data).filter(([k]) => writable.has(k)));
          const existing = insert ? null : await findVisible(tctx, me, (parsed.data as Row)[def.id]);
          if (!insert && !existing) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
          const owner = data[ownerColumn] ?? existing?.[ownerColumn] ?? me.codpessoa;
          if (!(await ownerAllowed(tctx, me, owner))) throw new AppError('FORBIDDEN', MSG.semPermissao);
          data[ownerColumn] = owner;
          data = await receiveSecretsAndFiles(def, data, insert);
          if (entry.hooks?.beforeSave) data = await entry.hooks.beforeSave(tctx, data, { insert, me, existing });
          const stored = sealSecretsAndFiles(tctx, def, data, data[ownerColumn], existing, ownerColumn, columns);
          const dbValues = toDb(def.fields, Object.fromEntries(Object.entries(stored).filter(([k]) => !virtual.has(k))));
          const write = entry.hooks?.write;
          const [row] = write
            ? [await write(tctx, stored, { insert, me, existing })]
            : insert
              ? await tx.insert(table).values(dbValues as never).returning()
              : await tx.update(table).set(dbValues as never).where(eq(idCol, existing![def.id])).returning();
          if (entry.hooks?.afterSave) await entry.hooks.afterSave(tctx, row as Row, data, { insert, me, existing });
          await audit(tctx.db, {
            codusuario: me.codusuario, acao: insert ? 'INSERIR' : 'ALTERAR', entidade: def.key, chave: (row as Row)[def.id] as number,
            // Declared, readable fields only: hooks may add columns (a password hash) that never go to the log.
            dados: auditValues(def, data),
          });
          return (await answer(tctx, [row as Row]))[0]!;
        });
      },
    }),
  );

  wizardCalls(entry, types, authorize);

  const findRow = (ctx: Ctx, me: SessionUser, key: Row) => findVisible(ctx, me, key[def.id]);
  rowCalls(entry, types, authorize, findRow, async (ctx, existing, me) => {
    try {
      const beforeDelete = entry.hooks?.beforeDelete;
      if (!beforeDelete) await ctx.db.delete(table).where(eq(idCol, existing[def.id]));
      else await ctx.db.transaction(async (tx) => {
        await beforeDelete({ ...ctx, db: tx as unknown as Db }, existing, me);
        await tx.delete(table).where(eq(idCol, existing[def.id]));
      });
    } catch (err) {
      const e = dbError(err);
      // The database's own words are kept: the client recognises the conflict and says it in pt-BR.
      if (e.code === FK_VIOLATION) throw new AppError('FK_CONFLICT', e.message ?? 'violates foreign key constraint');
      throw err;
    }
  });
}

type Types = ReturnType<typeof registerTypes>;

/**
 * The calls of a register's wizard: the checks of each 'entry' items field (add, add when flagged, update,
 * remove: each answers the list as the server accepts it) and the `prepare` call of the last step. They
 * change nothing stored: the save does, with the list the user ends with.
 */
function wizardCalls(entry: RegisterEntry, types: Types, authorize: Authorize) {
  const { def } = entry;
  for (const [field, f] of Object.entries(def.fields)) {
    if (!f.entry) continue;
    const check = entry.hooks?.entries?.[field];
    if (!check) throw new Error(`${def.key}: entry field ${field} has no server check`);
    const { input, result } = entryTypes(def, field);
    const spec = f.entry;
    const calls: [string | undefined, EntryCall['op']][] = [[spec.add, 'add'], [spec.flagged?.add, 'addFlagged'], [spec.update, 'update'], [spec.remove, 'remove']];
    for (const [operation, op] of calls) {
      if (!operation) continue;
      builder.queryField(operation, (t) =>
        t.field({
          type: result,
          description: `${f.label}: confere a linha (${op}) contra a lista; nada é gravado`,
          args: { values: t.arg({ type: input, required: true }) },
          resolve: async (_r, { values }, ctx) => {
            const me = await authorize(ctx);
            const v = values as Row;
            const line = Object.fromEntries(Object.keys(f.items!).map((k) => [k, v[k] ?? null]));
            const context = Object.fromEntries(spec.context.map((k) => [k, v[k] ?? null]));
            const codigo = (v[spec.id] ?? null) as number | null;
            return check(ctx, me, { op, line, list: ((v[field] ?? []) as Row[]), codigo, insert: v.insert === true, context });
          },
        }),
      );
    }
  }
  const prepare = def.wizard?.prepare;
  if (!prepare) return;
  const run = entry.hooks?.prepare;
  const input = types.input;
  if (!run || !input) throw new Error(`${def.key}: the wizard's prepare call has no server hook`);
  const { result } = entryTypes(def, prepare.field);
  builder.queryField(prepare.operation, (t) =>
    t.field({
      type: result,
      description: `${def.title}: o que a escolha das etapas anteriores já tem cadastrado`,
      args: { values: t.arg({ type: input, required: true }) },
      resolve: async (_r, { values }, ctx) => run(ctx, await authorize(ctx), values as Row),
    }),
  );
}
type Authorize = (ctx: Ctx) => Promise<SessionUser>;
type FindRow = (ctx: Ctx, me: SessionUser, key: Row) => Promise<Row | null>;

/** A read-only list screen over a query: list (and get) from the source, then the same row calls. */
function sourceApi(entry: RegisterEntry, source: NonNullable<RegisterEntry['source']>, types: Types, authorize: Authorize, checkWindow: (v: Row | null | undefined) => void) {
  const { def } = entry;
  // the web kit pages exactly the read-only screens on the server: a source is one
  if (!def.readOnly) throw new Error(`${def.key}: a register over a source is readOnly`);
  builder.queryField(def.ops.list, (t) =>
    t.field({
      type: [types.object],
      description: `Lista de ${def.title}: uma página (pagina) do filtro; sem pagina, todo o resultado se couber em ${LIST_PAGE.max} registros`,
      args: { values: t.arg({ type: types.filter, required: false }), pagina: t.arg({ type: PaginaInput, required: false }) },
      resolve: async (_r, { values, pagina }, ctx) => {
        const me = await authorize(ctx);
        checkWindow(values as Row);
        const page = pageRequest(pagina);
        return pageRows(page, await source.list(ctx, me, (values ?? {}) as Row, page));
      },
    }),
  );
  builder.queryField(listTotalOperation(def), (t) =>
    t.int({
      description: `Quantos registros de ${def.title} o filtro tem (o total das páginas de ${def.ops.list})`,
      args: { values: t.arg({ type: types.filter, required: false }) },
      resolve: async (_r, { values }, ctx) => {
        const me = await authorize(ctx);
        checkWindow(values as Row);
        return source.count(ctx, me, (values ?? {}) as Row);
      },
    }),
  );
  if (def.ops.get) builder.queryField(def.ops.get, (t) =>
    t.field({
      type: types.object,
      nullable: true,
      args: { values: t.arg({ type: types.keyValues, required: true }) },
      resolve: async (_r, { values }, ctx) => source.find(ctx, await authorize(ctx), values.editValues as Row),
    }),
  );
  if (def.buckets) {
    const run = entry.hooks?.buckets;
    if (!run) throw new Error(`${def.key}: buckets have no server hook`);
    builder.queryField(def.buckets.operation, (t) =>
      t.field({
        type: [BucketRef],
        description: `Resultados de ${def.title} no filtro atual`,
        args: { values: t.arg({ type: types.filter, required: false }) },
        resolve: async (_r, { values }, ctx) => {
          const me = await authorize(ctx);
          checkWindow(values as Row);
          return run(ctx, me, (values ?? {}) as Row);
        },
      }),
    );
  }
  const remove = entry.hooks?.remove;
  if (def.ops.delete && !remove) throw new Error(`${def.key}: a source's delete needs hooks.remove`);
  rowCalls(entry, types, authorize, (ctx, me, key) => source.find(ctx, me, key), remove ?? null);
}

/**
 * Delete and the declared actions share one shape: one call per selected row (values.editValues = the
 * row's key), a row the user may see, the work, one audit line. A 'download' action answers the path its
 * hook offers; a 'filter' action is one call over the screen's filter; an 'open' action has no call.
 */
function rowCalls(entry: RegisterEntry, types: Types, authorize: Authorize, findRow: FindRow, remove: ((ctx: Ctx, row: Row, me: SessionUser) => Promise<void>) | null) {
  const { def } = entry;
  const chave = (row: Row) => (row[def.id] ?? null) as string | number | null;
  async function visibleRow(ctx: Ctx, values: { editValues: unknown }): Promise<{ me: SessionUser; row: Row }> {
    const me = await authorize(ctx);
    const row = await findRow(ctx, me, values.editValues as Row);
    if (!row) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
    return { me, row };
  }
  function rowMutation(operation: string, acao: string, work: (ctx: Ctx, row: Row, me: SessionUser) => Promise<unknown>) {
    builder.mutationField(operation, (t) =>
      t.boolean({
        args: { values: t.arg({ type: types.keyValues, required: true }) },
        resolve: async (_r, { values }, ctx) => {
          const { me, row } = await visibleRow(ctx, values);
          await work(ctx, row, me);
          await audit(ctx.db, { codusuario: me.codusuario, acao, entidade: def.key, chave: chave(row) });
          return true;
        },
      }),
    );
  }

  if (def.ops.delete && remove) rowMutation(def.ops.delete, 'EXCLUIR', remove);

  for (const action of def.actions ?? []) {
    const kind = action.kind ?? 'row';
    if (kind === 'open' || kind === 'sublist') continue;
    if (kind === 'form') {
      const run = entry.hooks?.formActions?.[action.key];
      const form = action.form;
      if (!run || !form) throw new Error(`${def.key}: form action ${action.key} has no server hook or no form`);
      const input = actionFormInput(form);
      builder.mutationField(action.operation, (t) =>
        t.boolean({
          description: action.label,
          args: { values: t.arg({ type: input, required: true }) },
          resolve: async (_r, { values }, ctx) => {
            const me = await authorize(ctx);
            const parsed = form.schema.safeParse(values);
            if (!parsed.success) throw fromZod(parsed.error);
            await ctx.db.transaction(async (tx) => {
              const tctx: Ctx = { ...ctx, db: tx as unknown as Db };
              await run(tctx, parsed.data, me);
              await audit(tctx.db, { codusuario: me.codusuario, acao: action.key, entidade: def.key, chave: null, dados: parsed.data });
            });
            return true;
          },
        }),
      );
      continue;
    }
    if (kind === 'export') {
      const run = entry.hooks?.exportActions?.[action.key];
      if (!run) throw new Error(`${def.key}: export action ${action.key} has no server hook`);
      builder.mutationField(action.operation, (t) =>
        t.string({
          description: `${action.label}: the path (/download/…) of a file with every row of the filter`,
          args: { values: t.arg({ type: types.filter, required: false }) },
          resolve: async (_r, { values }, ctx) => {
            const me = await authorize(ctx);
            const bad = def.window ? windowError(def.window, values as Row) : null;
            if (bad) throw fieldError(bad.field, bad.message);
            const path = await run(ctx, (values ?? {}) as Row, me);
            await audit(ctx.db, { codusuario: me.codusuario, acao: action.key, entidade: def.key, chave: null });
            return path;
          },
        }),
      );
      continue;
    }
    if (kind === 'filter') {
      const run = entry.hooks?.filterActions?.[action.key];
      if (!run) throw new Error(`${def.key}: filter action ${action.key} has no server hook`);
      builder.mutationField(action.operation, (t) =>
        t.boolean({
          args: { values: t.arg({ type: types.filter, required: false }) },
          resolve: async (_r, { values }, ctx) => {
            const me = await authorize(ctx);
            const bad = def.window ? windowError(def.window, values as Row) : null;
            if (bad) throw fieldError(bad.field, bad.message);
            await run(ctx, (values ?? {}) as Row, me);
            await audit(ctx.db, { codusuario: me.codusuario, acao: action.key, entidade: def.key, chave: null });
            return true;
          },
        }),
      );
      continue;
    }
    const run = entry.hooks?.actions?.[action.key];
    if (!run) throw new Error(`${def.key}: action ${action.key} has no server hook`);
    if (kind === 'row') {
      rowMutation(action.operation, action.key, run);
      continue;
    }
    builder.mutationField(action.operation, (t) =>
      t.string({
        description: `${action.label}: the path (/download/…) the browser fetches the file from`,
        args: { values: t.arg({ type: types.keyValues, required: true }) },
        resolve: async (_r, { values }, ctx) => {
          const { me, row } = await visibleRow(ctx, values);
          const path = await run(ctx, row, me);
          if (typeof path !== 'string') throw new Error(`${def.key}: download action ${action.key} answered no path`);
          await audit(ctx.db, { codusuario: me.codusuario, acao: action.key, entidade: def.key, chave: chave(row) });
          return path;
        },
      }),
    );
  }
}
