import { formatBRL, formatBusinessDate, formatDateTime, MSG, type TraceLine } from '@concilia/domain';
import { Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';

type Column = { label: string; value: (l: TraceLine) => string };

const date = (v: string | null) => (v ? formatBusinessDate(v) : '');
const money = (v: number | null) => (v === null ? '' : formatBRL(v));
const text = (v: string | number | null) => (v === null ? '' : String(v));

/** The trace columns of spec part 1 §3, in its order. */
const COLUMNS: readonly Column[] = [
  { label: 'Cod. Arquivo', value: (l) => text(l.codarquivo) },
  { label: 'Tipo', value: (l) => text(l.tipo) },
  { label: 'Arquivo', value: (l) => text(l.nomearquivo) },
  { label: 'Status Arquivo', value: (l) => text(l.statusArquivo) },
  { label: 'Recebimento', value: (l) => (l.datarecebimento ? formatDateTime(l.datarecebimento) : '') },
  { label: 'Data Pagamento', value: (l) => date(l.datapagamento) },
  { label: 'Previsão Pagamento', value: (l) => date(l.dataprevistapagamento) },
  { label: 'Data Venda', value: (l) => date(l.datavenda) },
  { label: 'Data Transação', value: (l) => date(l.datatransacao) },
  { label: 'Valor Bruto', value: (l) => money(l.valorbruto) },
  { label: 'Valor Líquido Pago', value: (l) => money(l.valorliquidopago) },
  { label: 'Outros Créditos', value: (l) => money(l.outroscreditos) },
  { label: 'Outros Débitos', value: (l) => money(l.outrosdebitos) },
  { label: 'Parcela', value: (l) => (l.totparcelas ? `${l.parcela ?? 1}/${l.totparcelas}` : '') },
  { label: 'Status', value: (l) => text(l.status) },
  { label: 'Meio Captura', value: (l) => text(l.meiocaptura) },
  { label: 'Produto', value: (l) => text(l.produto) },
  { label: 'Bandeira', value: (l) => text(l.bandeira) },
  { label: 'Terminal', value: (l) => text(l.numterminal) },
  { label: 'NSU', value: (l) => text(l.nsu) },
  { label: 'Autorização', value: (l) => text(l.autorizacao) },
  { label: 'TID', value: (l) => text(l.tid) },
  { label: 'Nosso Número', value: (l) => text(l.nossonumero) },
  { label: 'Resultado', value: (l) => text(l.resultado) },
];

/**
 * Marketplace lines carry the marketplace's own ids (spec part 1 §3: AD_ID, PAYMENT_ID, ORDER_ID, ITEM_ID), then
 * the sub-seller the line belongs to. No layout read carries an ad (listing) id, so AD_ID stays empty; the
 * identifying columns of the line follow so the row can be told apart.
 */
const MARKETPLACE: readonly Column[] = [
  { label: 'AD_ID', value: () => '' },
  { label: 'PAYMENT_ID', value: (l) => text(l.paymentId ?? null) },
  { label: 'ORDER_ID', value: (l) => text(l.orderId ?? null) },
  { label: 'ITEM_ID', value: (l) => text(l.itemId ?? null) },
  { label: 'SELLER_ID', value: (l) => text(l.sellerId ?? null) },
  ...COLUMNS.filter((c) => ['Cod. Arquivo', 'Tipo', 'Data Venda', 'Data Pagamento', 'Valor Bruto', 'Valor Líquido Pago', 'Parcela', 'NSU'].includes(c.label)),
];

type Props = {
  title: string;
  lines: readonly TraceLine[];
  marketplace?: boolean;
  onReprocess: (l: TraceLine) => void;
  onDelete: (l: TraceLine) => void;
};

/** One table of the ticket trace, each row with Reprocessar and Deletar (acting on the row's file). */
export function TraceTable({ title, lines, marketplace, onReprocess, onDelete }: Props) {
  const columns = marketplace ? MARKETPLACE : COLUMNS;
  const slug = title.toLowerCase().normalize('NFD').replace(/[^a-z]+/g, '-');
  return (
    <Stack spacing={1} component="section" aria-labelledby={`trace-${slug}`}>
      <Typography id={`trace-${slug}`} variant="h6" component="h3">{title}</Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{MSG.listaAcoes}</TableCell>
              {columns.map((c) => <TableCell key={c.label} sx={{ whiteSpace: 'nowrap' }}>{c.label}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 ? (
              <TableRow><TableCell colSpan={columns.length + 1}>{MSG.tabelaSemResultados}</TableCell></TableRow>
            ) : lines.map((l) => (
              <TableRow key={l.id} data-row-id={l.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => onReprocess(l)}>Reprocessar</Button>
                  <Button size="small" color="error" onClick={() => onDelete(l)}>{MSG.listaDeletar}</Button>
                </TableCell>
                {columns.map((c) => <TableCell key={c.label} sx={{ whiteSpace: 'nowrap' }}>{c.value(l)}</TableCell>)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
