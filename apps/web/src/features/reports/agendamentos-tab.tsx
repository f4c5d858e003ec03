import { describeFrequency, formatBusinessDate, formatDateTime, MSG } from '@concilia/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import History from '@mui/icons-material/History';
import {
  Box, Button, Card, Chip, IconButton, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { ConfirmDialog } from '../../registers/confirm-dialog';
import { HistoricoDrawer, StatusChip } from './historico-drawer';
import { agendamentosKey, type AgendamentoRelatorio, deleteAgendamento, fetchAgendamento, fetchAgendamentos } from './report-operations';

type Props = {
  /** Novo: the schedule form for a new one */
  onNovo: () => void;
  /** Editar: the schedule form with the schedule as the server has it now */
  onEditar: (a: AgendamentoRelatorio) => void;
};

/** The list of the user's schedules (getAgendamentosRelatorios); Novo, and per row Editar, Histórico and Excluir. */
export function AgendamentosTab({ onNovo, onEditar }: Props) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const queryClient = useQueryClient();
  const lista = useQuery({ queryKey: agendamentosKey, queryFn: fetchAgendamentos });
  const [historico, setHistorico] = useState<AgendamentoRelatorio | null>(null);
  const [excluir, setExcluir] = useState<AgendamentoRelatorio | null>(null);
  const rows = lista.data ?? [];

  const editar = async (a: AgendamentoRelatorio) => {
    try {
      // the list may be minutes old: the form opens on what is stored now
      const atual = await processing(fetchAgendamento(a.codagendamento));
      if (atual) onEditar(atual);
      else void queryClient.invalidateQueries({ queryKey: agendamentosKey });
    } catch {
      // the API client already told the user why
    }
  };

  const confirmarExclusao = async () => {
    const a = excluir;
    setExcluir(null);
    if (!a) return;
    try {
      await processing(deleteAgendamento(a.codagendamento));
      notifier.success(MSG.relatoriosAgendamentoExcluido);
    } catch {
      // the API client already told the user why
    } finally {
      await queryClient.invalidateQueries({ queryKey: agendamentosKey });
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<Add />} onClick={onNovo}>{MSG.relatoriosNovo}</Button>
      </Stack>
      <Card variant="outlined">
        {lista.isFetching ? <LinearProgress aria-label={MSG.processando} /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          {/* seven columns beside the docked menu at 1366 px: narrow cell padding, long values wrap or stack */}
          <Table size="small" aria-label={MSG.relatoriosAbaAgendamentos} sx={{ '& th, & td': { px: 1, verticalAlign: 'top' }, '& th:first-of-type, & td:first-of-type': { pl: 2 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{MSG.relatoriosColRelatorio}</TableCell>
                <TableCell>{MSG.relatoriosColFrequencia}</TableCell>
                <TableCell>{MSG.relatoriosFormato}</TableCell>
                <TableCell>{MSG.relatoriosColEmails}</TableCell>
                <TableCell>{MSG.relatoriosColProxima}</TableCell>
                <TableCell>{MSG.relatoriosColUltima}</TableCell>
                <TableCell align="right">{MSG.listaAcoes}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((a) => (
                <TableRow key={a.codagendamento} hover>
                  <TableCell sx={{ minWidth: 140 }}>
                    {a.titulo}
                    {a.ativo ? null : <Chip size="small" label={MSG.relatoriosInativo} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    {describeFrequency(a)}
                    {a.validade ? (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {MSG.relatoriosValidoAte.replace('{data}', formatBusinessDate(a.validade))}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.formato.toUpperCase()}</TableCell>
                  <TableCell sx={{ maxWidth: 200 }}>
                    {/* one address a line; a long one is cut with its whole text on hover */}
                    {a.emails.map((e, i) => (
                      <Box key={e} title={e} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{e}{i < a.emails.length - 1 ? ',' : ''}</Box>
                    ))}
                  </TableCell>
                  <TableCell sx={{ minWidth: 84 }}>{a.ativo && a.proximaexecucao ? formatDateTime(a.proximaexecucao) : MSG.relatoriosSemProxima}</TableCell>
                  <TableCell sx={{ minWidth: 150 }}><UltimaExecucao a={a} /></TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={MSG.listaEditar}>
                      <IconButton size="small" aria-label={`${MSG.listaEditar} ${a.titulo}`} onClick={() => void editar(a)}><Edit fontSize="small" /></IconButton>
                    </Tooltip>
                    <Tooltip title={MSG.relatoriosHistorico}>
                      <IconButton size="small" aria-label={`${MSG.relatoriosHistorico} ${a.titulo}`} onClick={() => setHistorico(a)}><History fontSize="small" /></IconButton>
                    </Tooltip>
                    <Tooltip title={MSG.relatoriosExcluir}>
                      <IconButton size="small" aria-label={`${MSG.relatoriosExcluir} ${a.titulo}`} onClick={() => setExcluir(a)}><DeleteOutline fontSize="small" /></IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {lista.isSuccess && rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>{MSG.relatoriosSemAgendamentos}</Typography>
        ) : null}
      </Card>
      {historico ? <HistoricoDrawer agendamento={historico} onClose={() => setHistorico(null)} /> : null}
      <ConfirmDialog open={!!excluir} message={MSG.listaConfirmaExcluirUm} onCancel={() => setExcluir(null)} onConfirm={() => void confirmarExclusao()} />
    </Stack>
  );
}

function UltimaExecucao({ a }: { a: AgendamentoRelatorio }) {
  const u = a.ultimaexecucao;
  if (!u) return <Typography variant="body2" color="text.secondary">{MSG.relatoriosNuncaExecutado}</Typography>;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <StatusChip status={u.status} />
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(u.iniciadoem)}</Typography>
      </Stack>
      {u.mensagem ? <Typography variant="caption">{u.mensagem}</Typography> : null}
    </Stack>
  );
}
