import { formatBRL, formatBusinessDate, MSG, type TicketLine } from '@concilia/domain';
import Delete from '@mui/icons-material/Delete';
import { Button, Card, CardContent, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';

/** The side list of Incluir Ticket: the tickets added so far, each removable, and Salvar. */
export function TicketEntryList({ lines, onRemove, onSave }: { lines: readonly TicketLine[]; onRemove: (i: number) => void; onSave: () => void }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2">Tickets ({lines.length})</Typography>
        <List dense aria-label="Tickets adicionados">
          {lines.map((l, i) => (
            <ListItem
              key={`${i}-${l.autorizacao}`}
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={`${MSG.listaDeletar} ${l.autorizacao}`} onClick={() => onRemove(i)}>
                  <Delete />
                </IconButton>
              }
            >
              <ListItemText
                primary={`Aut. ${l.autorizacao}${l.nsu ? ` · NSU ${l.nsu}` : ''}`}
                secondary={`${formatBusinessDate(l.datavenda)} · ${l.quantidadeParcelas}x${l.valor !== null ? ` · ${formatBRL(l.valor)}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
        <Button fullWidth variant="contained" disabled={!lines.length} onClick={onSave}>{MSG.listaSalvar}</Button>
      </CardContent>
    </Card>
  );
}
