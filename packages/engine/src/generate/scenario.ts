import { addDays, addMonths, type BusinessDate, type SaleResult } from '@concilia/domain';
import type { SyntheticBrand, SyntheticProduct, SyntheticSale } from './synthetic';

/** Brands the operators' writers know only as credit cards. */
const CREDIT_ONLY_BRANDS: ReadonlySet<SyntheticBrand> = new Set(['amex', 'hipercard']);

/**
 * A reproducible scenario of sales for demos, round trips and benchmarks: every sale exists on the operator
 * side, the customer side or both, with a known difference between the two. The truth comes with each sale,
 * so a matcher's answer can be checked line by line. Sales come batch by batch (same merchant, day, brand and
 * product), the order operator files group them in, and one at a time: a million sales take no memory.
 */

export type Difference =
  | 'nenhuma'
  | 'somente_operadora'
  | 'somente_cliente'
  | 'valor'
  | 'data'
  | 'parcelas'
  | 'cancelada'
  | 'chargeback';

/** Share of each difference among sales (the rest are identical on both sides). */
export type DifferenceShares = Partial<Record<Exclude<Difference, 'nenhuma'>, number>>;

export const DEFAULT_SHARES: DifferenceShares = {
  somente_operadora: 0.02,
  somente_cliente: 0.02,
  valor: 0.01,
  data: 0.01,
  parcelas: 0.01,
  cancelada: 0.005,
  chargeback: 0.005,
};

export interface ScenarioOptions {
  sales: number;
  /** same seed, same scenario */
  seed?: number;
  /** establishments (EC/PV) the sales are spread over */
  merchants?: readonly string[];
  /** first sale date; sales spread over `days` days from it */
  startDate?: BusinessDate;
  days?: number;
  shares?: DifferenceShares;
  /** sales per batch (RO/RV) */
  batchSize?: number;
  /** terminal codes per establishment: terminal n of merchant m is `${m}${n}` unless given */
  terminals?: (merchantId: string) => readonly string[];
}

export interface ScenarioSale {
  /** 0-based position of the sale in the scenario */
  index: number;
  difference: Difference;
  /** what the operator reports; null when the sale is only in the customer file */
  operator: SyntheticSale | null;
  /** what the merchant's own file says; null when the sale is only at the operator */
  customer: SyntheticSale | null;
}

/** mulberry32: a tiny deterministic PRNG, so the same seed gives the same files on any machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BRANDS: SyntheticBrand[] = ['visa', 'mastercard', 'elo', 'amex', 'hipercard'];
const BINS: Record<SyntheticBrand, string> = { visa: '409600', mastercard: '545301', elo: '636368', amex: '376411', hipercard: '606282' };
/** MDR in basis points of the gross by product and plan: what the generated operator keeps */
const MDR_BP = { debito: 99, credito: 249, parcelado: 329 } as const;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function pickDifference(r: number, shares: DifferenceShares): Difference {
  let acc = 0;
  for (const [d, share] of Object.entries(shares) as [Exclude<Difference, 'nenhuma'>, number][]) {
    acc += share;
    if (r < acc) return d;
  }
  return 'nenhuma';
}

