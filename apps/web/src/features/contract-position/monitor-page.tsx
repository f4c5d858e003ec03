import { formatBusinessDate, formatDateTime, MSG, OPTION_ALL, POSICAO_GRUPOS, POSICAO_NO_TIPO, POSICAO_STATUS, POSICAO_TODOS, posicaoStatusLabel, ROUTES } from '@concilia/domain';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import History from '@mui/icons-material/History';
import {
  Alert, Button, Chip, Collapse, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItemButton,
  ListItemIcon, ListItemText, ListSubheader, MenuItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, Fragment, useMemo, useState } from 'react';
import { FilterPage } from '../../app/filter-page';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { type ResultOf } from '../../lib/graphql';
import { OPS } from '../../lib/operations';
import { FullScreenDrawer } from '../../registers/drawers/full-screen-drawer';
import { useOptionList } from '../../registers/register-api';

/** The monitor's calls (spec part 2 §9 "Contract position"). */

export type PosicaoNo = ResultOf<typeof OPS.getPosicaoContratosPorClientes>['getPosicaoContratosPorClientes'][number];


type Filtro = { codoperadora: number; statusFiltro: string };
/** `vez` counts the searches: each answer opens with its own tree state. */
type Resultado = { filtro: Filtro; nos: readonly PosicaoNo[]; vez: number };

/**
 * The tree's nodes by parent, in the order the server sent them (operators, then each one's statuses in the
 * catalogue's order, then its establishments). A node whose parent is not in the answer is a root, so a
 * server that leaves the operator level out still shows everything.
 */
export function nodesByParent(nos: readonly PosicaoNo[]): Map<string | null, PosicaoNo[]> {
  const ids = new Set(nos.map((n) => n.id));
  const map = new Map<string | null, PosicaoNo[]>();
  for (const n of nos) {
    const parent = n.parentId && ids.has(n.parentId) ? n.parentId : null;
    map.set(parent, [...(map.get(parent) ?? []), n]);
  }
  return map;
}

/** The ids a node opens by: every node that is not an establishment. */
const branchIds = (nos: readonly PosicaoNo[]) => nos.filter((n) => !n.leaf && n.type !== POSICAO_NO_TIPO.estabelecimento).map((n) => n.id);

/**
 * Posição do Contrato (spec part 2 §2.2 "Monitor de Posição de Contratos", §3 contract-position tree, §4 statuses
 * and filter groups): a filter page — operator and status, 'Todos os status' (q) by default — then the answer in
 * a full-screen view, grouped by operator and status with each group's count; an establishment opens the
 * 'Monitor' dialog with its status history. The statuses come from the domain's one catalogue, grouped as the
 * spec groups the filter.
 */
