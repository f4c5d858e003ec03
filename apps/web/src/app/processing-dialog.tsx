import { MSG } from '@concilia/domain';
import { CircularProgress, Dialog, DialogContent, Stack, Typography } from '@mui/material';
import { AppThemeProvider } from './theme/app-theme';

/** The blocking 'Estamos processando sua requisição...' dialog of ProcessingProvider (its own chunk, with Modal and its theme). */
export function ProcessingDialog({ open }: { open: boolean }) {
  return (
    <AppThemeProvider>
      <Dialog open={open} aria-labelledby="processing-title">
        <DialogContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={28} />
            <Typography id="processing-title">{MSG.processando}</Typography>
          </Stack>
        </DialogContent>
      </Dialog>
    </AppThemeProvider>
  );
}
