import type { Coded } from '../model';

/**
 * Stone domain tables (formats/layouts.md §4.3). Names are those of the reference catalogue
 * (packages/db/seed-data/cartoes.json) so a decoded code finds its register row by name; [3P] entries of §4.3
 * are included, marked below.
 */

const coded = (table: Record<string, string>, raw: string | null): Coded => {
  const code = (raw ?? '').trim();
  return { code, name: table[code] ?? null };
};

/** BrandId: 1, 2 [OFF]; the rest [3P]. v1 `Brand` uses the same numbers (its samples only show 2). */
const BRANDS: Record<string, string> = { '1': 'Visa', '2': 'Mastercard', '3': 'Amex', '4': 'Cabal', '5': 'UnionPay', '9': 'Hipercard', '171': 'Elo' };

export const stoneBrand = (raw: string | null): Coded => coded(BRANDS, raw);

/** PoiType: 1–4 [OFF], 5–7 [3P]. */
const POI_TYPES: Record<string, string> = { '1': 'POS', '2': 'Micro POS', '3': 'TEF', '4': 'E-commerce', '5': 'PIN pad', '6': 'Software', '7': 'Aplicativo' };

export const stoneCapture = (raw: string | null): Coded => coded(POI_TYPES, raw);

/** v1 `CaptureMethod` is free text ('Ecommerce'); the known spellings are named, the rest kept raw. */
const V1_CAPTURE: Record<string, string> = { ecommerce: 'E-commerce', pos: 'POS', tef: 'TEF', 'micro pos': 'Micro POS' };

export function stoneCaptureV1(raw: string | null): Coded {
  const code = (raw ?? '').trim();
  return { code, name: V1_CAPTURE[code.toLowerCase()] ?? null };
}

/**
 * Product from AccountType (1 debit, 2 credit [OFF]; 3 prepaid debit, 4 prepaid credit, 5 voucher, 10 boleto
 * [3P]). The code stays the AccountType as written; for credit the name also depends on InstallmentType
 * (1 single payment, 2 merchant-financed, 3 issuer-financed [OFF]; the samples also write 0 for debit).
 */
const ACCOUNT_TYPES: Record<string, string> = { '1': 'Débito', '2': 'Crédito à vista', '3': 'Pré-pago débito', '4': 'Pré-pago crédito', '5': 'Voucher', '10': 'Boleto' };
const CREDIT_BY_INSTALLMENT_TYPE: Record<string, string> = { '2': 'Crédito parcelado loja', '3': 'Crédito parcelado emissor' };

export function stoneProduct(accountType: string | null, installmentType: string | null): Coded {
  const product = coded(ACCOUNT_TYPES, accountType);
  const byPlan = CREDIT_BY_INSTALLMENT_TYPE[(installmentType ?? '').trim()];
  return product.code === '2' && byPlan ? { code: product.code, name: byPlan } : product;
}

/**
 * FinancialEvents Type. The sign is part of the code as written ('-22'); the table is unsigned. 22 POS rent,
 * 23 and 27 adjustments [OFF, names from the samples' descriptions]; 2–20 from the 2.2+ list [3P].
 */
const EVENT_TYPES: Record<string, string> = {
  '2': 'Transferência interna',
  '5': 'Ajuste financeiro',
  '8': 'Split',
  '10': 'Cobrança',
  '11': 'Saldo cruzado',
  '12': 'Pagamento de empréstimo',
  '13': 'Saldo entre contas',
  '14': 'Garantia',
  '15': 'Cessão de titularidade',
  '17': 'Desembolso de antecipação',
  '18': 'Retirada de antecipação',
  '19': 'Depósito de antecipação',
  '20': 'Taxa de antecipação',
  '22': 'Aluguel de POS',
  '23': 'Ajuste',
  '27': 'Ajuste financeiro',
};

/** The event's own Description wins over the table: it is the operator's text for this very event. */
export function stoneEventType(raw: string | null, description: string | null): Coded {
  const code = (raw ?? '').trim();
  return { code, name: description ?? EVENT_TYPES[code.replace(/^[+-]/, '')] ?? null };
}

/** Chargeback reason codes are the brands' own (4837 Mastercard, 72 …): no table, the code is kept raw. */
/** The card network's own reason code, kept as written: Stone publishes no table of them. */
export const chargebackReason = (raw: string | null): Coded => ({ code: (raw ?? '').trim(), name: 'Chargeback' });

export const CANCELLATION_REASON: Coded = { code: 'Cancellation', name: 'Cancelamento' };
export const CHARGEBACK_REFUND_REASON = (raw: string | null): Coded => ({ code: (raw ?? '').trim(), name: 'Reapresentação de chargeback' });