export function* generateScenario(opts: ScenarioOptions): Generator<ScenarioSale> {
  const rand = prng(opts.seed ?? 42);
  const merchants = opts.merchants ?? ['1020304050'];
  const start = opts.startDate ?? '2026-10-01';
  const days = opts.days ?? 30;
  const shares = opts.shares ?? DEFAULT_SHARES;
  const batchSize = opts.batchSize ?? 50;
  const terminalsOf = opts.terminals ?? ((m: string) => [`${m.slice(-4)}01`, `${m.slice(-4)}02`]);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

  let index = 0;
  let batchNo = 0;
  const perDay = Math.max(1, Math.ceil(opts.sales / days));
  while (index < opts.sales) {
    // one batch: same merchant, day, brand and product
    const day = Math.min(days - 1, Math.floor(index / perDay));
    const saleDate = addDays(start, day);
    const merchantId = merchants[batchNo % merchants.length]!;
    const brand = BRANDS[int(0, BRANDS.length - 1)]!;
    // Amex and Hipercard have no debit card here: the operators' files would call such a sale credit
    const product: SyntheticProduct = rand() < 0.35 && !CREDIT_ONLY_BRANDS.has(brand) ? 'debito' : 'credito';
    const installmentPlan = product === 'credito' && rand() < 0.3;
    const batchId = pad(++batchNo, 7); // seven digits, the narrowest batch field (Cielo lote)
    const terminals = terminalsOf(merchantId);
    const end = Math.min(opts.sales, index + batchSize);
    for (; index < end; index++) {
      const installments = installmentPlan ? int(2, 6) : 1;
      const gross = int(500, 150_000);
      const mdr = product === 'debito' ? MDR_BP.debito : installments > 1 ? MDR_BP.parcelado : MDR_BP.credito;
      const fee = Math.round((gross * mdr) / 10_000);
      const creditDate = product === 'debito' ? addDays(saleDate, 1) : addMonths(saleDate, 1);
      const seconds = int(8 * 3600, 22 * 3600);
      const sale: SyntheticSale = {
        merchantId,
        batchId,
        // six digits, the narrowest NSU of the layouts (Cielo); NSUs repeat across days, as real ones do
        nsu: pad((index % 999_999) + 1, 6),
        authorization: pad(int(0, 999_999), 6),
        tid: rand() < 0.1 ? `TID${pad(index, 17)}` : null,
        terminal: terminals[index % terminals.length]!,
        saleDate,
        saleTime: `${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}`,
        gross,
        fee,
        installments,
        brand,
        product,
        creditDate,
        card: `${BINS[brand]}******${pad(int(0, 9999), 4)}`,
        status: 'normal',
        customerCode: `PED${pad(index + 1, 8)}`,
        nossoNumero: pad(index + 1, 12),
      };
      const difference = pickDifference(rand(), shares);
      yield describe(index, difference, sale, rand);
    }
  }
}

function describe(index: number, difference: Difference, sale: SyntheticSale, rand: () => number): ScenarioSale {
  switch (difference) {
    case 'somente_operadora':
      return { index, difference, operator: sale, customer: null };
    case 'somente_cliente':
      return { index, difference, operator: null, customer: sale };
    case 'valor': {
      const delta = 1 + Math.floor(rand() * 500);
      return { index, difference, operator: sale, customer: { ...sale, gross: sale.gross + delta } };
    }
    case 'data':
      return { index, difference, operator: sale, customer: { ...sale, saleDate: addDays(sale.saleDate, rand() < 0.5 ? -1 : 1) } };
    case 'parcelas':
      return { index, difference, operator: sale, customer: { ...sale, installments: sale.installments === 1 ? 2 : 1 } };
    case 'cancelada':
      return { index, difference, operator: { ...sale, status: 'cancelada' }, customer: sale };
    case 'chargeback':
      return { index, difference, operator: { ...sale, status: 'chargeback' }, customer: sale };
    case 'nenhuma':
      return { index, difference, operator: sale, customer: sale };
  }
}

/** The operator side of a scenario: what its operator files carry. */
export function* operatorSide(scenario: Iterable<ScenarioSale>): Generator<SyntheticSale> {
  for (const s of scenario) if (s.operator) yield s.operator;
}

/** The customer side of a scenario: what the merchant's own file carries. */
export function* customerSide(scenario: Iterable<ScenarioSale>): Generator<SyntheticSale> {
  for (const s of scenario) if (s.customer) yield s.customer;
}

/**
 * The result reconciliation must reach for a sale of each difference, on the side(s) that carry it — the
 * generator's truth in the result vocabulary of the ticket screens (SALE_RESULTS).
 */
export const EXPECTED_SALE_RESULT: Record<Difference, SaleResult> = {
  nenhuma: 'conciliado',
  somente_operadora: 'somente_operadora',
  somente_cliente: 'somente_cliente',
  valor: 'conciliado_divergencia',
  data: 'conciliado_divergencia',
  parcelas: 'conciliado_divergencia',
  cancelada: 'cancelado',
  chargeback: 'chargeback',
};
