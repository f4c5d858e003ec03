import { formatBusinessDate, formatDateTime, formatInteger, INTEGRACAO_TIPOS, MSG } from '@concilia/domain';
import {
  Button, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { RightDrawer } from '../../registers/drawers/right-drawer';
import type { OpenActionComponent } from '../../registers/register-overrides';
import { formatBytes, StatusChip } from '../reports/historico-drawer';

/**
 * Agendamentos' 'Histórico': each business day's file of the schedule (getExecucoesIntegracao), newest first — how
 * it ended, after how many attempts, and the server's pt-BR reason when it failed — with 'Reenviar' to send a day
 * again (the ERP lost it, or the client fixed its server). While a day is being sent the list asks again.
 */
export const HistoricoIntegracaoAction: OpenActionComponent = ({ row, onClose }) => {
  const codagendamentointegracao = Number(row.codagendamentointegracao);
  const notifier = useNotifier();
  const processing = useProcessing();
  const queryClient = useQueryClient();
  const key = ['integracao', 'execucoes', codagendamentointegracao];
  const execucoes = useQuery({
    queryKey: key,
    queryFn: async () => (await call(OPS.getExecucoesIntegracao, { codagendamentointegracao })).getExecucoesIntegracao,
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'EXECUTANDO') ? 3000 : false),
    gcTime: 0,
  });
  const rows = execucoes.data ?? [];
  const tipo = INTEGRACAO_TIPOS.find((t) => t.valor === row.tipo)?.label ?? String(row.tipo ?? '');
  const title = MSG.integracaoHistoricoDe.replace('{titulo}', tipo);

  const reenviar = async (codexecucao: number) => {
    try {
      await processing(call(OPS.reenviarExecucaoIntegracao, { codexecucao }));
      notifier.success(MSG.integracaoReenviarSucesso);
    } catch {
      // the API client already told the user why
    } finally {
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };

  return (
    <RightDrawer open title={title} subtitle={MSG.integracaoHistorico} onClose={onClose} width={940}>
      {execucoes.isLoading ? <LinearProgress aria-label={MSG.processando} /> : null}
      {execucoes.isSuccess && rows.length === 0 ? <Typography color="text.secondary">{MSG.integracaoHistoricoVazio}</Typography> : null}
      {rows.length > 0 ? (
        <TableContainer>
          <Table size="small" aria-label={title} sx={{ '& td': { verticalAlign: 'top', px: 1 }, '& th': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{MSG.integracaoColDia}</TableCell>
                <TableCell>{MSG.relatoriosColSituacao}</TableCell>
                <TableCell align="right">{MSG.integracaoColTentativas}</TableCell>
                <TableCell>{MSG.integracaoColArquivo}</TableCell>
                <TableCell align="right">{MSG.relatoriosColLinhas}</TableCell>
                <TableCell align="right">{MSG.relatoriosColTamanho}</TableCell>
                <TableCell>{MSG.relatoriosColTermino}</TableCell>
                <TableCell align="right">{MSG.listaAcoes}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => (
                // the day's message (what was sent, or why not) on a line of its own under the day: it is the longest text
                <Fragment key={e.codexecucao}>
                  <TableRow data-testid="execucao-integracao" sx={e.mensagem ? { '& td': { borderBottom: 0 } } : undefined}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatBusinessDate(e.datamovimento)}</TableCell>
                    <TableCell><StatusChip status={e.status} /></TableCell>
                    <TableCell align="right">{e.tentativas}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.arquivo ?? '—'}</TableCell>
                    <TableCell align="right">{e.linhas === null ? '—' : formatInteger(e.linhas)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatBytes(e.bytes)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.terminadoem ? formatDateTime(e.terminadoem) : '—'}</TableCell>
                    <TableCell align="right">
                      {e.status === 'EXECUTANDO' ? null : (
                        <Button size="small" onClick={() => void reenviar(e.codexecucao)} aria-label={`${MSG.integracaoReenviar} ${formatBusinessDate(e.datamovimento)}`}>
                          {MSG.integracaoReenviar}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                  {e.mensagem ? (
                    <TableRow>
                      <TableCell colSpan={8} sx={{ pt: 0, color: e.status === 'ERRO' ? 'error.main' : 'text.secondary' }}>
                        <Typography variant="body2" component="span" data-testid="execucao-mensagem">{e.mensagem}</Typography>
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </RightDrawer>
  );
};