export function MonitorPage() {
  const processing = useProcessing();
  const operadoras = useOptionList('listarOperadoras');
  const [filtro, setFiltro] = useState<Filtro>({ codoperadora: OPTION_ALL, statusFiltro: POSICAO_TODOS });
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [aberto, setAberto] = useState(false);

  const pesquisar = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await processing(call(OPS.getPosicaoContratosPorClientes, {
        values: { codoperadora: filtro.codoperadora === OPTION_ALL ? null : filtro.codoperadora },
        statusFiltro: filtro.statusFiltro,
      }));
      const nos = r.getPosicaoContratosPorClientes;
      setResultado((antes) => ({ filtro, nos, vez: (antes?.vez ?? 0) + 1 }));
      // an empty answer stays on the filter, where the next search is typed
      setAberto(nos.length > 0);
    } catch {
      // the API client already told the user why
    }
  };

  const operadoraLabel = (cod: number) =>
    cod === OPTION_ALL ? MSG.campoTodos : operadoras.data?.find((o) => Number(o.valor) === cod)?.label ?? String(cod);
  const statusLabel = (s: string) => (s === POSICAO_TODOS ? MSG.posicaoTodos : posicaoStatusLabel(s));

  return (
    <FilterPage
      title={ROUTES.posicaoContratoClienteConciliador.title}
      subtitle={MSG.posicaoTitulo}
      submit={MSG.posicaoPesquisar}
      onSubmit={(e) => void pesquisar(e)}
      after={resultado && resultado.nos.length > 0 ? (
        <PosicaoView
          key={resultado.vez}
          open={aberto}
          nos={resultado.nos}
          resumo={`${MSG.posicaoOperadora}: ${operadoraLabel(resultado.filtro.codoperadora)} · ${MSG.posicaoStatus}: ${statusLabel(resultado.filtro.statusFiltro)}`}
          onNovaPesquisa={() => setAberto(false)}
        />
      ) : null}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select fullWidth label={MSG.posicaoOperadora} name="codoperadora" value={filtro.codoperadora}
          onChange={(e) => setFiltro({ ...filtro, codoperadora: Number(e.target.value) })}
        >
          <MenuItem value={OPTION_ALL}>{MSG.campoTodos}</MenuItem>
          {(operadoras.data ?? []).map((o) => <MenuItem key={String(o.valor)} value={Number(o.valor)}>{o.label}</MenuItem>)}
        </TextField>
        <TextField
          select fullWidth label={MSG.posicaoStatus} name="statusFiltro" value={filtro.statusFiltro}
          onChange={(e) => setFiltro({ ...filtro, statusFiltro: e.target.value })}
        >
          <MenuItem value={POSICAO_TODOS}>{MSG.posicaoTodos}</MenuItem>
          {/* a Select takes its children flat: each group's heading, then its statuses */}
          {POSICAO_GRUPOS.flatMap((grupo) => [
            <ListSubheader key={`grupo-${grupo}`}>{grupo}</ListSubheader>,
            ...POSICAO_STATUS.filter((s) => s.grupo === grupo).map((s) => <MenuItem key={s.code} value={s.code} sx={{ pl: 4 }}>{s.label}</MenuItem>),
          ])}
        </TextField>
      </Stack>
      {resultado && resultado.nos.length === 0 ? <Alert severity="info">{MSG.posicaoVazio}</Alert> : null}
    </FilterPage>
  );
}

type ViewProps = { open: boolean; nos: readonly PosicaoNo[]; resumo: string; onNovaPesquisa: () => void };

/** The answer over the whole screen: the filter shrinks to one line, the tree gets the room. */
function PosicaoView({ open, nos, resumo, onNovaPesquisa }: ViewProps) {
  const filhos = useMemo(() => nodesByParent(nos), [nos]);
  // operators start open: their statuses and counts are the overview; establishments open on demand
  const [expandidos, setExpandidos] = useState<ReadonlySet<string>>(() => new Set(nos.filter((n) => n.type === POSICAO_NO_TIPO.operadora).map((n) => n.id)));
  const [detalhe, setDetalhe] = useState<PosicaoNo | null>(null);
  const alternar = (id: string) => {
    const next = new Set(expandidos);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpandidos(next);
  };
  const acoes = (
    <Stack direction="row" spacing={1}>
      <Button color="inherit" onClick={() => setExpandidos(new Set(branchIds(nos)))}>{MSG.posicaoExpandirTudo}</Button>
      <Button color="inherit" onClick={() => setExpandidos(new Set())}>{MSG.posicaoRecolherTudo}</Button>
      <Button color="inherit" variant="outlined" onClick={onNovaPesquisa}>{MSG.posicaoNovaPesquisa}</Button>
    </Stack>
  );
  return (
    <FullScreenDrawer open={open} title={MSG.posicaoTitulo} onClose={onNovaPesquisa} actions={acoes}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="posicao-resumo">{resumo}</Typography>
      <List dense disablePadding aria-label={MSG.posicaoTitulo} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Nivel nos={filhos.get(null) ?? []} filhos={filhos} nivel={0} expandidos={expandidos} onAlternar={alternar} onDetalhe={setDetalhe} />
      </List>
      {detalhe ? <MonitorDialog no={detalhe} onClose={() => setDetalhe(null)} /> : null}
    </FullScreenDrawer>
  );
}

type NivelProps = {
  nos: readonly PosicaoNo[];
  filhos: Map<string | null, PosicaoNo[]>;
  nivel: number;
  expandidos: ReadonlySet<string>;
  onAlternar: (id: string) => void;
  onDetalhe: (no: PosicaoNo) => void;
};

