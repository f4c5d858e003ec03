import { formatDateTime, formatInteger, MSG } from '@concilia/domain';
import { Chip, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { RightDrawer } from '../../registers/drawers/right-drawer';
import { agendamentosKey, type AgendamentoRelatorio, type ExecucaoRelatorio, fetchHistorico } from './report-operations';

const STATUS: Record<string, { label: string; color: 'info' | 'success' | 'error' }> = {
  EXECUTANDO: { label: MSG.relatoriosStatusExecutando, color: 'info' },
  ENTREGUE: { label: MSG.relatoriosStatusEntregue, color: 'success' },
  ERRO: { label: MSG.relatoriosStatusErro, color: 'error' },
};

/** An execution's status as a coloured chip; a status the screen does not know is shown as the server says it. */
export function StatusChip({ status }: { status: string }) {
  const s = STATUS[status];
  return <Chip size="small" label={s?.label ?? status} color={s?.color ?? 'default'} variant="outlined" />;
}

/** Bytes in the unit a person reads: '850 B', '12,4 KB', '3,1 MB'. */
export function formatBytes(n: number | null): string {
  if (n === null || n === undefined) return '—';
  if (n < 1024) return `${n} B`;
  const kb = n / 1024;
  const fmt = (x: number) => x.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return kb < 1024 ? `${fmt(kb)} KB` : `${fmt(kb / 1024)} MB`;
}

/** 'Histórico': every execution of one schedule, newest first as the server answers them. */
export function HistoricoDrawer({ agendamento, onClose }: { agendamento: AgendamentoRelatorio; onClose: () => void }) {
  const historico = useQuery({
    queryKey: [...agendamentosKey, agendamento.codagendamento, 'historico'],
    queryFn: () => fetchHistorico(agendamento.codagendamento),
  });
  const rows: ExecucaoRelatorio[] = historico.data ?? [];
  const title = MSG.relatoriosHistoricoDe.replace('{titulo}', agendamento.titulo);
  return (
    <RightDrawer open title={title} subtitle={MSG.relatoriosHistorico} onClose={onClose} width={720}>
      {historico.isLoading ? <LinearProgress aria-label={MSG.processando} /> : null}
      {historico.isSuccess && rows.length === 0 ? <Typography color="text.secondary">{MSG.relatoriosHistoricoVazio}</Typography> : null}
      {rows.length > 0 ? (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{MSG.relatoriosColInicio}</TableCell>
                <TableCell>{MSG.relatoriosColTermino}</TableCell>
                <TableCell>{MSG.relatoriosColSituacao}</TableCell>
                <TableCell align="right">{MSG.relatoriosColLinhas}</TableCell>
                <TableCell align="right">{MSG.relatoriosColTamanho}</TableCell>
                <TableCell>{MSG.relatoriosColMensagem}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.codexecucao}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.iniciadoem)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.terminadoem ? formatDateTime(e.terminadoem) : '—'}</TableCell>
                  <TableCell><StatusChip status={e.status} /></TableCell>
                  <TableCell align="right">{e.linhas === null ? '—' : formatInteger(e.linhas)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatBytes(e.bytes)}</TableCell>
                  <TableCell>{e.mensagem ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </RightDrawer>
  );
}
