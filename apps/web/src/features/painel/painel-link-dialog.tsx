import { formatDateTime, MSG } from '@concilia/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { ConfirmDialog } from '../../registers/confirm-dialog';
import { copyText } from '../../lib/copy-text';

type Link = { url: string; expiraem: string };

/**
 * 'Gerar link do painel': a new link (getUrlPainel) that opens this panel without a password, read only, for
 * 24 hours — shown with Copiar, like Trocar senha's new password. 'Encerrar links' ends every link the user
 * made (encerrarUrlsPainel), this one included.
 */
export function PainelLinkDialog({ onClose }: { onClose: () => void }) {
  const notifier = useNotifier();
  const [link, setLink] = useState<Link | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let live = true;
    call(OPS.getUrlPainel).then(
      (r) => { if (live) setLink(r.getUrlPainel); },
      // the error rules already said why
      () => { if (live) onClose(); },
    );
    return () => { live = false; };
  }, [onClose]);

  const copiar = async () => {
    if (await copyText(link?.url ?? '')) notifier.success(MSG.painelLinkCopiado);
    else notifier.error(MSG.painelFalhaCopiar);
  };
  const encerrar = async () => {
    setConfirming(false);
    try {
      const n = (await call(OPS.encerrarUrlsPainel)).encerrarUrlsPainel;
      notifier.success(MSG.painelLinksEncerrados.replace('{n}', String(n)));
      onClose();
    } catch {
      // the error rules already said why
    }
  };

  if (confirming) return <ConfirmDialog open message={MSG.painelConfirmaEncerrar} onCancel={() => setConfirming(false)} onConfirm={encerrar} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby="painel-link-title" fullWidth maxWidth="sm">
      <DialogTitle id="painel-link-title">{MSG.painelLinkTitulo}</DialogTitle>
      <DialogContent>
        {link ? (
          <>
            <DialogContentText sx={{ mb: 2 }}>{MSG.painelLinkExplica.replace('{expira}', formatDateTime(link.expiraem))}</DialogContentText>
            <TextField
              label={MSG.painelLinkTitulo}
              value={link.url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'painel-link', onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
            />
          </>
        ) : (
          <LinearProgress aria-label={MSG.processando} />
        )}
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>{MSG.painelEncerrarLinks}</Button>
        <Button onClick={copiar} disabled={!link}>{MSG.painelCopiar}</Button>
        <Button onClick={onClose} variant="contained">{MSG.listaFechar}</Button>
      </DialogActions>
    </Dialog>
  );
}
