/**
 * The vocabulary of reconciliation results, as the ticket and file screens show them (issue 5). A sale line
 * of either side has exactly one result.
 */
export const SALE_RESULTS = {
  conciliado: 'Conciliado',
  conciliado_divergencia: 'Conciliado com divergência',
  somente_operadora: 'Somente na operadora',
  somente_cliente: 'Somente no arquivo do cliente',
  duplicado: 'Duplicado no arquivo do cliente',
  desconsiderado: 'Desconsiderado',
  cancelado: 'Cancelado',
  chargeback: 'Chargeback',
} as const;
export type SaleResult = keyof typeof SALE_RESULTS;

/** Fields a paired sale may still differ in. */
export const DIVERGENCE_FIELDS = {
  valor: 'Valor',
  data: 'Data da venda',
  parcelas: 'Parcelas',
  bandeira: 'Bandeira',
  /** compared by family (crédito, débito, voucher, Pix): 'Crédito' and 'Crédito parcelado loja' agree */
  produto: 'Produto',
} as const;
export type DivergenceField = keyof typeof DIVERGENCE_FIELDS;
