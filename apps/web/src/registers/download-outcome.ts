import type { RegisterAction } from '@concilia/domain';

/**
 * The three outcomes of a download action (spec part 1 §8): every row fetched → the success text, some →
 * the partial warning, none → the failed warning. Pure, so the rule is tested without a browser.
 */
export function downloadOutcome(action: RegisterAction, ok: number, total: number): { variant: 'success' | 'warning'; message: string } {
  if (ok === total) return { variant: 'success', message: action.success };
  if (ok > 0) return { variant: 'warning', message: action.partial ?? action.failed ?? action.success };
  return { variant: 'warning', message: action.failed ?? action.partial ?? action.success };
}
