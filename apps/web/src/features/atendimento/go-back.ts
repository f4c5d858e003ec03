import { ROUTES } from '@concilia/domain';
import type { NavigateFunction } from 'react-router';

/**
 * Returns to the page the user came from. Opened directly (a bookmark, a new tab) there is nothing inside
 * the app to go back to, so the home page replaces this one instead of leaving the app.
 */
export function goBack(navigate: NavigateFunction): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate(ROUTES.home.path, { replace: true });
}
