import { type AnyRegisterDef, LIST_PAGE } from '@concilia/domain';
import type { MRT_PaginationState } from 'material-react-table';
import { useCallback, useState } from 'react';
import type { ListAnswer, ListPage } from './register-api';
import { PAGE_SIZE } from './table/register-table';

/** Everything of a filter that fits in one answer of the server. */
const WHOLE: ListPage = { inicio: 0, tamanho: LIST_PAGE.max };

/**
 * Which rows a read-only screen asks the server for (LIST_PAGE). A filter whose rows fit in one answer comes
 * whole, and the table pages, sorts and searches it in the browser; a longer one is asked for page by page
 * (MRT's manual pagination, counted by the server's total), as the ticket search of a busy month needs. The
 * registers that edit hold their whole list.
 */
export function useListPages(def: AnyRegisterDef) {
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });
  const [serverPages, setServerPages] = useState(false);
  const pageAt = (pageIndex: number): ListPage =>
    !def.readOnly ? null : serverPages ? { inicio: pageIndex * pagination.pageSize, tamanho: pagination.pageSize } : WHOLE;
  /** an answer says whether its filter fits in one answer */
  const answered = useCallback((a: ListAnswer | undefined) => {
    if (def.readOnly && a) setServerPages(a.total > LIST_PAGE.max);
  }, [def.readOnly]);
  return {
    /** the rows shown now */
    page: pageAt(pagination.pageIndex),
    /** the rows a new search starts with */
    firstPage: pageAt(0),
    pagination,
    setPagination,
    serverPages,
    answered,
    /** a new search shows its first page */
    restart: () => setPagination((p) => ({ ...p, pageIndex: 0 })),
  };
}
