import { DOCUMENTO_NOME_MAX, DOCUMENTO_TIPOS, DOCUMENTO_UPLOAD, fileAccepted, formatDateTime, megabytes, MSG } from '@concilia/domain';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert, Box, Button, LinearProgress, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call, gqlWithFiles } from '../../lib/api-client';
import { documentText, type ResultOf } from '../../lib/graphql';
import { OPS } from '../../lib/operations';
import { RightDrawer } from '../../registers/drawers/right-drawer';
import type { OpenActionComponent } from '../../registers/register-overrides';
import { startDownload } from '../../registers/start-download';
import { showServerError } from '../auth/server-errors';


type Documento = ResultOf<typeof OPS.estabelecimentoDownload>['estabelecimentoDownload'][number];


const tamanho = (n: number) => (n >= 1_000_000 ? megabytes(n) : `${(n / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`);

function statusText(d: Documento): { text: string; color: 'warning.main' | 'success.main' | 'error.main' } {
  if (d.status === 'APROVADO') return { text: MSG.documentoStatusAprovado, color: 'success.main' };
  if (d.status === 'REJEITADO') return { text: MSG.documentoStatusRejeitado.replace('{motivo}', d.motivo ?? ''), color: 'error.main' };
  return { text: MSG.documentoStatusPendente, color: 'warning.main' };
}

/** One document, silent like the forms' saves: the drawer puts the answer's errors where they belong. */
const sendDocument = (variables: { codestabelecimento: number; type: string; name: string | null }, file: File) =>
  gqlWithFiles(documentText(OPS.uploadDocsEstabelecimento), variables, [['file', file]]);

/**
 * Documentos on Estabelecimentos (spec part 2 §7): the establishment's registration documents — type, name, size and
 * where the check stands (the refusal's reason) — each with Baixar; and, while the establishment takes documents
 * (canUpload), the upload: the type, an optional name and up to DOCUMENTO_UPLOAD.maxFiles files, each checked
 * here as the server will (size and type) before it is sent, one request per file.
 */
