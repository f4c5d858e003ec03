import type { AnyRegisterDef, Bucket } from '@concilia/domain';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../features/auth/session.service';
import type { Ctx } from '../graphql/context';
import type { RowWindow } from './list-page';

export type Row = Record<string, unknown>;

/** What a save hook knows besides the values: insert or update, who saves, and the row as it was. */
export type SaveInfo = { insert: boolean; me: SessionUser; existing: Row | null };

/**
 * What the server adds to a domain declaration: the table that stores it, who may see which rows, and
 * the hooks for the rules a register has of its own. The generic mechanism does the rest.
 */
export type RegisterEntry = {
  def: AnyRegisterDef;
  /** the table of a register; a read-only screen over a query gives `source` instead */
  table?: PgTable;
  /**
   * rows from a query instead of `table` (read-only list screens over what the engines produced). Scoping
   * is the source's job: list and find answer only what `me` may see. `filter` is <T>Filter as sent, its
   * window already checked (windowError).
   */
  source?: {
    /** the rows of `window` (offset and limit, in a stable order) of the filter: list screens are paged (LIST_PAGE) */
    list(ctx: Ctx, me: SessionUser, filter: Row, window: RowWindow): Promise<Row[]>;
    /** how many rows the whole filter has (the list's <list>Total call) */
    count(ctx: Ctx, me: SessionUser, filter: Row): Promise<number>;
    /** the row of this key (the key fields as the client sends them), when `me` may see it */
    find(ctx: Ctx, me: SessionUser, key: Row): Promise<Row | null>;
  };
  /** rows the user may see and change: a condition over the table, usually the hierarchy subtree (table only) */
  visible?(me: SessionUser): SQL;
  /** the column naming the person a new row hangs from; set on insert and checked on every save (table only) */
  ownerColumn?: string;
  /**
   * the values `ownerColumn` may take for this user, as a sub-select (default: the user's subtree of persons).
   * A sublist's rows hang from a parent row instead (a contract from its plan): the parents the user may see.
   */
  ownerScope?(me: SessionUser): SQL;
  /** rows of the table that belong to this register (e.g. pessoas of tipo CLIENTE) */
  baseWhere?: SQL;
  /**
   * more list calls over the same rows, screen and scope, each narrowed by a condition computed per call
   * (e.g. getListarUsuariosExpirados: validade before today); they take the register's filter too
   */
  lists?: Record<string, { description: string; where(me: SessionUser): SQL }>;
  hooks?: {
    /**
     * fills or checks values before insert/update; throw an AppError to refuse. Gets virtual fields too and
     * may turn them into columns (a password into its hash); virtual fields are dropped after it runs.
     * Runs in the save's transaction, like afterSave.
     */
    beforeSave?(ctx: Ctx, values: Row, info: SaveInfo): Promise<Row> | Row;
    /**
     * stores what is not a column of the table (a 'references' field's join table). Runs in the save's
     * transaction: ctx.db is that transaction, and a throw undoes the whole save. `values` are what
     * beforeSave answered, virtual fields included.
     */
    afterSave?(ctx: Ctx, row: Row, values: Row, info: SaveInfo): Promise<void>;
    /**
     * writes what the form saved in place of the generic insert or update, in the save's transaction, and answers
     * the row the form stands for (a rate's ranges are one row each: the first one). Ownership and beforeSave
     * ran before it; afterSave and the audit line follow.
     */
    write?(ctx: Ctx, values: Row, info: SaveInfo): Promise<Row>;
    /** the server checks of each 'entry' items field (FieldDef.entry), by field name */
    entries?: Record<string, (ctx: Ctx, me: SessionUser, call: EntryCall) => Promise<EntryAnswer>>;
    /** the wizard's `prepare` call (RegisterDef.wizard.prepare): what the earlier steps' choice already holds */
    prepare?(ctx: Ctx, me: SessionUser, values: Row): Promise<EntryAnswer>;
    /** attaches virtual fields to rows read by list, get and save (one call per answer, not per row) */
    afterLoad?(ctx: Ctx, rows: Row[]): Promise<Row[]>;
    /**
     * virtual fields the list reads with its rows, in its own statement: each an SQL expression over the table's row
     * (a correlated subquery). afterLoad still runs and sees them on the rows (a list answer then needs no second read).
     */
    listColumns?(): Record<string, SQL>;
    /**
     * resolvers of the declaration's actions, by action key: a 'row' action's work, or a 'download' action's
     * download path (offerDownload in apps/server/src/downloads) for that row
     */
    actions?: Record<string, (ctx: Ctx, row: Row, me: SessionUser) => Promise<void | string>>;
    /** resolvers of 'filter' actions: one call with the screen's current filter */
    filterActions?: Record<string, (ctx: Ctx, filter: Row, me: SessionUser) => Promise<void>>;
    /** resolvers of 'export' actions: the download path (offerDownload) of a file of the whole current filter */
    exportActions?: Record<string, (ctx: Ctx, filter: Row, me: SessionUser) => Promise<string>>;
    /** resolvers of 'form' actions: one call with the action form's values, already checked by its schema */
    formActions?: Record<string, (ctx: Ctx, values: Row, me: SessionUser) => Promise<void>>;
    /** deletes a visible row in place of the generic table delete (a file goes with its lines and original) */
    remove?(ctx: Ctx, row: Row, me: SessionUser): Promise<void>;
    /**
     * before the generic table delete of `row`, in the delete's transaction: work that follows from it and needs
     * what the delete takes away (a plan's contracts go with it by cascade)
     */
    beforeDelete?(ctx: Ctx, row: Row, me: SessionUser): Promise<void>;
    /** the result cards of the current filter (def.buckets) */
    buckets?(ctx: Ctx, me: SessionUser, filter: Row): Promise<Bucket[]>;
  };
};

/**
 * One check of an 'entry' items field: `add` (or `addFlagged`, the flagged field set), `update` or `remove` of
 * `line` (its id in `codigo` for update and remove) against `list`, with the form's context fields.
 */
export type EntryCall = {
  op: 'add' | 'addFlagged' | 'update' | 'remove';
  line: Row;
  list: Row[];
  codigo: number | null;
  insert: boolean;
  context: Row;
};

/** What a check answers: the new list (or the same one) and, when refused or worth a warning, why. */
export type EntryAnswer = { mensagem: string | null; list: Row[]; taxas: string };
