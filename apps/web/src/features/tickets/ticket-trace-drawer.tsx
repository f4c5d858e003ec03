import { MSG, TRACE_GROUPS, type TraceLine } from '@concilia/domain';
import { LinearProgress, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { FullScreenDrawer } from '../../registers/drawers/full-screen-drawer';
import { TraceTable } from './trace-table';

type Props = { ticketId: string | null; onClose: () => void };

/**
 * Rastreabilidade do Ticket (spec part 1 "File and ticket screens" 6): a full-screen drawer with every table of
 * the ticket's trace. Reprocessar / Deletar act on the file of the row; a failure only stops the spinner
 * (spec §8), a success says so and reads the trace again.
 */
export function TicketTraceDrawer({ ticketId, onClose }: Props) {
  const key = ['detalharTicket', ticketId];
  const trace = useQuery({
    queryKey: key,
    queryFn: async () => (await call(OPS.detalharTicket, { id: ticketId! })).detalharTicket,
    enabled: !!ticketId,
    // read afresh at every opening: a trace kept from before a disregard/reconsider would show the old state
    staleTime: 0,
    gcTime: 0,
  });
  const queryClient = useQueryClient();
  const notifier = useNotifier();
  const processing = useProcessing();

  const act = async (op: 'reprocessarTicket' | 'deletarTicket', l: TraceLine) => {
    try {
      const vars = { codarquivo: l.codarquivo, tipo: l.tipo };
      const done = op === 'reprocessarTicket'
        ? (await processing(call(OPS.reprocessarTicket, vars, { silent: true }))).reprocessarTicket
        : (await processing(call(OPS.deletarTicket, vars, { silent: true }))).deletarTicket;
      if (!done) return;
      notifier.success(MSG.operacaoSucesso);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      // spec §8: a failed single action only stops the spinner
    }
  };

  return (
    <FullScreenDrawer open={!!ticketId} title={MSG.ticketRastreabilidade} onClose={onClose}>
      {trace.isFetching && <LinearProgress sx={{ mb: 2 }} />}
      {trace.data && (
        <Stack spacing={3}>
          {TRACE_GROUPS.map((g) => (
            <TraceTable
              key={g.key}
              title={g.title}
              lines={trace.data[g.key]}
              marketplace={g.key === 'marketplace'}
              onReprocess={(l) => void act('reprocessarTicket', l)}
              onDelete={(l) => void act('deletarTicket', l)}
            />
          ))}
        </Stack>
      )}
    </FullScreenDrawer>
  );
}