/** One level of the tree; a closed branch renders nothing below it (a large answer stays light). */
function Nivel({ nos, filhos, nivel, expandidos, onAlternar, onDetalhe }: NivelProps) {
  return nos.map((no) => {
    const indent = 1 + nivel * 3;
    if (no.leaf || no.type === POSICAO_NO_TIPO.estabelecimento) return <Folha key={no.id} no={no} indent={indent} onDetalhe={onDetalhe} />;
    const aberto = expandidos.has(no.id);
    return (
      <Fragment key={no.id}>
        <ListItemButton
          onClick={() => onAlternar(no.id)} aria-expanded={aberto} divider
          sx={{ pl: indent, ...(no.type === POSICAO_NO_TIPO.operadora ? { bgcolor: 'action.hover' } : {}) }}
        >
          <ListItemIcon sx={{ minWidth: 32 }}>{aberto ? <ExpandMore /> : <ChevronRight />}</ListItemIcon>
          <ListItemText
            primary={no.type === POSICAO_NO_TIPO.status && no.status ? posicaoStatusLabel(no.status) : no.description}
            slotProps={{ primary: { sx: { fontWeight: no.type === POSICAO_NO_TIPO.operadora ? 600 : 500 } } }}
          />
          <Chip size="small" label={no.childCount} color={no.type === POSICAO_NO_TIPO.operadora ? 'primary' : 'default'} />
        </ListItemButton>
        <Collapse in={aberto} timeout="auto" unmountOnExit>
          <Nivel nos={filhos.get(no.id) ?? []} filhos={filhos} nivel={nivel + 1} expandidos={expandidos} onAlternar={onAlternar} onDetalhe={onDetalhe} />
        </Collapse>
      </Fragment>
    );
  });
}

/** An establishment: its code, whose it is (nobody's for NN), when its first file came and where it was before. */
function Folha({ no, indent, onDetalhe }: { no: PosicaoNo; indent: number; onDetalhe: (no: PosicaoNo) => void }) {
  const detalhes = [
    no.origem ?? posicaoStatusLabel('NN'),
    no.dataRecebimentoPrimeiroArquivo ? MSG.posicaoPrimeiroArquivo.replace('{data}', formatBusinessDate(no.dataRecebimentoPrimeiroArquivo)) : null,
  ].filter(Boolean).join(' · ');
  return (
    <ListItemButton onClick={() => onDetalhe(no)} divider sx={{ pl: indent + 4 }} data-testid="posicao-estabelecimento">
      <ListItemText primary={no.codexterno ?? no.description} secondary={detalhes} />
      {no.ultimoStatus ? (
        <Chip size="small" variant="outlined" icon={<History />} label={MSG.posicaoStatusAnterior.replace('{status}', posicaoStatusLabel(no.ultimoStatus))} sx={{ ml: 1 }} />
      ) : null}
    </ListItemButton>
  );
}

/** 'Monitor': the status history of one establishment's code, newest first. */
function MonitorDialog({ no, onClose }: { no: PosicaoNo; onClose: () => void }) {
  const historico = useQuery({
    queryKey: ['getInformacoesPosicaoContrato', no.id],
    queryFn: async () => (await call(OPS.getInformacoesPosicaoContrato, {
      codPessoa: no.codpessoa ?? null, codExterno: no.codexterno ?? '', operadora: no.operadora ?? 0, status: no.status ?? null,
    })).getInformacoesPosicaoContrato,
    gcTime: 0,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="posicao-monitor-titulo">
      <DialogTitle id="posicao-monitor-titulo">{MSG.posicaoMonitor}</DialogTitle>
      <DialogContent dividers>
        {historico.isPending ? <LinearProgress aria-label={MSG.processando} /> : null}
        <TableContainer>
          <Table size="small" aria-labelledby="posicao-monitor-titulo">
            <TableHead>
              <TableRow>
                <TableCell>{MSG.posicaoCodigo}</TableCell>
                <TableCell>{MSG.posicaoOperadora}</TableCell>
                <TableCell>{MSG.posicaoData}</TableCell>
                <TableCell>{MSG.posicaoStatus}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {historico.data?.length === 0 ? (
                <TableRow><TableCell colSpan={4}>{MSG.tabelaSemResultados}</TableCell></TableRow>
              ) : (historico.data ?? []).map((h, i) => (
                <TableRow key={`${h.data}-${i}`}>
                  <TableCell>{h.codExterno}</TableCell>
                  <TableCell>{h.operadora}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(h.data)}</TableCell>
                  <TableCell>{h.descricao || posicaoStatusLabel(h.status)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{MSG.posicaoFechar}</Button>
      </DialogActions>
    </Dialog>
  );
}
