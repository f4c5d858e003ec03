import type { Coded } from '../model';

/**
 * Getnet V10 domain tables (formats/layouts.md §3.10). Product and brand names are those of the reference
 * catalogue (packages/db/seed-data/cartoes.json, operator Getnet), so a decoded code finds its register row.
 */

interface ProductDef {
  /** catalogue product; credit products of an installment RV become 'Crédito parcelado loja' */
  product: string;
  brand: string | null;
}

const PRODUCTS: Record<string, ProductDef> = {
  SM: { product: 'Crédito à vista', brand: 'Mastercard' },
  SV: { product: 'Crédito à vista', brand: 'Visa' },
  SR: { product: 'Débito', brand: 'Mastercard' },
  SE: { product: 'Débito', brand: 'Visa' },
  EC: { product: 'Crédito à vista', brand: 'Elo' },
  ED: { product: 'Débito', brand: 'Elo' },
  AC: { product: 'Crédito à vista', brand: 'Amex' },
  // Hiper and Hipercard share HC: the brand cannot be told
  HC: { product: 'Crédito à vista', brand: null },
  BM: { product: 'Cartão BNDES', brand: 'Mastercard' },
  BV: { product: 'Cartão BNDES', brand: 'Visa' },
  CM: { product: 'Crediário', brand: 'Mastercard' },
  CV: { product: 'Crediário', brand: 'Visa' },
  CL: { product: 'Crediário', brand: 'Elo' },
  CA: { product: 'Crediário', brand: 'Amex' },
  CH: { product: 'Crediário', brand: 'Hiper' },
  PC: { product: 'Pré-pago crédito', brand: 'Mastercard' },
  PT: { product: 'Pré-pago débito', brand: 'Mastercard' },
  PS: { product: 'Pré-pago crédito', brand: 'Visa' },
  PN: { product: 'Pré-pago débito', brand: 'Visa' },
  PL: { product: 'Pré-pago crédito', brand: 'Elo' },
  PO: { product: 'Pré-pago débito', brand: 'Elo' },
  PH: { product: 'Pré-pago crédito', brand: 'Hipercard' },
  PX: { product: 'Pré-pago crédito', brand: 'Amex' },
  // booklet payments by debit card
  PV: { product: 'Débito', brand: 'Visa' },
  PM: { product: 'Débito', brand: 'Mastercard' },
  PE: { product: 'Débito', brand: 'Elo' },
};

/**
 * Getnet has no brand field: the product code carries it. A known product that names no single brand (HC,
 * Hiper or Hipercard) gives no brand at all (code ''), not an unknown one; an unknown product code stays raw.
 */
export function productBrand(code: string): Coded {
  const c = code.trim();
  const known = PRODUCTS[c];
  if (known && known.brand === null) return { code: '', name: null };
  return { code: c, name: known?.brand ?? null };
}

export function product(code: string, installments: number): Coded {
  const c = code.trim();
  const p = PRODUCTS[c]?.product ?? null;
  return { code: c, name: p === 'Crédito à vista' && installments > 1 ? 'Crédito parcelado loja' : p };
}

/** Product codes the writer uses for a brand: [credit, debit]; brands without a Getnet debit product use credit. */
export const WRITER_PRODUCTS: Record<string, [string, string]> = {
  visa: ['SV', 'SE'],
  mastercard: ['SM', 'SR'],
  elo: ['EC', 'ED'],
  amex: ['AC', 'AC'],
  hipercard: ['HC', 'HC'],
};

const CAPTURE: Record<string, string> = {
  TEF: 'TEF', POS: 'POS', MAN: 'Manual', INT: 'Internet', IAT: 'IATA', MOB: 'Mobile', PAG: 'Pagamento', SUP: 'Super TEF',
};

export function capture(code: string): Coded {
  const c = code.trim();
  return { code: c, name: CAPTURE[c] ?? null };
}

/** §3.10.3 */
export function transactionStatus(code: string): { status: Coded; accepted: boolean } {
  const c = code.trim();
  const name = c === 'C' ? 'Aprovada' : c === 'X' ? 'Cancelada' : null;
  return { status: { code: c, name }, accepted: c === 'C' };
}

/** §3.10.4 */
const PAYMENT_INDICATORS: Record<string, string> = {
  PF: 'Pagamento futuro', PG: 'Pago', AC: 'Antecipado', RA: 'Antecipação rejeitada',
  PR: 'Pagamento de antecipação rejeitada', PD: 'Pendente', CI: 'Cobrança interna', CS: 'Cedido',
};

export function paymentIndicator(code: string): Coded {
  const c = code.trim();
  return { code: c, name: PAYMENT_INDICATORS[c] ?? null };
}

/** §3.10.2 */
const ADJUSTMENT_REASONS: Record<number, string> = {
  1: 'Ajuste a crédito ou débito', 2: 'Aluguel de POS', 3: 'Cancelamento', 4: 'Chargeback', 5: 'Recarga de celular',
  6: 'Bilhetagem', 7: 'Consulta Serasa', 8: 'Aluguel vertical', 9: 'Carga de cartão pré-pago',
  10: 'Manutenção de cartão', 11: 'Venda de cartão', 12: 'Cancelamento com estorno', 13: 'Recarga paga com cartão',
  14: 'Plataforma digital', 15: 'GetData', 16: 'Estorno de chargeback', 20: 'Contrato revogado',
};

const numeric = (c: string) => (/^\d+$/.test(c) ? Number(c) : NaN);

/** The table's name, unless the record carries its own description. */
export function adjustmentReason(code: string, fileText: string): Coded {
  const c = code.trim();
  const text = fileText.trim();
  return { code: c, name: text !== '' ? text : (ADJUSTMENT_REASONS[numeric(c)] ?? null) };
}

export function correctionKind(code: string): 'adjustment' | 'cancellation' | 'chargeback' {
  const n = numeric(code.trim());
  if (n === 3 || n === 12) return 'cancellation';
  if (n === 4) return 'chargeback';
  return 'adjustment';
}

/** Record 5 operation types. */
export const OPERATION_TYPES: Record<string, string> = {
  CS: 'Cessão', GV: 'Gravame', CF: 'Cessão fumaça', PG: 'Pagamento',
};
