/**
 * What detalharTicket answers (spec part 1 §3 "Ticket detail groups", "trace columns"), shared by the server
 * and the Rastreabilidade do Ticket drawer. Amounts are centavos; dates 'YYYY-MM-DD', datarecebimento ISO.
 */

/** One row of a trace table: the columns of spec part 1 §3 "trace columns", empty where a kind has no such value. */
export interface TraceLine {
  /** 'A-<codlinha>', 'C-<codlinhasarqcli>' or 'P-<codpagamento>' */
  id: string;
  codarquivo: number;
  tipo: string | null;
  nomearquivo: string | null;
  statusArquivo: string | null;
  datarecebimento: string | null;
  datapagamento: string | null;
  dataprevistapagamento: string | null;
  datavenda: string | null;
  datatransacao: string | null;
  valorbruto: number | null;
  valorliquidopago: number | null;
  outroscreditos: number | null;
  outrosdebitos: number | null;
  parcela: number | null;
  totparcelas: number | null;
  status: string | null;
  meiocaptura: string | null;
  produto: string | null;
  bandeira: string | null;
  numterminal: string | null;
  nsu: string | null;
  autorizacao: string | null;
  tid: string | null;
  nossonumero: string | null;
  resultado: string | null;
  codlinhasarqcli: number | null;
  desconsiderado: boolean;
  /** marketplace ids (Mercado Pago, Pagar.me lines): sub-seller / recipient, payment, order and item; null elsewhere */
  sellerId?: string | null;
  paymentId?: string | null;
  orderId?: string | null;
  itemId?: string | null;
}

export interface TicketTrace {
  pagamento: TraceLine[];
  liquidacao: TraceLine[];
  venda: TraceLine[];
  previsao: TraceLine[];
  antecipado: TraceLine[];
  cliente: TraceLine[];
  clienteIntegrador: TraceLine[];
  desconsiderado: TraceLine[];
  cancelado: TraceLine[];
  marketplace: TraceLine[];
}

/** The trace tables in the spec's order, with their titles. */
export const TRACE_GROUPS: readonly { key: keyof TicketTrace; title: string }[] = [
  { key: 'pagamento', title: 'Administradora - Pagamento' },
  { key: 'liquidacao', title: 'Administradora - Liquidação' },
  { key: 'venda', title: 'Administradora - Venda' },
  { key: 'previsao', title: 'Administradora - Previsão' },
  { key: 'antecipado', title: 'Administradora - Antecipado' },
  { key: 'cliente', title: 'Cliente' },
  { key: 'clienteIntegrador', title: 'Cliente Integrador' },
  { key: 'desconsiderado', title: 'Cliente - Desconsiderados' },
  { key: 'cancelado', title: 'Cliente - Cancelados' },
  { key: 'marketplace', title: 'Cliente - Marketplace' },
];
