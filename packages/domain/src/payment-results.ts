/**
 * The vocabulary of payment reconciliation (issue 5): what became of each expected payment of a sale's
 * installment, as the payment screens and the dashboard show it. One result per expected payment.
 */
export const PAYMENT_RESULTS = {
  pago: 'Pago',
  pago_atraso: 'Pago com atraso',
  pago_valor_diferente: 'Pago com valor diferente',
  em_aberto: 'Em aberto',
  a_vencer: 'A vencer',
  antecipado: 'Antecipado',
  ajustado: 'Ajustado',
  pix: 'Pix',
} as const;
export type PaymentResult = keyof typeof PAYMENT_RESULTS;

/** Where an expected payment's date and amount come from. */
export const PAYMENT_ORIGINS = {
  previsao: 'Previsão da operadora (por venda)',
  previsao_lote: 'Previsão da operadora (por lote)',
  credito_venda: 'Data de crédito informada na venda',
  prazo_contratado: 'Prazo contratado (débito D+1, crédito D+30 por parcela, em dias úteis)',
  pix: 'Pix (liquidado na transação)',
} as const;
export type PaymentOrigin = keyof typeof PAYMENT_ORIGINS;
