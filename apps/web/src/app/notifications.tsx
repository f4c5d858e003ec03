import { Alert, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getState, subscribe } from './store';

export type NotifyVariant = 'success' | 'warning' | 'error' | 'info';
type Note = { id: number; message: string; variant: NotifyVariant };
type Notify = (message: string, variant?: NotifyVariant) => void;

const NotifyContext = createContext<Notify>(() => {});

/**
 * The notification bar, top right (spec part 1, Generic list screen), just below the top bar so it never
 * covers the bell, help, theme and user buttons.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Note[]>([]);
  const notify = useCallback<Notify>((message, variant = 'info') => {
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
      <Snackbar
        key={current?.id}
        open={!!current}
        autoHideDuration={6000}
        onClose={(_e, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        // the top bar is a Toolbar: 56 px on phones, 64 px from sm up; 8 px below it
        sx={{ top: { xs: 64, sm: 72 } }}
      >
        {current ? (
          <Alert severity={current.variant} variant="filled" onClose={close} sx={{ width: '100%' }} data-testid="notification">
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
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
