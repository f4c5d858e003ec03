/**
 * Domain values of PayGo's sales export, docs/layouts/paygo.md. payment-type: only 'CREDIT' is shown by PayGo's
 * page; the others are marked [?] in the doc. brand-name: the brand table PayGo refers to is not public, so the
 * names below are the usual brand names in capitals [?]. Unknown values are read as "desconhecido (…)" with a
 * warning.
 */

export const PAYGO_PAYMENT_TYPES: Readonly<Record<string, string>> = {
  CREDIT: 'Crédito',
  DEBIT: 'Débito',
  VOUCHER: 'Voucher',
  PIX: 'Pix',
};

export const PAYGO_BRANDS: Readonly<Record<string, string>> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  ELO: 'Elo',
  AMEX: 'American Express',
  HIPERCARD: 'Hipercard',
  HIPER: 'Hiper',
  CABAL: 'Cabal',
  DINERS: 'Diners',
};

export const PAYGO_WRITER_BRANDS: Readonly<Record<string, string>> = {
  visa: 'VISA', mastercard: 'MASTERCARD', elo: 'ELO', amex: 'AMEX', hipercard: 'HIPERCARD',
};
