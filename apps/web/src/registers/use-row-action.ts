import type { RegisterAction, AnyRegisterDef } from '@concilia/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNotifier } from '../app/notifications';
import { useProcessing } from '../app/processing';
import { downloadOutcome } from './download-outcome';
import { runAction, runDownload, runExport, runFilterAction } from './register-api';
import type { Row } from './register-fields';
import { startDownload } from './start-download';

/**
 * A declared action behind the processing dialog. A row action runs once per selected row: failures are
 * told by the shell's error rules as they happen, and the success text is the declaration's, shown when
 * every row went. A download action asks a path per row and lets the browser fetch each, then says one of
 * its three outcomes. A filter action is one call over the current filter.
 */
export function useRowAction(def: AnyRegisterDef) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const queryClient = useQueryClient();
  return async (action: RegisterAction, rows: Row[], filter: Row | null = null): Promise<void> => {
    if (action.kind === 'download') {
      const results = await processing(Promise.allSettled(rows.map((r) => runDownload(def, action, r))));
      const paths = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      for (const path of paths) startDownload(path);
      const outcome = downloadOutcome(action, paths.length, rows.length);
      notifier[outcome.variant](outcome.message);
      return;
    }
    if (action.kind === 'export') {
      try {
        startDownload(await processing(runExport(def, action, filter ?? {})));
        notifier.success(action.success);
      } catch {
        // the shell's error rules have told the user why
      }
      return;
    }
    if (action.kind === 'filter') {
      try {
        if (await processing(runFilterAction(def, action, filter ?? {}))) notifier.success(action.success);
      } catch {
        // the shell's error rules have told the user why
      }
    } else {
      const results = await processing(Promise.allSettled(rows.map((r) => runAction(def, action, r))));
      if (results.every((r) => r.status === 'fulfilled')) notifier.success(action.success);
    }
    await queryClient.invalidateQueries({ queryKey: ['register', def.key] });
    if (action.settlesLater) void askAgain(() => queryClient.invalidateQueries({ queryKey: ['register', def.key] }));
  };
}

/** After an action the server ends in the background: ask again after 1, 2, 4, 8 and 16 s (about half a minute). */
async function askAgain(refresh: () => Promise<unknown>, delays: readonly number[] = SETTLE_DELAYS_MS): Promise<void> {
  for (const ms of delays) {
    await new Promise((ok) => setTimeout(ok, ms));
    await refresh();
  }
}

const SETTLE_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000] as const;
