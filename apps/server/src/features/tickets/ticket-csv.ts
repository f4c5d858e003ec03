import { type CsvCell, csvData, csvDate, formatDecimalPlain, writeCsv } from '@concilia/domain';

/**
 * Tickets written as the customer sales file (docs/customer-file-layout.md, all 14 columns): imported and
 * manually entered tickets go through the same ingestion as any customer file — stored byte-exact, loaded in
 * one transaction, deduplicated by line identity, reconciled by the job the load queues, reprocessable and
 * deletable like any file. The header is the layout's; a drift would leave the file unrecognised, which the
 * ticket tests would see at once.
 */

export interface TicketSale {
  datavenda: string;
  hora?: string | null;
  nsu?: string | null;
  tid?: string | null;
  autorizacao?: string | null;
  terminal?: string | null;
  parcelas: number;
  /** centavos */
  valor: number;
  bandeira?: string | null;
  produto?: string | null;
  codigoCliente?: string | null;
  nossoNumero?: string | null;
  estabelecimento?: string | null;
  operadora?: string | null;
}

const HEADER = ['DATA_VENDA', 'HORA_VENDA', 'NSU_DOC', 'TID', 'AUTORIZACAO', 'TERMINAL', 'PARCELAS', 'VALOR_BRUTO', 'BANDEIRA', 'PRODUTO', 'CODIGO_CLIENTE', 'NOSSO_NUMERO', 'ESTABELECIMENTO', 'OPERADORA'];

/** A machine layout the customer parser reads back: quoted by the one writer, amounts without thousands mark, no formula neutralisation. */
export function ticketsCsv(sales: readonly TicketSale[]): string {
  const money = (centavos: number) => csvData(formatDecimalPlain(centavos));
  const rows: CsvCell[][] = [HEADER];
  let total = 0;
  for (const s of sales) {
    total += s.valor;
    rows.push([
      csvDate(s.datavenda), s.hora, s.nsu, s.tid, s.autorizacao, s.terminal, s.parcelas, money(s.valor), s.bandeira, s.produto,
      s.codigoCliente, s.nossoNumero, s.estabelecimento, s.operadora,
    ]);
  }
  rows.push(['TOTAL', sales.length, money(total)]);
  return writeCsv(rows, { neutralise: false });
}
