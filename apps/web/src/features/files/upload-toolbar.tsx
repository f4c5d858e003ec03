import { type AnyRegisterDef, FILE_STATUS, type FileStatus, MSG, UPLOAD_LIMITS } from '@concilia/domain';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { gql } from '../../lib/api-client';
import { useOptionList } from '../../registers/register-api';
import { listDocument } from '../../registers/register-operations';
import { sendFile } from './send-file';
import { checkUploads, isFinalStatus, megabytes } from './upload-rules';

type Item = {
  name: string;
  phase: 'enviando' | 'processando' | 'fim';
  sent: number;
  codarquivo?: number;
  status?: string;
  mensagem?: string | null;
};

const POLL_MS = 1000;

const uploadLabel = (it: Item) => (it.phase === 'enviando' ? MSG.uploadEnviando : MSG.uploadEnviado);
const processLabel = (it: Item) => (it.phase === 'fim' ? MSG.uploadConcluido : MSG.uploadProcessando);

/**
 * The upload of Manutenção de Arquivos (its registry Toolbar): pick up to 3 files of up to 3,000,000 bytes,
 * optionally the Unidade Conciliadora that owns them, and send them one at a time. Each file shows a bar
 * for its upload, then one for its processing, asking the file's status until it is final (loaded or
 * error, with the file's message). Larger files go through the operators' inbox folder or CLI (README), which
 * a merchant cannot use, so the dialog does not mention them.
 */
export function UploadToolbar({ def, onChanged }: { def: AnyRegisterDef; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [unidade, setUnidade] = useState<string>('');
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const units = useOptionList(open ? 'listarItensUnidadesConciliadoras' : undefined);
  const input = useRef<HTMLInputElement>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const update = (i: number, patch: Partial<Item>) => alive.current && setItems((old) => old.map((it, j) => (j === i ? { ...it, ...patch } : it)));

  const pick = (list: FileList | null) => {
    const { accepted, errors: refused } = checkUploads(Array.from(list ?? []));
    setFiles(accepted);
    setErrors(refused);
    setItems([]);
  };

  async function statusOf(codarquivo: number): Promise<{ status: string; mensagem: string | null } | null> {
    const data = await gql<Record<string, { status: string; mensagem: string | null }[]>>(listDocument(def), { values: { codarquivo } });
    return data[def.ops.list]?.[0] ?? null;
  }

  const send = async () => {
    setBusy(true);
    setItems(files.map((f) => ({ name: f.name, phase: 'enviando', sent: 0 })));
    const codpessoa = unidade ? Number(unidade) : null;
    for (const [i, file] of files.entries()) {
      try {
        const r = await sendFile(file, codpessoa, (sent) => update(i, { sent }));
        update(i, { phase: isFinalStatus(r.status) ? 'fim' : 'processando', codarquivo: r.codarquivo, status: r.status, mensagem: r.mensagem });
        let status = r.status;
        while (alive.current && !isFinalStatus(status)) {
          await new Promise((ok) => setTimeout(ok, POLL_MS));
          const now = await statusOf(r.codarquivo);
          if (!now) break;
          status = now.status;
          update(i, { status: now.status, mensagem: now.mensagem, phase: isFinalStatus(now.status) ? 'fim' : 'processando' });
        }
      } catch (err) {
        update(i, { phase: 'fim', status: 'ERRO', mensagem: err instanceof Error ? err.message : String(err) });
      }
      onChanged();
    }
    setFiles([]);
    if (input.current) input.current.value = '';
    setBusy(false);
  };

  return (
    <>
      <Button startIcon={<UploadFile />} onClick={() => setOpen(true)} sx={{ mr: 1 }} data-print-hide>{MSG.uploadEnviar}</Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{MSG.uploadTitulo}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label={MSG.uploadUnidade} value={unidade} onChange={(e) => setUnidade(e.target.value)} disabled={busy}>
              <MenuItem value="">{MSG.campoSelecione}</MenuItem>
              {(units.data ?? []).map((o) => <MenuItem key={o.valor} value={o.valor}>{o.label}</MenuItem>)}
            </TextField>
            <Box>
              <Button variant="outlined" component="label" disabled={busy}>
                {MSG.uploadEscolher}
                <input ref={input} type="file" multiple hidden data-testid="upload-input" onChange={(e) => pick(e.target.files)} />
              </Button>
              {files.length > 0 ? <Typography variant="body2" sx={{ mt: 1 }}>{files.map((f) => f.name).join(', ')}</Typography> : null}
            </Box>
            {errors.map((e) => <Alert key={e} severity="warning">{e}</Alert>)}
            {/* what the merchant can do here; the operators' ways for larger files are in the README */}
            <Typography variant="body2" color="text.secondary">
              {MSG.uploadLimites.replace('{n}', String(UPLOAD_LIMITS.maxFiles)).replace('{max}', megabytes(UPLOAD_LIMITS.maxBytes))}
            </Typography>
            {items.map((it) => (
              <Box key={it.name} data-testid="upload-item">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{it.name}</Typography>
                {/* each label says where the file is now: no 'Enviando' once it is sent, no 'Processando' once final */}
                <Typography variant="caption" color="text.secondary" data-testid="upload-phase">{uploadLabel(it)}</Typography>
                <LinearProgress variant="determinate" value={Math.round(it.sent * 100)} aria-label={`${uploadLabel(it)} ${it.name}`} />
                <Typography variant="caption" color="text.secondary">
                  {processLabel(it)}: <span data-testid="upload-status">{it.status ? FILE_STATUS[it.status as FileStatus] ?? it.status : '—'}</span>
                </Typography>
                <LinearProgress
                  variant={it.phase === 'processando' ? 'indeterminate' : 'determinate'}
                  value={it.phase === 'fim' ? 100 : 0}
                  color={it.status === 'ERRO' ? 'error' : it.status === 'PROCESSADO_AVISOS' ? 'warning' : 'primary'}
                  aria-label={`${processLabel(it)} ${it.name}`}
                />
                {it.mensagem ? <Alert severity={it.status === 'ERRO' ? 'error' : it.status === 'PROCESSADO_AVISOS' ? 'warning' : 'info'} sx={{ mt: 1 }} data-testid="upload-message">{it.mensagem}</Alert> : null}
              </Box>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>{MSG.uploadFechar}</Button>
          <Button variant="contained" onClick={() => void send()} disabled={busy || files.length === 0}>{MSG.uploadEnviar}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
