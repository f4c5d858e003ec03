import { formatBRL, formatBusinessDate, MSG, type Centavos } from '@concilia/domain';
import { Alert, LinearProgress, List, ListItem, ListItemText } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { RightDrawer } from '../../registers/drawers/right-drawer';
import type { OpenActionComponent } from '../../registers/register-overrides';

/**
 * Plano R$ on the plain master list: the POS plans in force today on the listed user's company's terminals —
 * monthly fee and cut-off day, vigência and terminals (getPlanoReais). Read only; Planos POS keeps them.
 */
export const PlanoReaisAction: OpenActionComponent = ({ def, row, onClose }) => {
  const codpessoa = Number(row.codpessoa);
  const planos = useQuery({
    queryKey: ['getPlanoReais', codpessoa],
    queryFn: async () => (await call(OPS.getPlanoReais, { codpessoa })).getPlanoReais,
    gcTime: 0,
  });
  return (
    <RightDrawer open title={MSG.mestrePlanoReaisTitulo} subtitle={String(row.nomepessoa ?? '')} onClose={onClose} width={def.drawerWidth}>
      {planos.isPending ? <LinearProgress /> : null}
      {planos.data?.length === 0 ? <Alert severity="info">{MSG.mestrePlanoReaisNenhum}</Alert> : null}
      <List dense disablePadding aria-label={MSG.mestrePlanoReaisTitulo}>
        {(planos.data ?? []).map((p) => (
          <ListItem key={`${p.codplano}-${p.vigenciade}`} disableGutters divider sx={{ alignItems: 'flex-start' }}>
            <ListItemText
              primary={p.nome}
              secondary={[
                p.cobramensalidade === 'S' && p.valormensalidade != null
                  ? MSG.mestrePlanoReaisMensalidade.replace('{valor}', formatBRL(p.valormensalidade as Centavos)).replace('{dia}', String(p.diacorte ?? '—'))
                  : MSG.mestrePlanoReaisSemMensalidade,
                MSG.mestrePlanoReaisVigencia.replace('{de}', formatBusinessDate(p.vigenciade as never)).replace('{ate}', formatBusinessDate(p.vigenciaate as never)),
                MSG.mestrePlanoReaisTerminais.replace('{terminais}', p.terminais.join(', ')),
              ].join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </RightDrawer>
  );
};
