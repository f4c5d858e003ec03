import type { Coded } from '../model';

/**
 * Rede domain tables (formats/layouts.md §2.7). Brand and product names are the names of the reference
 * catalogue (packages/db/seed-data/cartoes.json), so a decoded code finds its register row by name.
 */

/** §2.7.1, EEVC Table I = EEFI Table IV. */
const CREDIT_BRANDS: Record<string, string> = {
  '1': 'Mastercard', '2': 'Diners', '3': 'Visa', '4': 'Cabal', '5': 'Hipercard', '6': 'Sorocred', '7': 'UnionPay',
  '8': 'Credsystem', '9': 'Sicredi', A: 'Avista', B: 'Banescard', E: 'Elo', J: 'JCB', X: 'Amex', Z: 'Credz',
};

/** §2.5: in EEVD `1` is Maestro (a Mastercard brand) and `3` Visa Electron; Elo/Amex debit use the §2.7.1 letters. */
const DEBIT_BRANDS: Record<string, string> = { ...CREDIT_BRANDS, '1': 'Mastercard', '3': 'Visa' };

/** `0` ("other") and unknown codes decode to null. */
export function creditBrand(code: string): Coded {
  const c = code.trim();
  return { code: c, name: CREDIT_BRANDS[c] ?? null };
}

export function debitBrand(code: string): Coded {
  const c = code.trim();
  return { code: c, name: DEBIT_BRANDS[c] ?? null };
}

/** Rede has no product field: the RV type says it (EEVC 006/010/016, EEVD summary type D/P). */
const PRODUCTS: Record<string, string> = {
  '006': 'Crédito à vista',
  '010': 'Crédito parcelado loja',
  '016': 'Crédito parcelado loja',
  D: 'Débito',
  P: 'Débito',
};

export function product(code: string): Coded {
  return { code, name: PRODUCTS[code] ?? null };
}

/** §2.7.2 (EEVC Table II; EEVD uses the same digits in a 2-character field). */
const CAPTURE: Record<string, string> = {
  '1': 'Manual', '2': 'POS', '3': 'PDV', '4': 'TO (transmissão offline)', '5': 'Internet', '6': 'Leitor de trilha',
  '9': 'Outros',
};

export function capture(code: string): Coded {
  const c = code.trim();
  return { code: c, name: CAPTURE[c] ?? null };
}

/** §2.7.3: `0`/`000` accepted, anything else a rejection reason. */
export function eevcStatus(code: string): { status: Coded; accepted: boolean } {
  const c = code.trim();
  const accepted = /^0+$/.test(c);
  return { status: { code: c, name: accepted ? 'Aceita' : 'Rejeitada' }, accepted };
}

/** EEVD CV status: only `01` (approved) is documented. */
export function eevdStatus(code: string): { status: Coded; accepted: boolean } {
  const c = code.trim();
  const accepted = c === '01';
  return { status: { code: c, name: accepted ? 'Aprovada' : null }, accepted };
}

/** §2.7.4, the reconciliation-relevant subset; the file's own 28-character text is preferred when present. */
const ADJUSTMENT_REASONS: Record<number, string> = {
  8: 'Cancelamento de venda Hipercard', 9: 'Cancelamento/chargeback Maestro', 10: 'Cancelamento por contestação',
  15: 'Chargeback cartão com chip', 16: 'Estorno de crédito indevido', 18: 'Cancelamento de venda',
  21: 'Cancelamento Maestro', 22: 'Venda contestada', 23: 'Venda contestada (cancelamento pelo emissor)',
  24: 'Tarifa de excesso de chargeback', 28: 'Aluguel de POS', 32: 'Cancelamento de venda débito',
  36: 'Devolução de CV', 48: 'Aluguel de PIN pad', 52: 'Estorno de débito de chargeback',
  54: 'Total líquido abaixo do esperado', 58: 'Crédito de aluguel', 61: 'Devolução de pagamento a maior',
  63: 'Regularização de débito anterior', 64: 'Pagamento de RV', 71: 'Pagamento da 1ª parcela',
  72: 'Pagamento da 2ª parcela', 73: 'Pagamento da 3ª parcela', 74: 'Pagamento da 4ª parcela',
  75: 'Pagamento da 5ª parcela', 76: 'Pagamento manual', 77: 'Pagamento da 7ª parcela',
  78: 'Pagamento da 8ª parcela', 79: 'Pagamento da 9ª parcela', 80: 'Captura offline', 82: 'Comissão sobre vendas',
  85: 'Pagamento de RV', 86: 'Antecipação em dólar', 97: 'Estorno de débito', 99: 'Débito não aceito',
};

export function adjustmentReason(code: string, fileText: string): Coded {
  const c = code.trim();
  const text = fileText.trim();
  const n = /^\d+$/.test(c) ? Number(c) : NaN;
  return { code: c, name: text !== '' ? text : (ADJUSTMENT_REASONS[n] ?? null) };
}

/** Reasons of §2.7.4 that reverse a sale as a chargeback or as a cancellation; the rest are adjustments. */
const CHARGEBACK_REASONS = new Set([10, 15, 22, 23]);
const CANCELLATION_REASONS = new Set([8, 16, 18, 21, 32]);

export function correctionKind(code: string): 'adjustment' | 'cancellation' | 'chargeback' {
  const n = Number(code.trim());
  if (CHARGEBACK_REASONS.has(n)) return 'chargeback';
  if (CANCELLATION_REASONS.has(n)) return 'cancellation';
  return 'adjustment';
}

/** §2.7.6, EEFI Table II: status of a credit (034). */
const CREDIT_STATUS: Record<string, string> = {
  '00': 'OK', '01': 'A emitir', '02': 'Em trânsito', '03': 'Pendente no banco', '04': 'Pendente na matriz',
  '05': 'Pendente na filial', '06': 'Baixado', '07': 'Em trânsito em fita', '08': 'Baixa automática',
  '09': 'Baixado por penhora/retenção', '11': 'Suspenso', '12': 'Penhorado', '13': 'Retido',
};

export function creditStatus(code: string): Coded {
  const c = code.trim();
  return { code: c, name: CREDIT_STATUS[c] ?? null };
}

/** EEFI 040/041/042: service fees have no reason code, the record type names the service. */
const SERVICE_FEES: Record<string, string> = {
  '040': 'Tarifa de consultas Serasa',
  '041': 'Tarifa de consultas AVS',
  '042': 'Tarifa de SecureCode',
};

export function serviceFee(type: string): Coded {
  return { code: type, name: SERVICE_FEES[type] ?? null };
}

/** EEFI 049 debit type: who cancelled the installments being rescheduled (§2.6). */
export function rescheduleReason(code: string): Coded {
  const c = code.trim();
  const name = c === '1' ? 'Cancelamento pelo estabelecimento' : c === '2' ? 'Cancelamento pelo emissor' : null;
  return { code: c, name };
}
