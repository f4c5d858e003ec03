import { MSG } from '@concilia/domain';
import { Box, Button, Container, Drawer, LinearProgress, Stack, Typography } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';

type Props = {
  title: string;
  open: boolean;
  searching: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the filter's fields */
  children: ReactNode;
};

/**
 * The top filter drawer of spec part 1 (list screens and the dashboard): a progress bar while searching, the
 * screen's title, the fields, 'Fechar' and 'Filtrar'. It stays mounted while closed, so the filter the user
 * typed is still there when it opens again.
 */
export function TopFilterDrawer({ title, open, searching, onClose, onSubmit, children }: Props) {
  return (
    <Drawer
      anchor="top"
      open={open}
      onClose={onClose}
      keepMounted
      // above the shell's top bar, which sits over the (docked) menu drawer
      sx={(theme) => ({ zIndex: theme.zIndex.modal })}
      slotProps={{ paper: { role: 'dialog', 'aria-label': MSG.listaAbrirFiltro } }}
    >
      {searching ? <LinearProgress /> : <Box sx={{ height: 4 }} />}
      <Container maxWidth="lg" sx={{ py: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>{title}</Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          {children}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={onClose}>{MSG.listaFechar}</Button>
            <Button type="submit" variant="contained" disabled={searching}>{MSG.listaFiltrar}</Button>
          </Stack>
        </Box>
      </Container>
    </Drawer>
  );
}
