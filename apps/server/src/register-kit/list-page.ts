import { LIST_PAGE, type ListPage, MSG } from '@concilia/domain';
import { builder } from '../graphql/builder';
import { AppError } from '../graphql/errors';

/**
 * Pages of the lists that can be long (LIST_PAGE in the domain): the ticket search, the import list, the
 * file screens. A source query takes `{ offset, limit }` and the page answer is checked here, so every paged
 * call behaves alike: a page asked for is answered as asked; no page asked for answers the whole result when
 * it fits in LIST_PAGE.max rows and otherwise says to ask for a page — the old search stopped at 5,000 rows
 * without a word.
 */

export const PaginaInput = builder.inputType('PaginaInput', {
  description: `A page of a long list: rows to skip and rows of the page (1 to ${LIST_PAGE.max}). The list's <operation>Total call counts the whole filter.`,
  fields: (t) => ({
    inicio: t.int({ required: true, description: 'rows of the filter to skip (0 = the first page)' }),
    tamanho: t.int({ required: true, description: `rows of the page, 1 to ${LIST_PAGE.max}` }),
  }),
});

/** The rows a source reads: `limit` is one more than a page when none was asked for, to tell "more" from "all". */
export type RowWindow = { offset: number; limit: number };

export type PageRequest = RowWindow & { asked: boolean };

export function pageRequest(pagina: ListPage | null | undefined): PageRequest {
  if (!pagina) return { offset: 0, limit: LIST_PAGE.max + 1, asked: false };
  const { inicio, tamanho } = pagina;
  if (!Number.isSafeInteger(inicio) || inicio < 0 || !Number.isSafeInteger(tamanho) || tamanho < 1 || tamanho > LIST_PAGE.max) {
    throw new AppError('BAD_USER_INPUT', MSG.paginaInvalida.replace('{max}', String(LIST_PAGE.max)));
  }
  return { offset: inicio, limit: tamanho, asked: true };
}

/** The rows of the answer: as read for a page asked for; all of them, or the error, when none was. */
export function pageRows<T>(page: PageRequest, rows: T[]): T[] {
  if (!page.asked && rows.length > LIST_PAGE.max) throw new AppError('BAD_USER_INPUT', MSG.paginaNecessaria.replace('{max}', String(LIST_PAGE.max)));
  return rows;
}
