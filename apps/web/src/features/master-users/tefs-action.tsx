import { MSG } from '@concilia/domain';
import { Box, Button, Checkbox, FormControlLabel, FormGroup, LinearProgress, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotifier } from '../../app/notifications';
import { showServerError } from '../auth/server-errors';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { RightDrawer } from '../../registers/drawers/right-drawer';
import type { OpenActionComponent } from '../../registers/register-overrides';

/**
 * Tefs on the plain master list: the TEF solutions the listed user's company runs, ticked from the catalogue
 * (listarAllTefsDAO, getTefs), and one not in it typed as 'Novo TEF'; Salvar sends them all (salvarTefs).
 */
export const TefsAction: OpenActionComponent = ({ def, row, onClose }) => {
  const codpessoa = Number(row.codpessoa);
  const notifier = useNotifier();
  const client = useQueryClient();
  const all = useQuery({ queryKey: ['tefs', 'all'], queryFn: async () => (await call(OPS.listarAllTefsDAO)).listarAllTefsDAO });
  const mine = useQuery({ queryKey: ['tefs', codpessoa], queryFn: async () => (await call(OPS.getTefs, { codpessoa })).getTefs, gcTime: 0 });
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const [novo, setNovo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = picked ?? new Set((mine.data ?? []).map((t) => t.codtefs));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  const salvar = async () => {
    setBusy(true);
    try {
      await call(OPS.salvarTefs, { values: { codpessoa, codtefs: [...chosen], novo: novo.trim() || null } }, { silent: true });
      await client.invalidateQueries({ queryKey: ['tefs'] });
      notifier.success(MSG.tefsSalvos);
      onClose();
    } catch (err) {
      showServerError(err, { fields: ['novo'], setError: (_f: string, e: { message?: string }) => setErro(e.message ?? null), warn: notifier.warning });
    } finally {
      setBusy(false);
    }
  };
  return (
    <RightDrawer open title={MSG.tefsTitulo} subtitle={String(row.nomepessoa ?? '')} onClose={onClose} width={def.drawerWidth}>
      {all.isPending || mine.isPending ? <LinearProgress /> : (
        <Stack spacing={2}>
          <FormGroup aria-label={MSG.tefsTitulo}>
            {(all.data ?? []).map((t) => (
              <FormControlLabel key={t.codtefs} control={<Checkbox checked={chosen.has(t.codtefs)} onChange={() => toggle(t.codtefs)} />} label={t.nome} />
            ))}
          </FormGroup>
          <TextField
            label={MSG.tefsNovo} value={novo} onChange={(e) => { setNovo(e.target.value); setErro(null); }}
            error={!!erro} helperText={erro ?? ' '} slotProps={{ htmlInput: { maxLength: 60 } }} size="small"
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={salvar} disabled={busy}>{MSG.listaSalvar}</Button>
          </Box>
        </Stack>
      )}
    </RightDrawer>
  );
};
