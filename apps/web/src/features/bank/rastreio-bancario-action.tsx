import { formatBRL, formatBusinessDate, MSG } from '@concilia/domain';
import { Alert, Box, LinearProgress, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import type { OpenActionComponent } from '../../registers/register-overrides';
import { RightDrawer } from '../../registers/drawers/right-drawer';

const given = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Conferência Bancária's 'Rastrear' (kind 'open'): the chosen row's trace in the right drawer — the sales the
 * settlement paid, their forecasts, the settlement and the bank posting, each with its date, amount and file — by the
 * row's settlement, or by its posting when no settlement explains it.
 */
export const RastreioBancarioAction: OpenActionComponent = ({ row, onClose }) => {
  const codlinha = given(row.codlinha) ? row.codlinha : null;
  const codlinhabanco = codlinha === null && given(row.codlinhabanco) ? row.codlinhabanco : null;
  const trace = useQuery({
    queryKey: ['getRastreioConferenciaBancaria', codlinha, codlinhabanco],
    queryFn: async () => (await call(OPS.getRastreioConferenciaBancaria, { codlinha, codlinhabanco })).getRastreioConferenciaBancaria,
    staleTime: 0,
    gcTime: 0,
  });
  const d = trace.data;
  return (
    <RightDrawer open title={MSG.conferenciaRastreioTitulo} subtitle={d?.resultadoLabel ?? undefined} onClose={onClose}>
      {trace.isFetching && <LinearProgress aria-label={MSG.processando} sx={{ mb: 2 }} />}
      {d && d.passos.length === 0 && <Alert severity="info">{MSG.conferenciaRastreioVazio}</Alert>}
      {d && d.passos.length > 0 && (
        <List aria-label={MSG.conferenciaRastreioTitulo} disablePadding>
          {d.passos.map((p) => (
            <ListItem key={p.id} divider disableGutters data-etapa={p.etapa} sx={{ display: 'block', py: 1 }}>
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography variant="subtitle2" component="h3">{p.titulo}</Typography>
                <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  <Typography variant="body2" component="span" sx={{ mr: 2 }}>{p.data ? formatBusinessDate(p.data) : ''}</Typography>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>{given(p.valor) ? formatBRL(p.valor) : ''}</Typography>
                </Box>
              </Stack>
              {p.detalhe && <Typography variant="body2" color="text.secondary">{p.detalhe}</Typography>}
              {p.arquivo && (
                <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {MSG.conferenciaPassoArquivo}: {p.arquivo}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {d && given(d.diferenca) && d.diferenca !== 0 && (
        <Typography variant="body2" sx={{ mt: 2 }}>{MSG.conferenciaDiferenca}: {formatBRL(d.diferenca)}</Typography>
      )}
    </RightDrawer>
  );
};
