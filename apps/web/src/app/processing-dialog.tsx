import { MSG } from '@concilia/domain';
import { CircularProgress, Dialog, DialogContent, Stack, Typography } from '@mui/material';

/** The blocking 'Estamos processando sua requisição...' dialog of ProcessingProvider (its own chunk, with Modal). */
export function ProcessingDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} aria-labelledby="processing-title">
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={28} />
          <Typography id="processing-title">{MSG.processando}</Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
