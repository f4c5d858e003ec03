import { type AnyRegisterDef, type Bucket, LIST_CSV_MAX_ROWS, LIST_PAGE, type ListPage as ListPageArg, listTotalOperation, type RegisterAction } from '@concilia/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql, gqlWithFiles } from '../lib/api-client';
import { chosenFiles } from './form-values';
import { keyOf, type Row } from './register-fields';
import {
  actionDocument, bucketsDocument, deleteDocument, getDocument, listDocument, saveDocument,
} from './register-operations';

/**
 * The calls of a register screen. Lists go through react-query so a delete can drop rows from the cached
 * answer; mutations are plain calls. Form and delete calls are silent: the screen puts their errors where
 * the user looks (beside a field, or in one summary) instead of one notification per failure.
 */
/** The rows a read-only screen asks for (use-list-pages.ts); the other registers answer their whole list. */
export type ListPage = ListPageArg | null;
/** What a list call answers: the rows shown and how many the whole filter has (the pager's count). */
export type ListAnswer = { rows: Row[]; total: number };

export const listKey = (def: AnyRegisterDef, search: Row | null, page: ListPage = null) => ['register', def.key, 'list', search, page] as const;

export async function fetchList(def: AnyRegisterDef, search: Row, page: ListPage = null, opts: { count?: boolean } = {}): Promise<ListAnswer> {
  const vars = page ? { values: search, pagina: page, ...(opts.count === false ? { contar: false } : {}) } : { values: search };
  const data = await gql<Record<string, Row[] | number>>(listDocument(def), vars);
  const rows = (data[def.ops.list] as Row[] | undefined) ?? [];
  return { rows, total: def.readOnly ? Number(data[listTotalOperation(def)] ?? rows.length) : rows.length };
}

/**
 * Every row of a search the server pages (for 'Download CSV'), asked LIST_PAGE.max at a time, up to
 * LIST_CSV_MAX_ROWS; `total` is the whole search's count (asked with the first page only), so a cut list is known
 * to be one.
 */
export async function fetchWholeList(def: AnyRegisterDef, search: Row): Promise<ListAnswer> {
  const rows: Row[] = [];
  let total: number | null = null;
  for (;;) {
    const answer = await fetchList(def, search, { inicio: rows.length, tamanho: LIST_PAGE.max }, { count: total === null });
    total ??= answer.total;
    rows.push(...answer.rows.slice(0, LIST_CSV_MAX_ROWS - rows.length));
    // the last page (a short one: the search may have shrunk while it was read), or as many rows as are written
    if (answer.rows.length < LIST_PAGE.max || rows.length >= Math.min(total, LIST_CSV_MAX_ROWS)) return { rows, total };
  }
}

/** The list (or the page of it) for the current search; null means "not searched yet" (skipInitialSearch). */
export function useRegisterList(def: AnyRegisterDef, search: Row | null, page: ListPage = null) {
  return useQuery({
    queryKey: listKey(def, search, page),
    queryFn: () => fetchList(def, search ?? {}, page),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (pending(def, query.state.data?.rows) ? REFRESH_MS : false),
  });
}

const REFRESH_MS = 2000;

/** A listed row whose work still runs on the server (RegisterDef.refreshWhile). */
export function pending(def: AnyRegisterDef, rows: readonly Row[] | undefined): boolean {
  const w = def.refreshWhile;
  return !!w && !!rows?.some((r) => w.values.includes(String(r[w.field])));
}

export async function fetchRow(def: AnyRegisterDef, row: Row): Promise<Row | null> {
  const data = await gql<Record<string, Row | null>>(getDocument(def), { values: { editValues: keyOf(def, row) } });
  return data[def.ops.get!] ?? null;
}

export async function saveRow(def: AnyRegisterDef, editValues: Row, opts: { insert: boolean; searchValues: Row | null }): Promise<Row> {
  const values = { editValues, searchValues: opts.searchValues, insert: opts.insert };
  const files = chosenFiles(def, editValues);
  const data = files.length
    ? await gqlWithFiles<Record<string, Row>>(saveDocument(def), { values }, files.map(([name, file]) => [`values.editValues.${name}`, file]))
    : await gql<Record<string, Row>>(saveDocument(def), { values }, { silent: true });
  return data[def.ops.save!]!;
}

export async function deleteRow(def: AnyRegisterDef, row: Row): Promise<boolean> {
  const data = await gql<Record<string, boolean>>(deleteDocument(def), { values: { editValues: keyOf(def, row) } }, { silent: true });
  return data[def.ops.delete!] === true;
}

export async function runAction(def: AnyRegisterDef, action: RegisterAction, row: Row): Promise<boolean> {
  const data = await gql<Record<string, boolean>>(actionDocument(def, action), { values: { editValues: keyOf(def, row) } });
  return data[action.operation] === true;
}

/** A download action for one row: the path the server offers the file at. */
export async function runDownload(def: AnyRegisterDef, action: RegisterAction, row: Row): Promise<string> {
  const data = await gql<Record<string, string>>(actionDocument(def, action), { values: { editValues: keyOf(def, row) } }, { silent: true });
  const path = data[action.operation];
  if (!path) throw new Error(`${action.operation} answered no path`);
  return path;
}

/** A filter action: one call over the screen's current filter. */
export async function runFilterAction(def: AnyRegisterDef, action: RegisterAction, filter: Row): Promise<boolean> {
  const data = await gql<Record<string, boolean>>(actionDocument(def, action), { values: filter });
  return data[action.operation] === true;
}

/** An 'export' action: the download path of a file with every row of the current filter. */
export async function runExport(def: AnyRegisterDef, action: RegisterAction, filter: Row): Promise<string> {
  const data = await gql<Record<string, string>>(actionDocument(def, action), { values: filter });
  return data[action.operation]!;
}

export const bucketsKey = (def: AnyRegisterDef, search: Row | null) => ['register', def.key, 'buckets', search] as const;

/** The result cards of the current search; off for screens that declare none. */
export function useBuckets(def: AnyRegisterDef, search: Row | null) {
  return useQuery({
    queryKey: bucketsKey(def, search),
    queryFn: async () => (await gql<Record<string, Bucket[]>>(bucketsDocument(def), { values: search }))[def.buckets!.operation] ?? [],
    enabled: !!def.buckets && search !== null,
    placeholderData: keepPreviousData,
  });
}

export { useOptionList, useOptionLists } from './option-lists';
