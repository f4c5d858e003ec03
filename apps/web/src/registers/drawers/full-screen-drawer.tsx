import { MSG } from '@concilia/domain';
import Close from '@mui/icons-material/Close';
import { AppBar, Box, Dialog, IconButton, Slide, Toolbar, Typography } from '@mui/material';
import type { TransitionProps } from '@mui/material/transitions';
import { forwardRef, type ReactElement, type ReactNode } from 'react';

const SlideUp = forwardRef(function SlideUp(props: TransitionProps & { children: ReactElement }, ref) {
  return <Slide direction="up" ref={ref} {...props} />;
});

type Props = { open: boolean; title: string; onClose: () => void; actions?: ReactNode; children: ReactNode };

/**
 * The full-screen drawer of the generic screens (sublists such as a plan's contracts and rates): it
 * slides up over the page with its own bar, title and close button.
 */
export function FullScreenDrawer({ open, title, onClose, actions, children }: Props) {
  return (
    <Dialog fullScreen open={open} onClose={onClose} slots={{ transition: SlideUp }} aria-labelledby="full-screen-drawer-title">
      <AppBar position="sticky" color="primary" enableColorOnDark>
        <Toolbar>
          <IconButton edge="start" color="inherit" aria-label={MSG.listaFechar} onClick={onClose}>
            <Close />
          </IconButton>
          <Typography id="full-screen-drawer-title" variant="h6" component="h2" sx={{ ml: 2, flexGrow: 1 }}>
            {title}
          </Typography>
          {actions}
        </Toolbar>
      </AppBar>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>{children}</Box>
    </Dialog>
  );
}
