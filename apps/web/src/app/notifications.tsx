import { Alert, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type NotifyVariant = 'success' | 'warning' | 'error' | 'info';
type Note = { id: number; message: string; variant: NotifyVariant };
type Notify = (message: string, variant?: NotifyVariant) => void;

const NotifyContext = createContext<Notify>(() => {});

/** The notification bar, top right (spec part 1, Generic list screen). */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Note[]>([]);
  const notify = useCallback<Notify>((message, variant = 'info') => {
    setQueue((q) => [...q, { id: Date.now() + Math.random(), message, variant }]);
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
