import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { NotificationBar as NotificationBarType } from './notification-bar';
import { getState, subscribe } from './store';

export type NotifyVariant = 'success' | 'warning' | 'error' | 'info';
type Note = { id: number; message: string; variant: NotifyVariant };
type Notify = (message: string, variant?: NotifyVariant) => void;

const NotifyContext = createContext<Notify>(() => {});
const NeedBarContext = createContext<() => void>(() => {});

// The bar (MUI's Snackbar) is its own chunk, out of the JavaScript the sign-in page loads. Every page drawn with MUI
// asks for it as it opens (LocalizedTheme), and once there it stays mounted: a notice raised just before the page
// changes (Logar shows its success for 600 ms, then the new session's home replaces the page) shows at once, with its
// transition. On the sign-in page the first notice fetches it, and shows when it arrives.
type Bar = typeof NotificationBarType;

/**
 * The notification bar, top right (spec part 1, Generic list screen), just below the top bar so it never
 * covers the bell, help, theme and user buttons.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Note[]>([]);
  const [bar, setBar] = useState<{ Bar: Bar } | null>(null);
  const [needed, setNeeded] = useState(false);
  const need = useCallback(() => setNeeded(true), []);
  const wanted = needed || queue.length > 0;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void import('./notification-bar').then((m) => live && setBar((b) => b ?? { Bar: m.NotificationBar }), () => {});
    return () => {
      live = false;
    };
  }, [wanted]);
  const notify = useCallback<Notify>((message, variant = 'info') => {
    setQueue((q) => [...q, { id: Date.now() + Math.random(), message, variant }]);
  }, []);
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
    <NeedBarContext.Provider value={need}>
      <NotifyContext.Provider value={notify}>
        {children}
        {bar ? <bar.Bar current={current} onClose={close} /> : null}
      </NotifyContext.Provider>
    </NeedBarContext.Provider>
  );
}

/** Asks for the notification bar's code ahead of the first notice (the pages drawn with MUI). */
export const useNotificationBarNeeded = () => useContext(NeedBarContext);

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
