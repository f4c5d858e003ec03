/**
 * Domain values of Pagar.me payables (recebíveis), docs/layouts/pagarme.md [OFF: docs.pagar.me "Recebíveis" and
 * "Objeto payable"]. Values not listed are read as "desconhecido (…)" with a warning.
 */

/** type: what the payable does to the recipient's balance */
export const PAGARME_TYPES: Readonly<Record<string, string>> = {
  credit: 'Crédito (venda)',
  refund: 'Estorno',
  refund_reversal: 'Estorno revertido',
  chargeback: 'Chargeback',
  chargeback_refund: 'Chargeback revertido (reapresentação ganha)',
};

/** status of the payable */
export const PAGARME_STATUS: Readonly<Record<string, string>> = {
  waiting_funds: 'Aguardando pagamento',
  paid: 'Pago',
  prepaid: 'Antecipado',
};

/** payment_method */
export const PAGARME_METHODS: Readonly<Record<string, string>> = {
  credit_card: 'Crédito',
  debit_card: 'Débito',
  boleto: 'Boleto',
  pix: 'Pix',
  voucher: 'Voucher',
};
