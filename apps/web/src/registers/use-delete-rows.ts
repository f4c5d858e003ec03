import { MSG, type AnyRegisterDef } from '@concilia/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNotifier } from '../app/notifications';
import { useProcessing } from '../app/processing';
import { showServerError } from '../features/auth/server-errors';
import { deleteRow, type ListAnswer, listKey, type ListPage } from './register-api';
import { rowIdOf, type Row } from './register-fields';
import { reloadPage } from './reload-page';

/** Spec part 1 §9: the page reloads 6.5 s after a partial delete, although the message says 5 seconds. */
export const RELOAD_AFTER_PARTIAL_DELETE_MS = 6500;

/**
 * The delete flow of spec part 2 §4: one call per selected row; the rows that went are dropped from the
 * cached list; all gone → success, some left → warning and a reload to show the truth, none gone → the
 * reason (a dependency, usually) as a warning.
 */
export function useDeleteRows(def: AnyRegisterDef, search: Row | null, page: ListPage = null) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const queryClient = useQueryClient();

  return async (rows: Row[]): Promise<void> => {
    const results = await processing(Promise.allSettled(rows.map((r) => deleteRow(def, r))));
    const gone = new Set(rows.filter((_r, i) => results[i]!.status === 'fulfilled').map((r) => rowIdOf(def, r)));
    if (gone.size > 0) {
      queryClient.setQueryData<ListAnswer>(listKey(def, search, page), (old) => old && {
        rows: old.rows.filter((r) => !gone.has(rowIdOf(def, r))),
        total: old.total - gone.size,
      });
      // other searches of this register may hold the rows too: refetch them when next shown
      void queryClient.invalidateQueries({ queryKey: ['register', def.key, 'list'], refetchType: 'none' });
    }
    if (gone.size === rows.length) {
      notifier.success(MSG.listaExcluidos);
    } else if (gone.size > 0) {
      notifier.warning(MSG.listaExclusaoParcial);
      setTimeout(reloadPage, RELOAD_AFTER_PARTIAL_DELETE_MS);
    } else {
      const first = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      showServerError(first?.reason, { fields: [], setError: () => {}, warn: notifier.warning });
    }
  };
}
