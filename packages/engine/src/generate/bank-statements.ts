import { addDays, type BusinessDate, type Centavos, nextBusinessDay } from '@concilia/domain';
import { writeCnab240Extrato } from '../bank/cnab240-extrato.writer';
import type { BankAccountRef, BankPostingInput } from '../bank/model';
import { writeOfx } from '../bank/ofx.writer';
import type { ScenarioSale } from './scenario';

/**
 * Bank statements for the scenario generator (issue 21): the postings a bank would show for a list of operator
 * settlements, with known differences injected, and the result the bank check must reach for each settlement and
 * each posting — the truth accuracy is measured against, as EXPECTED_SALE_RESULT is for sales.
 *
 * Differences are placed so that each has one right answer under the check's rules: a day holds at most one
 * settlement left without its exact credit (missing or short), a grouped credit takes every settlement of its day,
 * and credits without origin fall on days where no settlement is left unpaired, with amounts no settlement has.
 * The truth assumes the check runs after the last settlement's date plus one business day (nothing AGUARDANDO), and
 * that settlement amounts are distinct: two settlements of one amount a day apart are a real ambiguity the check
 * rightly leaves alone, which no injected difference describes (the bench draws distinct amounts for that reason).
 */

export type BankDifference = 'nenhuma' | 'nao_creditado' | 'dia_seguinte' | 'agrupado' | 'valor_menor';

/** What the check must conclude (RESULTADOS_BANCARIOS) and the difference it must report (bank − operator, centavos). */
export interface ExpectedBankResult {
  resultado: 'CREDITADO' | 'CREDITADO_DIFERENCA' | 'NAO_CREDITADO' | 'CREDITO_SEM_ORIGEM';
  diferenca: Centavos;
}

/** A settlement as the operator reports it: one line of its file. */
export interface GeneratedSettlement {
  /** unique within the scenario: the test finds the line by it (it goes where the line's NSU would be) */
  id: string;
  operator: string;
  merchantId: string;
  date: BusinessDate;
  amount: Centavos;
}

export interface BankShares {
  nao_creditado?: number;
  dia_seguinte?: number;
  valor_menor?: number;
  /** share of settlement days whose settlements are credited as one posting */
  agrupado?: number;
  /** credits without origin, as a share of the number of settlements */
  sem_origem?: number;
}

export const DEFAULT_BANK_SHARES: Required<BankShares> = { nao_creditado: 0.03, dia_seguinte: 0.05, valor_menor: 0.03, agrupado: 0.1, sem_origem: 0.02 };

export interface BankScenarioOptions {
  settlements: readonly GeneratedSettlement[];
  account: BankAccountRef;
  seed?: number;
  shares?: BankShares;
  /** the statements' generation date; the day after the last posting when absent */
  dataGeracao?: BusinessDate;
}

/** A posting of the statement and what it stands for. */
export interface GeneratedPosting extends BankPostingInput {
  /** the settlements it credits; empty for a credit without origin */
  settlements: string[];
}

export interface BankScenario {
  postings: GeneratedPosting[];
  /** per settlement id: the injected difference and the expected result */
  settlements: Map<string, { difference: BankDifference; expected: ExpectedBankResult }>;
  /** per posting documento of a credit without origin: the expected result */
  withoutOrigin: Map<string, ExpectedBankResult>;
  ofx: Uint8Array;
  /** the same postings in CNAB 240: one file per CNAB240_MAX_POSTINGS, as a bank splits a long period */
  cnab240: Uint8Array[];
}

/** a CNAB 240 lote numbers its records in 5 digits */
export const CNAB240_MAX_POSTINGS = 99_990;

/** mulberry32, as the sales scenario: the same seed gives the same statements on any machine */
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

/**
 * The settlements of a sales scenario: what the operator pays each establishment per brand, product and credit day
 * (net of its fee), moved to the next business day, for the sales it reports and did not cancel or charge back.
 * Installment plans pay their first installment only: enough money movements to check, without the whole schedule.
 */
export function scenarioSettlements(scenario: Iterable<ScenarioSale>, operator = 'cielo'): GeneratedSettlement[] {
  const byKey = new Map<string, GeneratedSettlement>();
  for (const s of scenario) {
    const sale = s.operator;
    if (!sale || sale.status !== 'normal') continue;
    const date = nextBusinessDay(sale.creditDate);
    const key = `${sale.merchantId}|${sale.brand}|${sale.product}|${date}`;
    const net = Math.floor((sale.gross - sale.fee) / sale.installments);
    const known = byKey.get(key);
    if (known) known.amount += net;
    else byKey.set(key, { id: '', operator, merchantId: sale.merchantId, date, amount: net });
  }
  const list = [...byKey.values()].sort((a, b) => a.date.localeCompare(b.date) || a.merchantId.localeCompare(b.merchantId) || a.amount - b.amount);
  list.forEach((s, i) => (s.id = `LQ${String(i + 1).padStart(8, '0')}`));
  return list;
}