export const DocumentosAction: OpenActionComponent = ({ def, row, onClose }) => {
  const codestabelecimento = Number(row.codestabelecimento);
  const notifier = useNotifier();
  const processing = useProcessing();
  const client = useQueryClient();
  const docs = useQuery({
    queryKey: ['documentosEstabelecimento', codestabelecimento],
    queryFn: async () => (await call(OPS.estabelecimentoDownload, { codestabelecimento })).estabelecimentoDownload,
    gcTime: 0,
  });
  const aceita = useQuery({
    queryKey: ['documentosEstabelecimento', codestabelecimento, 'canUpload'],
    queryFn: async () => (await call(OPS.canUpload, { codestabelecimento })).canUpload,
    gcTime: 0,
  });
  const [tipo, setTipo] = useState('');
  const [nome, setNome] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [erros, setErros] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const escolher = useRef<HTMLLabelElement>(null);
  const wasBusy = useRef(false);
  // Enviar is disabled while sending, which drops the keyboard focus to the page: give it back inside the drawer,
  // so Tab and Escape keep working
  useEffect(() => {
    if (wasBusy.current && !busy) escolher.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const pick = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    // more than allowed refuses the choice (spec part 2 §5), as Enviar Arquivos does
    if (chosen.length > DOCUMENTO_UPLOAD.maxFiles) {
      setFiles([]);
      setRefused([MSG.uploadLimite.replace('{n}', String(DOCUMENTO_UPLOAD.maxFiles))]);
      return;
    }
    setFiles(chosen.filter((f) => fileAccepted(DOCUMENTO_UPLOAD, f)));
    setRefused(chosen.filter((f) => !fileAccepted(DOCUMENTO_UPLOAD, f)).map((f) => `${f.name}: ${MSG.uploadInvalido}`));
  };

  const enviar = async () => {
    if (!tipo) {
      setErros({ type: MSG.documentoTipoInvalido });
      return;
    }
    setErros({});
    setBusy(true);
    let sent = 0;
    const left: File[] = [];
    try {
      for (const [i, file] of files.entries()) {
        // one typed name for several files would name them all alike: they are told apart by their order
        const name = nome.trim() && files.length > 1 ? `${nome.trim()} (${i + 1})` : nome.trim() || null;
        try {
          await processing(sendDocument({ codestabelecimento, type: tipo, name }, file));
          sent++;
        } catch (err) {
          left.push(file);
          showServerError(err, {
            fields: ['type', 'name'],
            setError: (f: string, e: { message?: string }) => setErros((old) => ({ ...old, [f]: e.message })),
            warn: (m) => notifier.warning(files.length > 1 ? `${file.name}: ${m}` : m),
          });
        }
      }
    } finally {
      setBusy(false);
    }
    // what was refused stays chosen, so the merchant can fix the type or the name and send it again
    setFiles(left);
    if (sent > 0) {
      notifier.success(MSG.documentoEnviado);
      if (!left.length) setNome('');
    }
    await client.invalidateQueries({ queryKey: ['documentosEstabelecimento', codestabelecimento] });
  };

  const baixar = async (d: Documento) => {
    try {
      startDownload(await processing(call(OPS.baixarArquivoEstabelecimento, { coddocumento: d.coddocumento }).then((r) => r.baixarArquivoEstabelecimento)));
    } catch {
      // the shell's error rules have told the user why
    }
  };

  const subtitle = [row.codexterno, row.nome].filter((v) => v !== null && v !== undefined && v !== '').map(String).join(' — ');
  return (
    <RightDrawer open title={MSG.documentos} subtitle={subtitle} onClose={onClose} width={def.drawerWidth}>
      {docs.isPending || aceita.isPending ? <LinearProgress /> : null}
      {docs.data ? (
        docs.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>{MSG.documentoNenhum}</Typography>
        ) : (
          <List dense disablePadding aria-label={MSG.documentos}>
            {docs.data.map((d) => {
              const st = statusText(d);
              return (
                <ListItem key={d.coddocumento} disableGutters divider data-testid="documento" secondaryAction={
                  <Button size="small" onClick={() => void baixar(d)}>{MSG.documentoBaixar}</Button>
                }>
                  <ListItemText
                    sx={{ pr: 8 }}
                    primary={d.nome}
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {`${d.tipoDescricao} · ${tamanho(d.tamanho)} · ${MSG.documentoEnviadoEm.replace('{data}', formatDateTime(d.enviadoem))}`}
                        </Box>
                        <Box component="span" sx={{ display: 'block', color: st.color, fontWeight: 500 }} data-testid="documento-status">{st.text}</Box>
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )
      ) : null}
      {aceita.data === false ? <Alert severity="info" sx={{ mt: 2 }}>{MSG.documentoNaoAceito}</Alert> : null}
      {aceita.data ? (
        <Box component="section" aria-labelledby="documento-enviar-titulo" sx={{ mt: 3 }}>
          <Typography id="documento-enviar-titulo" variant="subtitle1" component="h3" sx={{ mb: 2 }}>{MSG.documentoEnviar}</Typography>
          <Stack spacing={2}>
            <TextField
              select required label={MSG.documentoTipo} value={tipo} disabled={busy} size="small"
              onChange={(e) => { setTipo(e.target.value); setErros((old) => ({ ...old, type: undefined })); }}
              error={!!erros.type} helperText={erros.type ?? ' '}
            >
              <MenuItem value="" disabled>{MSG.campoSelecione}</MenuItem>
              {DOCUMENTO_TIPOS.map((t) => <MenuItem key={t.code} value={t.code}>{t.label}</MenuItem>)}
            </TextField>
            <TextField
              label={MSG.documentoNome} value={nome} disabled={busy} size="small"
              onChange={(e) => { setNome(e.target.value); setErros((old) => ({ ...old, name: undefined })); }}
              error={!!erros.name} helperText={erros.name ?? MSG.documentoNomeAjuda} slotProps={{ htmlInput: { maxLength: DOCUMENTO_NOME_MAX } }}
            />
            <Box>
              <Button ref={escolher} variant="outlined" component="label" startIcon={<UploadFile />} disabled={busy}>
                {MSG.uploadEscolher}
                <input
                  ref={input} type="file" multiple hidden data-testid="documento-input" accept={DOCUMENTO_UPLOAD.accept.join(',')}
                  onChange={(e) => pick(e.target.files)}
                />
              </Button>
              {files.length > 0 ? (
                <Typography variant="body2" sx={{ mt: 1 }} data-testid="documento-escolhidos">
                  {files.map((f) => `${f.name} (${tamanho(f.size)})`).join(', ')}
                </Typography>
              ) : null}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {MSG.uploadLimites.replace('{n}', String(DOCUMENTO_UPLOAD.maxFiles)).replace('{max}', megabytes(DOCUMENTO_UPLOAD.maxBytes))}
              </Typography>
            </Box>
            {refused.map((e) => <Alert key={e} severity="warning">{e}</Alert>)}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button variant="contained" onClick={() => void enviar()} disabled={busy || files.length === 0}>{MSG.documentoEnviar}</Button>
            </Box>
          </Stack>
        </Box>
      ) : null}
    </RightDrawer>
  );
};
