import { MSG } from '@concilia/domain';
import Close from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Right drawer width of spec part 1 §9 (the master-user list asks for 260). */
export const RIGHT_DRAWER_WIDTH = 500;

type Props = { open: boolean; title: string; subtitle?: string; onClose: () => void; width?: number; children: ReactNode };

/** The side panel forms open in; full width on a phone. */
export function RightDrawer({ open, title, subtitle, onClose, width = RIGHT_DRAWER_WIDTH, children }: Props) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // above the shell's top bar, which sits over the (docked) menu drawer
      sx={(theme) => ({ zIndex: theme.zIndex.modal })}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: width } }, role: 'dialog', 'aria-label': title } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ flexGrow: 1 }}>
          {subtitle ? <Typography variant="overline" sx={{ color: 'text.secondary' }}>{subtitle}</Typography> : null}
          <Typography variant="h6" component="h2">{title}</Typography>
        </Box>
        <IconButton aria-label={MSG.listaFechar} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Box sx={{ p: 2, overflowY: 'auto', flexGrow: 1 }}>{children}</Box>
    </Drawer>
  );
}
