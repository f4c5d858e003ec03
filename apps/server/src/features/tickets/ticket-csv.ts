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

const HEADER = 'DATA_VENDA;HORA_VENDA;NSU_DOC;TID;AUTORIZACAO;TERMINAL;PARCELAS;VALOR_BRUTO;BANDEIRA;PRODUTO;CODIGO_CLIENTE;NOSSO_NUMERO;ESTABELECIMENTO;OPERADORA';

const field = (value: string | null | undefined) => {
  const v = value ?? '';
  return /[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};
const money = (centavos: number) => `${Math.trunc(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export function ticketsCsv(sales: readonly TicketSale[]): string {
  const lines = [HEADER];
  let total = 0;
  for (const s of sales) {
    total += s.valor;
    lines.push([
      brDate(s.datavenda), s.hora ?? '', s.nsu, s.tid, s.autorizacao, s.terminal, String(s.parcelas), money(s.valor), s.bandeira, s.produto,
      s.codigoCliente, s.nossoNumero, s.estabelecimento, s.operadora,
    ].map(field).join(';'));
  }
  lines.push(`TOTAL;${sales.length};${money(total)}`);
  return `${lines.join('\r\n')}\r\n`;
}
