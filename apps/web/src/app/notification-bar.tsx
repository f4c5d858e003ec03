import { MSG } from '@concilia/domain';
import { Alert, Snackbar } from '@mui/material';
import type { NotifyVariant } from './notifications';

type Props = { current: { id: number; message: string; variant: NotifyVariant } | undefined; onClose: () => void };

/**
 * The notification bar of NotificationsProvider (its own chunk, fetched after the first paint). It names its
 * close button itself: it is above the routes, out of reach of the pt-BR locale (LocalizedTheme).
 */
export function NotificationBar({ current, onClose }: Props) {
  return (
    <Snackbar
      key={current?.id}
      open={!!current}
      autoHideDuration={6000}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      // the top bar is a Toolbar: 56 px on phones, 64 px from sm up; 8 px below it
      sx={{ top: { xs: 64, sm: 72 } }}
    >
      {current ? (
        <Alert severity={current.variant} variant="filled" onClose={onClose} closeText={MSG.dialogoFechar} sx={{ width: '100%' }} data-testid="notification">
          {current.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