const credited = (diferenca = 0): ExpectedBankResult => ({ resultado: diferenca === 0 ? 'CREDITADO' : 'CREDITADO_DIFERENCA', diferenca });

export function generateBankStatements(opts: BankScenarioOptions): BankScenario {
  const rand = prng(opts.seed ?? 21);
  const shares = { ...DEFAULT_BANK_SHARES, ...opts.shares };
  const byDay = new Map<BusinessDate, GeneratedSettlement[]>();
  for (const s of opts.settlements) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  const days = [...byDay.keys()].sort();
  const amounts = new Set(opts.settlements.map((s) => s.amount));

  const postings: GeneratedPosting[] = [];
  const truth: BankScenario['settlements'] = new Map();
  const post = (data: BusinessDate, valor: number, settlements: string[], historico: string) =>
    postings.push({ data, natureza: 'C', valor, documento: `D${String(postings.length + 1).padStart(8, '0')}`, historico, codigohistorico: null, categoria: '202', settlements });
  /** days with a settlement left unpaired by the check: no credit without origin may fall there */
  const unpairedDays = new Set<BusinessDate>();

  for (const day of days) {
    const list = byDay.get(day)!;
    const operators = new Set(list.map((s) => s.operator));
    if (list.length >= 2 && operators.size === 1 && rand() < shares.agrupado) {
      post(day, list.reduce((t, s) => t + s.amount, 0), list.map((s) => s.id), `${list[0]!.operator.toUpperCase()} CREDITO AGRUPADO`);
      for (const s of list) truth.set(s.id, { difference: 'agrupado', expected: credited() });
      continue;
    }
    let specialTaken = false;
    for (const s of list) {
      const r = rand();
      const historico = `${s.operator.toUpperCase()} ${s.merchantId}`;
      if (!specialTaken && r < shares.nao_creditado) {
        specialTaken = true;
        unpairedDays.add(day);
        truth.set(s.id, { difference: 'nao_creditado', expected: { resultado: 'NAO_CREDITADO', diferenca: -s.amount } });
      } else if (!specialTaken && r < shares.nao_creditado + shares.valor_menor && s.amount >= 200) {
        specialTaken = true;
        unpairedDays.add(day);
        // 1 % to 5 % short: inside the check's tolerance of 10 %
        let short = Math.max(1, Math.round(s.amount * (0.01 + rand() * 0.04)));
        // a short credit equal to another settlement would be that settlement's credit, not this one's short
        while (amounts.has(s.amount - short)) short++;
        post(day, s.amount - short, [s.id], historico);
        truth.set(s.id, { difference: 'valor_menor', expected: credited(-short) });
      } else if (r < shares.nao_creditado + shares.valor_menor + shares.dia_seguinte) {
        post(nextBusinessDay(addDays(day, 1)), s.amount, [s.id], historico);
        truth.set(s.id, { difference: 'dia_seguinte', expected: credited() });
      } else {
        post(day, s.amount, [s.id], historico);
        truth.set(s.id, { difference: 'nenhuma', expected: credited() });
      }
    }
  }

  const withoutOrigin: BankScenario['withoutOrigin'] = new Map();
  const quiet = days.filter((d) => !unpairedDays.has(d));
  const extra = Math.round(opts.settlements.length * shares.sem_origem);
  for (let i = 0; i < extra && quiet.length > 0; i++) {
    const day = quiet[Math.floor(rand() * quiet.length)]!;
    // an odd amount far above the day's settlements: no rule may take it for one of them
    let valor = 50_000_000 + Math.floor(rand() * 1_000_000);
    while (amounts.has(valor)) valor++;
    amounts.add(valor);
    post(day, valor, [], 'TED RECEBIDA');
    withoutOrigin.set(postings[postings.length - 1]!.documento!, { resultado: 'CREDITO_SEM_ORIGEM', diferenca: valor });
  }
  postings.sort((a, b) => a.data.localeCompare(b.data) || (a.documento ?? '').localeCompare(b.documento ?? ''));

  const last = postings.reduce<BusinessDate>((d, p) => (p.data > d ? p.data : d), days[days.length - 1] ?? '2026-01-01');
  const dataGeracao = opts.dataGeracao ?? addDays(last, 1);
  const plain = postings.map(({ settlements: _s, ...p }) => p);
  return {
    postings,
    settlements: truth,
    withoutOrigin,
    ofx: writeOfx(opts.account, plain, { dataGeracao }),
    cnab240: Array.from({ length: Math.max(1, Math.ceil(plain.length / CNAB240_MAX_POSTINGS)) }, (_, i) =>
      writeCnab240Extrato(opts.account, plain.slice(i * CNAB240_MAX_POSTINGS, (i + 1) * CNAB240_MAX_POSTINGS), { dataGeracao, sequencia: i + 1 })),
  };
}
