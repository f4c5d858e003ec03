import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { ProcessingDialog as Dialog } from './processing-dialog';

export const PROCESSING_DELAY_MS = 500;

type Run = <T>(work: Promise<T>) => Promise<T>;
const ProcessingContext = createContext<Run>((w) => w);

// The dialog (and MUI's Modal with it) is fetched when the first action starts, well before its 500 ms are up:
// the sign-in page does not carry it.
let dialogModule: Promise<{ ProcessingDialog: typeof Dialog }> | undefined;
const loadDialog = () =>
  (dialogModule ??= import('./processing-dialog').catch((err: unknown) => {
    dialogModule = undefined; // tried again by the next action
    throw err;
  }));
const ProcessingDialog = lazy(async () => ({ default: (await loadDialog()).ProcessingDialog }));

/**
 * The blocking 'Estamos processando sua requisição...' dialog: shown only when an action takes longer
 * than 500 ms, so quick actions do not flash it.
 */
export function ProcessingProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // once shown, the dialog stays mounted so that closing it plays its transition
  const [shown, setShown] = useState(false);
  const pending = useRef(0);
  const run = useCallback<Run>(async (work) => {
    pending.current += 1;
    loadDialog().catch(() => {}); // fetched ahead; a failure shows when the dialog is needed
    const timer = setTimeout(() => {
      setShown(true);
      setOpen(true);
    }, PROCESSING_DELAY_MS);
    try {
      return await work;
    } finally {
      clearTimeout(timer);
      pending.current -= 1;
      if (pending.current === 0) setOpen(false);
    }
  }, []);
  return (
    <ProcessingContext.Provider value={run}>
      {children}
      {shown ? (
        <Suspense fallback={null}>
          <ProcessingDialog open={open} />
        </Suspense>
      ) : null}
    </ProcessingContext.Provider>
  );
}

export const useProcessing = () => useContext(ProcessingContext);
