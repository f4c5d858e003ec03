import { type Db, subtreeOf } from '@concilia/db';
import { type FieldDef, filterOp, MSG, isGiven } from '@concilia/domain';
import { and, asc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { audit } from '../audit';
import { requirePage } from '../features/auth/require-page';
import type { SessionUser } from '../features/auth/session.service';
import { builder } from '../graphql/builder';
import type { Ctx } from '../graphql/context';
import { AppError, fromZod } from '../graphql/errors';
import { filterFields, inputFields, outputFields, registerTypes } from './graphql-types';
import type { RegisterEntry, Row } from './register-entry';

// PostgreSQL's code for a reference-constraint conflict (foreign_key_violation).
const FK_VIOLATION = '23503';

function dbErrorCode(err: unknown): { code?: string; message?: string } {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return e?.cause?.code ? e.cause : e;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Values as the API carries them → as the table stores them (rates are exact numerics). */
function toDb(fields: Record<string, FieldDef>, values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) out[k] = fields[k]?.kind === 'percent' && v != null ? String(v) : v;
  return out;
}

/** Rows as the table gives them → as the API carries them; write-only fields never leave. */
function fromDb(fields: Record<string, FieldDef>, row: Row): Row {
  const out: Row = {};
  for (const [k, f] of Object.entries(fields)) {
    if (f.writeOnly) continue;
    const v = row[k];
    out[k] = f.kind === 'percent' && v != null ? Number(v) : v;
  }
  return out;
}

/** Turns a declaration + its table into the seeds' operations: list, get, save, delete and actions. */
export function registerApi(entry: RegisterEntry): void {
  const { def, table } = entry;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const col = (name: string): PgColumn => {
    const c = columns[name];
    if (!c) throw new Error(`${def.key}: table has no column ${name}`);
    return c;
  };
  for (const [name, f] of outputFields(def)) if (!f.virtual) col(name);
  const idCol = col(def.id);
  const types = registerTypes(def);
  const virtual = new Set(Object.entries(def.fields).filter(([, f]) => f.virtual).map(([n]) => n));

  /** The register's screen must be among the resources of the user's profile. */
  const authorize = (ctx: Ctx): Promise<SessionUser> => requirePage(ctx, def.page);

  /** Rows as the API answers them: virtual fields attached by the entry's hook, write-only ones gone. */
  async function answer(ctx: Ctx, rows: Row[]): Promise<Row[]> {
    const loaded = entry.hooks?.afterLoad ? await entry.hooks.afterLoad(ctx, rows) : rows;
    return loaded.map((r) => fromDb(def.fields, r));
  }

  const scoped = (me: SessionUser, ...extra: (SQL | undefined)[]) => and(entry.visible(me), entry.baseWhere, ...extra);

  function filterWhere(values: Row | null | undefined): SQL[] {
    const where: SQL[] = [];
    for (const [name, f] of filterFields(def)) {
      const v = values?.[name];
      if (!isGiven(v)) continue;
      const c = col(name);
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
    const r = (await ctx.db.execute(sql`SELECT 1 AS ok WHERE ${owner} IN ${subtreeOf(me.codpessoa)}`)) as { rows: unknown[] };
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
          const rows = await ctx.db
            .select()
            .from(table)
            .where(scoped(me, narrow?.(me), ...filterWhere(values as Row)))
            .orderBy(asc(idCol));
          return answer(ctx, rows as Row[]);
        },
      }),
    );
  }
  listField(def.ops.list, `Lista de ${def.title}`);
  for (const [op, extra] of Object.entries(entry.lists ?? {})) listField(op, extra.description, extra.where);

  builder.queryField(def.ops.get, (t) =>
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

  builder.mutationField(def.ops.save, (t) =>
    t.field({
      type: types.object,
      args: { values: t.arg({ type: types.saveValues, required: true }) },
      resolve: async (_r, { values }, ctx) => {
        const me = await authorize(ctx);
        const parsed = def.schema.safeParse(values.editValues);
        if (!parsed.success) throw fromZod(parsed.error);
        const insert = values.insert;
        const writable = new Set(inputFields(def).map(([n]) => n));
        // One transaction: the row, what afterSave stores beside it (a join table) and the audit line.
        return ctx.db.transaction(async (tx) => {
          const tctx: Ctx = { ...ctx, db: tx as unknown as Db };
          let data: Row = Object.fromEntries(Object.entries(parsed.data).filter(([k]) => writable.has(k)));
          const existing = insert ? null : await findVisible(tctx, me, (parsed.data as Row)[def.id]);
          if (!insert && !existing) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
          const owner = data[entry.ownerColumn] ?? existing?.[entry.ownerColumn] ?? me.codpessoa;
          if (!(await ownerAllowed(tctx, me, owner))) throw new AppError('FORBIDDEN', MSG.semPermissao);
          data[entry.ownerColumn] = owner;
          if (entry.hooks?.beforeSave) data = await entry.hooks.beforeSave(tctx, data, { insert, me, existing });
          const dbValues = toDb(def.fields, Object.fromEntries(Object.entries(data).filter(([k]) => !virtual.has(k))));
          const [row] = insert
            ? await tx.insert(table).values(dbValues as never).returning()
            : await tx.update(table).set(dbValues as never).where(eq(idCol, existing![def.id])).returning();
          if (entry.hooks?.afterSave) await entry.hooks.afterSave(tctx, row as Row, data, { insert, me, existing });
          await audit(tctx.db, {
            codusuario: me.codusuario, acao: insert ? 'INSERIR' : 'ALTERAR', entidade: def.key, chave: (row as Row)[def.id] as number,
            // Declared, readable fields only: hooks may add columns (a password hash) that never go to the log.
            dados: Object.fromEntries(Object.entries(data).filter(([k]) => def.fields[k] && !def.fields[k].writeOnly)),
          });
          return (await answer(tctx, [row as Row]))[0]!;
        });
      },
    }),
  );

  /**
   * Delete and the declared actions share one shape: one call per selected row (values.editValues = the
   * row's key), a row the user may see, the work, one audit line.
   */
  function rowMutation(operation: string, acao: string, work: (ctx: Ctx, row: Row, me: SessionUser) => Promise<void>) {
    builder.mutationField(operation, (t) =>
      t.boolean({
        args: { values: t.arg({ type: types.keyValues, required: true }) },
        resolve: async (_r, { values }, ctx) => {
          const me = await authorize(ctx);
          const existing = await findVisible(ctx, me, (values.editValues as Row)[def.id]);
          if (!existing) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
          await work(ctx, existing, me);
          await audit(ctx.db, { codusuario: me.codusuario, acao, entidade: def.key, chave: existing[def.id] as number });
          return true;
        },
      }),
    );
  }

  if (def.ops.delete) {
    rowMutation(def.ops.delete, 'EXCLUIR', async (ctx, existing) => {
      try {
        await ctx.db.delete(table).where(eq(idCol, existing[def.id]));
      } catch (err) {
        const e = dbErrorCode(err);
        // The database's own words are kept: the client recognises the conflict and says it in pt-BR.
        if (e.code === FK_VIOLATION) throw new AppError('FK_CONFLICT', e.message ?? 'violates foreign key constraint');
        throw err;
      }
    });
  }

  for (const action of def.actions ?? []) {
    const run = entry.hooks?.actions?.[action.key];
    if (!run) throw new Error(`${def.key}: action ${action.key} has no server hook`);
    rowMutation(action.operation, action.key, run);
  }
}
