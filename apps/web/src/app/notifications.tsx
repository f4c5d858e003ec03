import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getState, subscribe } from './store';

export type NotifyVariant = 'success' | 'warning' | 'error' | 'info';
type Note = { id: number; message: string; variant: NotifyVariant };
type Notify = (message: string, variant?: NotifyVariant) => void;

const NotifyContext = createContext<Notify>(() => {});

// The bar (MUI's Snackbar) loads with the first notification: the sign-in page does not carry it until then.
const NotificationBar = lazy(async () => ({ default: (await import('./notification-bar')).NotificationBar }));

/**
 * The notification bar, top right (spec part 1, Generic list screen), just below the top bar so it never
 * covers the bell, help, theme and user buttons.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Note[]>([]);
  const [used, setUsed] = useState(false);
  const notify = useCallback<Notify>((message, variant = 'info') => {
    setUsed(true);
    setQueue((q) => [...q, { id: Date.now() + Math.random(), message, variant }]);
  }, []);
  // What was said to a signed-out user (a missing bot check, a wrong password) is about the login page:
  // signing in or out drops it at that moment, so only what is raised afterwards follows into the next page.
  useEffect(() => {
    let authentication = getState().authentication;
    return subscribe(() => {
      if (getState().authentication === authentication) return;
      authentication = getState().authentication;
      setQueue([]);
    });
  }, []);
  const current = queue[0];
  const close = () => setQueue((q) => q.slice(1));
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {/* mounted from the first notification on, so that each later one plays its transitions */}
      {used ? (
        <Suspense fallback={null}>
          <NotificationBar current={current} onClose={close} />
        </Suspense>
      ) : null}
    </NotifyContext.Provider>
  );
}

export const useNotify = () => useContext(NotifyContext);

/** Stable helper for components that only need the function. */
export function useNotifier() {
  const notify = useNotify();
  return useMemo(() => ({
    success: (m: string) => notify(m, 'success'),
    warning: (m: string) => notify(m, 'warning'),
    error: (m: string) => notify(m, 'error'),
    info: (m: string) => notify(m, 'info'),
  }), [notify]);
}
