/**
 * Domain values of the PagBank (PagSeguro) EDI, docs/layouts/pagbank.md. Only tipo_evento 1 (venda) and 4
 * (saque) appear in PagBank's own public pages; the other entries are marked [?] in the doc: a value missing
 * here is read as "desconhecido (…)" with a warning, never refused. Codes are compared without leading zeros.
 */

/** tipo_evento */
export const PAGBANK_EVENTS: Readonly<Record<string, string>> = {
  '1': 'Venda',
  '2': 'Ajuste a crédito',
  '3': 'Ajuste a débito',
  '4': 'Saque (transferência para conta bancária)',
  '5': 'Chargeback',
  '6': 'Cancelamento',
};

export const PAGBANK_SALE = '1';
export const PAGBANK_WITHDRAWAL = '4';
/** events that take money from the merchant (their amount is made negative whatever its sign in the file) */
export const PAGBANK_DEBITS: Readonly<Record<string, 'adjustment' | 'chargeback' | 'cancellation'>> = { '3': 'adjustment', '5': 'chargeback', '6': 'cancellation' };
export const PAGBANK_CREDITS: ReadonlySet<string> = new Set(['2']);

/** meio_pagamento [?] */
export const PAGBANK_METHODS: Readonly<Record<string, string>> = {
  '1': 'Cartão de crédito',
  '2': 'Boleto',
  '3': 'Débito online',
  '4': 'Saldo PagBank',
  '8': 'Cartão de débito',
  '11': 'Pix',
};

/** instituicao_financeira: the brand, written in capitals (or BOLETO) */
export const PAGBANK_BRANDS: Readonly<Record<string, string>> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  ELO: 'Elo',
  AMEX: 'American Express',
  HIPERCARD: 'Hipercard',
  HIPER: 'Hiper',
  DINERS: 'Diners',
  CABAL: 'Cabal',
  BOLETO: 'Boleto',
  PIX: 'Pix',
};

/** meio_captura [?] */
export const PAGBANK_CAPTURES: Readonly<Record<string, string>> = {
  '1': 'Chip',
  '2': 'Tarja',
  '3': 'Não presencial (online)',
  '4': 'Aproximação (NFC)',
  '5': 'QR Code',
};

/** Synthetic brands → instituicao_financeira (the generator's writer). */
export const PAGBANK_WRITER_BRANDS: Readonly<Record<string, string>> = {
  visa: 'VISA', mastercard: 'MASTERCARD', elo: 'ELO', amex: 'AMEX', hipercard: 'HIPERCARD',
};
