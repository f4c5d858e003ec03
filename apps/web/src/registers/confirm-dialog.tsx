import { MSG } from '@concilia/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

type Props = { open: boolean; message: string; onCancel: () => void; onConfirm: () => void };

/** The 'Atenção' confirmation of the generic screens, with Cancelar and Ok. */
export function ConfirmDialog({ open, message, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{MSG.listaAtencao}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{MSG.listaCancelar}</Button>
        <Button onClick={onConfirm} variant="contained" autoFocus>{MSG.listaOk}</Button>
      </DialogActions>
    </Dialog>
  );
}
