import { clientesRegister, estabelecimentosRegister, formatCpfCnpj, formatDateTime, MSG, posicaoStatusLabel, SIGN_UP_FIELDS } from '@concilia/domain';
import {
  Alert, Box, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { call } from '../../lib/api-client';
import { type ResultOf } from '../../lib/graphql';
import { OPS } from '../../lib/operations';
import { showServerError } from '../auth/server-errors';
import { RightDrawer } from '../../registers/drawers/right-drawer';
import type { Values } from '../../registers/fields/field-props';
import { PercentField } from '../../registers/fields/decimal-field';
import { rateToText } from '../../registers/fields/decimal-text';
import type { OpenActionComponent } from '../../registers/register-overrides';



type Painel = ResultOf<typeof OPS.getPainelCadastro>['getPainelCadastro'];
type Taxas = Painel['operadoras'][number]['taxasPlano'];

/** The rates of a registration, in the sign-up's order and with its labels (the client declared them there). */
const TAXAS = ['debito', 'credito', 'parceladoA', 'parceladoB', 'ticket'] as const satisfies readonly (keyof Taxas & keyof typeof SIGN_UP_FIELDS)[];

/** The establishments table's columns, labelled as the Estabelecimentos register labels them. */
const EST = estabelecimentosRegister.fields;

const painelKey = (codpessoa: number) => ['getPainelCadastro', codpessoa];

/**
 * Painel de Cadastro on Clientes: where the client's registration stands — its sign-up, each establishment's
 * position with its documents — and, per operator, the rates plan the reconciliation checks sales against,
 * beside what the client declared at sign-up, so the back office can copy or correct them.
 */
export const PainelCadastroAction: OpenActionComponent = ({ row, onClose }) => {
  const codpessoa = Number(row.codpessoa);
  const painel = useQuery({
    queryKey: painelKey(codpessoa),
    queryFn: async () => (await call(OPS.getPainelCadastro, { codpessoa })).getPainelCadastro,
    gcTime: 0,
  });
  const p = painel.data;
  return (
    <RightDrawer open title={MSG.painelCadastroTitulo} subtitle={String(row.nome ?? '')} onClose={onClose} width={760}>
      {painel.isPending ? <LinearProgress aria-label={MSG.processando} /> : null}
      {p ? (
        <Stack spacing={3}>
          <Cliente painel={p} />
          <Estabelecimentos painel={p} />
          <Stack spacing={2} component="section" aria-labelledby="painel-taxas">
            <Typography id="painel-taxas" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{MSG.painelCadastroTaxasPlano}</Typography>
            {p.taxasDeclaradas ? null : <Alert severity="info">{MSG.painelCadastroSemTaxas}</Alert>}
            {p.operadoras.map((o) => (
              <TaxasOperadora key={`${o.codoperadora}-${JSON.stringify(o.taxasPlano)}`} codpessoa={codpessoa} operadora={o} declaradas={p.taxasDeclaradas ?? null} />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </RightDrawer>
  );
};

function Cliente({ painel }: { painel: Painel }) {
  const linhas: [string, string][] = [[MSG.painelCadastroCliente, painel.nome]];
  if (painel.cnpj) linhas.push([clientesRegister.fields.cnpj.label, formatCpfCnpj(painel.cnpj)]);
  if (painel.cadastro) linhas.push([MSG.cadastroTitulo, [painel.cadastro, painel.criadoem ? formatDateTime(painel.criadoem) : null].filter(Boolean).join(' · ')]);
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {linhas.map(([rotulo, valor]) => (
        <Box key={rotulo} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{rotulo}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>{valor}</Typography>
        </Box>
      ))}
    </Box>
  );
}

function Estabelecimentos({ painel }: { painel: Painel }) {
  return (
    <Stack spacing={1} component="section" aria-labelledby="painel-estabelecimentos">
      <Typography id="painel-estabelecimentos" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{estabelecimentosRegister.title}</Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-labelledby="painel-estabelecimentos">
          <TableHead>
            <TableRow>
              <TableCell>{EST.codoperadora.label}</TableCell>
              <TableCell>{MSG.posicaoCodigo}</TableCell>
              <TableCell>{EST.codpessoa.label}</TableCell>
              <TableCell>{EST.status.label}</TableCell>
              <TableCell align="right">{MSG.documentos}</TableCell>
              <TableCell align="right">{MSG.painelCadastroPendentes}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {painel.estabelecimentos.length === 0 ? (
              <TableRow><TableCell colSpan={6}>{MSG.tabelaSemResultados}</TableCell></TableRow>
            ) : painel.estabelecimentos.map((e) => (
              <TableRow key={e.codestabelecimento}>
                <TableCell>{e.operadora}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.codexterno}</TableCell>
                <TableCell>{e.unidade}</TableCell>
                <TableCell>{e.statusDescricao || posicaoStatusLabel(e.status)}</TableCell>
                <TableCell align="right">{e.documentos}</TableCell>
                <TableCell align="right">{e.pendentes}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

type TaxasProps = { codpessoa: number; operadora: Painel['operadoras'][number]; declaradas: Taxas | null };

/** One operator's rates: typed with a decimal comma, saved together; what the client declared stays beside each. */
function TaxasOperadora({ codpessoa, operadora, declaradas }: TaxasProps) {
  const notifier = useNotifier();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, setError } = useForm<Values>({ defaultValues: { ...operadora.taxasPlano } });
  const salvar = handleSubmit(async (values) => {
    setBusy(true);
    try {
      const taxas = Object.fromEntries(TAXAS.map((t) => [t, typeof values[t] === 'number' ? values[t] : null])) as Taxas;
      const r = await call(OPS.savePainelCadastroTaxa, { codpessoa, codoperadora: operadora.codoperadora, taxas }, { silent: true });
      // the answer is the panel as it now stands: the establishments' positions may have moved with the rates
      client.setQueryData(painelKey(codpessoa), r.savePainelCadastroTaxa);
      notifier.success(MSG.operacaoSucesso);
    } catch (err) {
      showServerError<Values>(err, { fields: TAXAS.flatMap((t) => [t, `taxas.${t}`]), setError: (f, e) => setError(String(f).replace(/^taxas\./, ''), e), warn: notifier.warning });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void salvar(e)} aria-label={operadora.operadora} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1.5 }}>{operadora.operadora}</Typography>
      {/* two rates a row keep an operator's form short beside the others; a phone stacks them */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, rowGap: 2 }}>
        {TAXAS.map((t) => (
          <Box key={t}>
            <PercentField control={control} name={t} label={SIGN_UP_FIELDS[t].label} />
            {declaradas ? (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, ml: 1.75 }} data-testid={`declarada-${t}`}>
                {`${MSG.painelCadastroTaxasDeclaradas}: ${declaradas[t] == null ? '—' : `${rateToText(declaradas[t])} %`}`}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy}>{MSG.painelCadastroSalvar}</Button>
      </Stack>
    </Box>
  );
}
