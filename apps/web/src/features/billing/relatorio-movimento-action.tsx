import { MSG, RELATORIO_FORMATOS, RELATORIO_MOVIMENTO_TIPOS } from '@concilia/domain';
import {
  Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack,
} from '@mui/material';
import { useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import type { OpenActionComponent } from '../../registers/register-overrides';
import { startDownload } from '../../registers/start-download';

/**
 * Gerar Relatório on Movimentos Fechados: the report type (Analítico / Sintético) and the file (PDF or a
 * spreadsheet), then one gerarRelatorioMovimentosFechados per selected movement, each file downloaded.
 */
export const RelatorioMovimentoAction: OpenActionComponent = ({ rows, onClose }) => {
  const notifier = useNotifier();
  const processing = useProcessing();
  const [tipo, setTipo] = useState<string>(RELATORIO_MOVIMENTO_TIPOS[0].valor);
  const [formato, setFormato] = useState<string>(RELATORIO_FORMATOS[0].valor);
  const gerar = async () => {
    onClose();
    const results = await processing(Promise.allSettled(rows.map((r) => call(OPS.gerarRelatorioMovimentosFechados, {
      values: {
        chave: String(r.chave), datainclusao: String(r.datainclusao ?? ''), filtrode: String(r.filtrode ?? ''), filtroate: String(r.filtroate ?? ''), tipo, formato,
      },
    }))));
    const paths = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.gerarRelatorioMovimentosFechados] : []));
    for (const path of paths) startDownload(path);
    if (paths.length === rows.length) notifier.success(MSG.movimentoRelatorioGerado);
    else if (paths.length) notifier.warning(MSG.movimentoRelatorioParcial);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="relatorio-movimento-title">
      <DialogTitle id="relatorio-movimento-title">{MSG.movimentoRelatorio}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl>
            <FormLabel id="relatorio-tipo">Tipo</FormLabel>
            <RadioGroup row aria-labelledby="relatorio-tipo" value={tipo} onChange={(e) => setTipo(e.target.value)}>
              {RELATORIO_MOVIMENTO_TIPOS.map((o) => <FormControlLabel key={o.valor} value={o.valor} control={<Radio />} label={o.label} />)}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="relatorio-formato">Arquivo</FormLabel>
            <RadioGroup row aria-labelledby="relatorio-formato" value={formato} onChange={(e) => setFormato(e.target.value)}>
              {RELATORIO_FORMATOS.map((o) => <FormControlLabel key={o.valor} value={o.valor} control={<Radio />} label={o.label} />)}
            </RadioGroup>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{MSG.listaFechar}</Button>
        <Button onClick={() => void gerar()} variant="contained">{MSG.movimentoRelatorio}</Button>
      </DialogActions>
    </Dialog>
  );
};
