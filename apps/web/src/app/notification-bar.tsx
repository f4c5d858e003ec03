import { MSG } from '@concilia/domain';
import { Alert, Snackbar } from '@mui/material';
import type { NotifyVariant } from './notifications';
import { AppThemeProvider } from './theme/app-theme';

type Props = { current: { id: number; message: string; variant: NotifyVariant } | undefined; onClose: () => void };

/**
 * The notification bar of NotificationsProvider (its own chunk, see there). Above the routes, it brings its own
 * theme, and names its close button itself: the pt-BR locale (LocalizedTheme) does not reach it.
 */
export function NotificationBar({ current, onClose }: Props) {
  return (
    <AppThemeProvider>
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
    </AppThemeProvider>
  );
}
