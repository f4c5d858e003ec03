import { MSG } from '@concilia/domain';
import { CircularProgress, Dialog, DialogContent, Stack, Typography } from '@mui/material';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

export const PROCESSING_DELAY_MS = 500;

type Run = <T>(work: Promise<T>) => Promise<T>;
const ProcessingContext = createContext<Run>((w) => w);

/**
 * The blocking 'Estamos processando sua requisição...' dialog: shown only when an action takes longer
 * than 500 ms, so quick actions do not flash it.
 */
export function ProcessingProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pending = useRef(0);
  const run = useCallback<Run>(async (work) => {
    pending.current += 1;
    const timer = setTimeout(() => setOpen(true), PROCESSING_DELAY_MS);
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
      <Dialog open={open} aria-labelledby="processing-title">
        <DialogContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={28} />
            <Typography id="processing-title">{MSG.processando}</Typography>
          </Stack>
        </DialogContent>
      </Dialog>
    </ProcessingContext.Provider>
  );
}

export const useProcessing = () => useContext(ProcessingContext);
