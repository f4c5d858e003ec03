import type { RegisterAction, AnyRegisterDef } from '@concilia/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNotifier } from '../app/notifications';
import { useProcessing } from '../app/processing';
import { runAction } from './register-api';
import type { Row } from './register-fields';

/**
 * A declared row action, once per selected row, behind the processing dialog. Failures are told by the
 * shell's error rules as they happen; the success text is the declaration's, shown when every row went.
 */
export function useRowAction(def: AnyRegisterDef) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const queryClient = useQueryClient();
  return async (action: RegisterAction, rows: Row[]): Promise<void> => {
    const results = await processing(Promise.allSettled(rows.map((r) => runAction(def, action, r))));
    if (results.every((r) => r.status === 'fulfilled')) notifier.success(action.success);
    await queryClient.invalidateQueries({ queryKey: ['register', def.key, 'list'] });
  };
}
