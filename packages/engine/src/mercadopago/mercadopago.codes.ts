/**
 * Domain values of the Mercado Pago settlement report ("Relatório de liquidações" / account money report),
 * docs/layouts/mercadopago.md. Values are the report's own lowercase / uppercase tokens; the pt-BR names are
 * ours. Tokens the tables do not list are read as "desconhecido (…)" with a warning on the file.
 */

/** TRANSACTION_TYPE [OFF: glossary lists SETTLEMENT, REFUND, CHARGEBACK; the others from the same glossary, see the doc] */
export const MP_TRANSACTION_TYPES: Readonly<Record<string, string>> = {
  SETTLEMENT: 'Pagamento aprovado',
  REFUND: 'Devolução (estorno)',
  CHARGEBACK: 'Contestação (chargeback)',
  DISPUTE: 'Reclamação (disputa)',
  CHARGEBACK_CANCEL: 'Contestação cancelada',
  REFUND_CANCEL: 'Devolução cancelada',
  WITHDRAWAL: 'Retirada para conta bancária',
  WITHDRAWAL_CANCEL: 'Retirada cancelada',
  PAYOUTS: 'Pagamento enviado',
};

/** PAYMENT_METHOD_TYPE [OFF] */
export const MP_PAYMENT_METHOD_TYPES: Readonly<Record<string, string>> = {
  credit_card: 'Crédito',
  debit_card: 'Débito',
  bank_transfer: 'Transferência / Pix',
  account_money: 'Dinheiro em conta Mercado Pago',
  ticket: 'Boleto / dinheiro',
  atm: 'Caixa eletrônico',
  prepaid_card: 'Cartão pré-pago',
  digital_currency: 'Linha de crédito Mercado Pago',
};

/** PAYMENT_METHOD: the card brand or method [the brazilian ids of Mercado Pago's payment methods list] */
export const MP_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  master: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
  diners: 'Diners',
  cabal: 'Cabal',
  debvisa: 'Visa Débito',
  debmaster: 'Mastercard Débito',
  debelo: 'Elo Débito',
  debcabal: 'Cabal Débito',
  pix: 'Pix',
  account_money: 'Dinheiro em conta',
  bolbradesco: 'Boleto',
  pec: 'Pagamento na lotérica',
  consumer_credits: 'Linha de crédito Mercado Pago',
};

/** The types whose row is a correction of an earlier payment, and the record kind it becomes. */
export const MP_CORRECTIONS: Readonly<Record<string, 'cancellation' | 'chargeback'>> = {
  REFUND: 'cancellation',
  CHARGEBACK: 'chargeback',
};

/** The types that move money out of the Mercado Pago account to the merchant's bank (read as settlements). */
export const MP_WITHDRAWALS: ReadonlySet<string> = new Set(['WITHDRAWAL']);

/** Synthetic brands → PAYMENT_METHOD, [credit, debit] (the generator's writer). */
export const MP_WRITER_METHODS: Readonly<Record<string, readonly [string, string]>> = {
  visa: ['visa', 'debvisa'],
  mastercard: ['master', 'debmaster'],
  elo: ['elo', 'debelo'],
  amex: ['amex', 'amex'],
  hipercard: ['hipercard', 'hipercard'],
};
