import { MSG } from '@concilia/domain';
import { Alert, Button, LinearProgress, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { ConfirmDialog } from '../../registers/confirm-dialog';
import { RightDrawer } from '../../registers/drawers/right-drawer';
import type { OpenActionComponent } from '../../registers/register-overrides';
import { startDownload } from '../../registers/start-download';

/**
 * The invoice actions of Faturamento Movimento (spec part 2 §2.2, §4 "Invoice actions"): Visualizar Nota and
 * Pré visualizar Nota (with Processar) in right drawers; Reenv. email, Reenv. nota and Aceitar run at once on
 * the selected rows. Each action is one call per row of faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota;
 * the processing indicator keeps the buttons out of reach while one runs, and the list is asked again after.
 */

type Operacao = 'reenviarEmail' | 'reenviarNota' | 'aceitar' | 'processar';
const SUCCESS: Record<Operacao, string> = {
  reenviarEmail: MSG.notaEmailReenviado, reenviarNota: MSG.notaReenviada, aceitar: MSG.notaAceita, processar: MSG.notaProcessada,
};

/** Runs one operation on every row; says the spec's success when all went (failures were told as they came). */
function useOperacao(defKey: string) {
  const notifier = useNotifier();
  const processing = useProcessing();
  const queryClient = useQueryClient();
  return async (operacao: Operacao, rows: Record<string, unknown>[]) => {
    const results = await processing(Promise.allSettled(rows.map((r) =>
      call(OPS.faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota, { values: { chave: String(r.chave), operacao } }))));
    if (results.every((r) => r.status === 'fulfilled')) notifier.success(SUCCESS[operacao]);
    await queryClient.invalidateQueries({ queryKey: ['register', defKey] });
  };
}

/** Visualizar Nota: the invoice's state, number, protocol and the provider's message (500 characters, 7 rows). */
export const VisualizarNotaAction: OpenActionComponent = ({ def, row, onClose }) => {
  const chave = String(row.chave);
  const nota = useQuery({ queryKey: ['getInfoNota', chave], queryFn: async () => (await call(OPS.getInfoNota, { values: { chave } })).getInfoNota, gcTime: 0 });
  const n = nota.data;
  return (
    <RightDrawer open title={MSG.notaVisualizar} subtitle={String(row.nome ?? '')} onClose={onClose} width={def.drawerWidth}>
      {nota.isPending ? <LinearProgress /> : null}
      {n ? (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Situação" value={n.status} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Número da Nota" value={n.numeronota ?? ''} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Protocolo" value={n.protocolo ?? ''} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Mensagem" value={n.mensagem ?? ''} multiline rows={7} slotProps={{ input: { readOnly: true }, htmlInput: { maxLength: 500 } }} />
        </Stack>
      ) : null}
    </RightDrawer>
  );
};

/** Pré visualizar Nota: each selected movement's DANFSE as it will be issued, and Processar to issue them. */
export const PreVisualizarNotaAction: OpenActionComponent = ({ def, rows, onClose }) => {
  const run = useOperacao(def.key);
  const processing = useProcessing();
  const [busy, setBusy] = useState(false);
  const abrir = async (chave: string) => {
    try {
      startDownload(await processing(call(OPS.previsualizarNota, { values: { chave } }).then((r) => r.previsualizarNota)));
    } catch {
      // the shell's error rules have told the user why
    }
  };
  const processar = async () => {
    setBusy(true);
    try {
      await run('processar', rows);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <RightDrawer open title={MSG.notaPreVisualizar} onClose={onClose} width={def.drawerWidth}>
      <Alert severity="info" sx={{ mb: 2 }}>{MSG.notaPreviaAviso}</Alert>
      <List dense disablePadding aria-label={MSG.notaPreVisualizar}>
        {rows.map((r) => (
          <ListItem key={String(r.chave)} disableGutters divider secondaryAction={
            <Button size="small" onClick={() => void abrir(String(r.chave))} disabled={busy}>PDF</Button>
          }>
            <ListItemText primary={String(r.nome ?? '')} secondary={`${String(r.filtrode ?? '')} — ${String(r.filtroate ?? '')}`} />
          </ListItem>
        ))}
      </List>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" onClick={() => void processar()} disabled={busy}>{MSG.notaProcessar}</Button>
      </Stack>
    </RightDrawer>
  );
};

/** An action with nothing to show: it runs on the selected rows as soon as it is picked (after a confirmation when asked). */
function immediate(operacao: Operacao, confirm?: string): OpenActionComponent {
  return function NotaOperacao({ def, rows, onClose }) {
    const run = useOperacao(def.key);
    const [asking, setAsking] = useState(!!confirm);
    const started = useRef(false);
    useEffect(() => {
      if (asking || started.current) return;
      started.current = true;
      void run(operacao, rows).finally(onClose);
    }, [asking, run, rows, onClose]);
    return confirm ? <ConfirmDialog open={asking} message={confirm} onCancel={onClose} onConfirm={() => setAsking(false)} /> : null;
  };
}

export const ReenviarEmailAction = immediate('reenviarEmail');
export const ReenviarNotaAction = immediate('reenviarNota');
export const AceitarNotaAction = immediate('aceitar', MSG.notaAceitarConfirma);
