import { formatDateTime, MSG } from '@concilia/domain';
import Add from '@mui/icons-material/Add';
import Block from '@mui/icons-material/Block';
import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Alert, Box, Button, Card, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, LinearProgress, MenuItem, Stack, Table, TableBody,
  TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { copyText } from '../../lib/copy-text';
import type { ResultOf } from '../../lib/graphql';
import { OPS } from '../../lib/operations';
import { ConfirmDialog } from '../../registers/confirm-dialog';
import { useOptionList } from '../../registers/register-api';

type Chave = ResultOf<typeof OPS.listarChavesApiIntegrador>['listarChavesApiIntegrador'][number];
const chavesKey = ['integracao', 'chavesApi'] as const;
const NOME_MAX = 60;

/**
 * The integrator API's keys (issue 20): a client's administrator creates one per system that sends sales
 * (docs/integrador-api.md) and revokes it when that system stops or the key leaks. The key is shown once, when
 * created — the server keeps only its hash — so the dialog says so and offers to copy it.
 */
export function ChavesApiTab() {
  const notifier = useNotifier();
  const processing = useProcessing();
  const queryClient = useQueryClient();
  const lista = useQuery({ queryKey: chavesKey, queryFn: async () => (await call(OPS.listarChavesApiIntegrador, {})).listarChavesApiIntegrador });
  const [nova, setNova] = useState(false);
  const [criada, setCriada] = useState<string | null>(null);
  const [revogar, setRevogar] = useState<Chave | null>(null);
  const rows = lista.data ?? [];

  const confirmarRevogacao = async () => {
    const c = revogar;
    setRevogar(null);
    if (!c) return;
    try {
      await processing(call(OPS.revogarChaveApiIntegrador, { codchave: c.codchave }));
      notifier.success(MSG.integracaoChaveRevogada);
    } catch {
      // the API client already told the user why
    } finally {
      await queryClient.invalidateQueries({ queryKey: chavesKey });
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>{MSG.integracaoChavesTitulo}</Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setNova(true)}>{MSG.integracaoChaveNova}</Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">{MSG.integracaoChavesAjuda}</Typography>
      <Card variant="outlined">
        {lista.isFetching ? <LinearProgress aria-label={MSG.processando} /> : <Box sx={{ height: 4 }} />}
        <TableContainer>
          <Table size="small" aria-label={MSG.integracaoChavesTitulo}>
            <TableHead>
              <TableRow>
                <TableCell>{MSG.integracaoChaveCliente}</TableCell>
                <TableCell>{MSG.integracaoChaveNome}</TableCell>
                <TableCell>{MSG.integracaoChavePrefixo}</TableCell>
                <TableCell>{MSG.integracaoChaveCriadaEm}</TableCell>
                <TableCell>{MSG.integracaoChaveUltimoUso}</TableCell>
                <TableCell align="right">{MSG.listaAcoes}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.codchave} hover data-testid="chave-api">
                  <TableCell>{c.cliente}</TableCell>
                  <TableCell>
                    {c.nome}
                    {c.revogadaem ? <Chip size="small" label={MSG.integracaoChaveRevogadaEm.replace('{data}', formatDateTime(c.revogadaem))} sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{`${c.prefixo}…`}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.criadoem)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.ultimousoem ? formatDateTime(c.ultimousoem) : MSG.integracaoChaveNuncaUsada}</TableCell>
                  <TableCell align="right">
                    {c.revogadaem ? null : (
                      <Tooltip title={MSG.integracaoChaveRevogar}>
                        <IconButton size="small" aria-label={`${MSG.integracaoChaveRevogar} ${c.nome}`} onClick={() => setRevogar(c)}><Block fontSize="small" /></IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {lista.isSuccess && rows.length === 0 ? <Typography color="text.secondary" sx={{ p: 2 }}>{MSG.integracaoChavesNenhuma}</Typography> : null}
      </Card>
      {nova ? (
        <NovaChaveDialog
          onClose={() => setNova(false)}
          onCreated={(chave) => {
            setNova(false);
            setCriada(chave);
            void queryClient.invalidateQueries({ queryKey: chavesKey });
          }}
        />
      ) : null}
      {criada ? <ChaveCriadaDialog chave={criada} onClose={() => setCriada(null)} /> : null}
      <ConfirmDialog open={!!revogar} message={MSG.integracaoChaveConfirmaRevogar} onCancel={() => setRevogar(null)} onConfirm={() => void confirmarRevogacao()} />
    </Stack>
  );
}

function NovaChaveDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (chave: string) => void }) {
  const processing = useProcessing();
  const clientes = useOptionList('listarItensClientes');
  const [codpessoa, setCodpessoa] = useState('');
  const [nome, setNome] = useState('');
  const [erros, setErros] = useState<{ codpessoa?: string; nome?: string }>({});
  const unico = clientes.data?.length === 1 ? String(clientes.data[0]!.valor) : '';
  const escolhido = codpessoa || unico;

  const criar = async () => {
    const e = { codpessoa: escolhido ? undefined : MSG.integracaoChaveClienteObrigatorio, nome: nome.trim() ? undefined : MSG.integradorChaveNomeObrigatorio };
    setErros(e);
    if (e.codpessoa || e.nome) return;
    try {
      const r = await processing(call(OPS.criarChaveApiIntegrador, { codpessoa: Number(escolhido), nome: nome.trim() }));
      onCreated(r.criarChaveApiIntegrador.chave);
    } catch {
      // the API client already told the user why
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="nova-chave-titulo">
      <DialogTitle id="nova-chave-titulo">{MSG.integracaoChaveNova}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select required label={MSG.integracaoChaveCliente} value={escolhido} size="small"
            onChange={(ev) => setCodpessoa(ev.target.value)} error={!!erros.codpessoa} helperText={erros.codpessoa ?? ' '}
          >
            {(clientes.data ?? []).map((o) => <MenuItem key={String(o.valor)} value={String(o.valor)}>{o.label}</MenuItem>)}
          </TextField>
          <TextField
            required label={MSG.integracaoChaveNome} value={nome} size="small" onChange={(ev) => setNome(ev.target.value)}
            error={!!erros.nome} helperText={erros.nome ?? MSG.integracaoChaveNomeAjuda} slotProps={{ htmlInput: { maxLength: NOME_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{MSG.listaCancelar}</Button>
        <Button variant="contained" onClick={() => void criar()}>{MSG.integracaoChaveCriar}</Button>
      </DialogActions>
    </Dialog>
  );
}

function ChaveCriadaDialog({ chave, onClose }: { chave: string; onClose: () => void }) {
  const notifier = useNotifier();
  const copiar = async () => {
    if (await copyText(chave)) notifier.success(MSG.integracaoChaveCopiada);
    else notifier.warning(MSG.integracaoChaveFalhaCopiar);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="chave-criada-titulo">
      <DialogTitle id="chave-criada-titulo">{MSG.integracaoChaveCriadaTitulo}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>{MSG.integracaoChaveUmaVez}</Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField value={chave} size="small" fullWidth label={MSG.integracaoChave} slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'chave-criada', style: { fontFamily: 'monospace' } } }} />
          <Tooltip title={MSG.integracaoChaveCopiar}>
            <IconButton aria-label={MSG.integracaoChaveCopiar} onClick={() => void copiar()}><ContentCopy /></IconButton>
          </Tooltip>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{MSG.listaFechar}</Button>
      </DialogActions>
    </Dialog>
  );
}
