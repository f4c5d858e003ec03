import { tenantKey } from './column-types';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';

/**
 * Payment reconciliation (issue 5): what each operator sale's installments should pay, when and how much, and
 * what became of it. Rebuilt by `reconcilePayments` (apps/server/src/reconcile/payment-reconciliation.ts) for
 * the days it is given; like the line tables, no foreign keys: it is the only writer, and the rows are
 * derived from lines that a reprocess replaces.
 */

/** Vocabulary of PAYMENT_RESULTS (packages/domain/src/payment-results.ts). */
export const PAGAMENTO_SITUACOES = [
  'pago', 'pago_atraso', 'pago_valor_diferente', 'em_aberto', 'a_vencer', 'antecipado', 'ajustado', 'pix',
] as const;
/**
 * Vocabulary of PAYMENT_ORIGINS: the operator's forecast of the sale, of its batch, the credit date the sale line
 * announces, the contracted terms, Pix.
 */
export const PAGAMENTO_ORIGENS = ['previsao', 'previsao_lote', 'credito_venda', 'prazo_contratado', 'pix'] as const;

/** One expected payment per installment of an operator sale (or per Pix transaction), with its outcome. */
export const pagamentosPrevistos = pgTable(
  'pagamentos_previstos',
  {
    codpagamento: bigint('codpagamento', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ cache: 1000 }),
    /** the operator sale line (linhas_operadora.codlinha); the Pix line itself for a Pix transaction */
    codlinha: bigint('codlinha', { mode: 'number' }).notNull(),
    parcela: smallint('parcela').notNull(),
    totparcelas: smallint('totparcelas').notNull(),
    /** the unit of the sale; null when its establishment is not registered */
    codpessoa: integer('codpessoa'),
    ...tenantKey(),
    codoperadora: integer('codoperadora').notNull(),
    estabelecimento: text('estabelecimento').notNull(),
    lote: text('lote'),
    nsu: text('nsu'),
    bandeira: text('bandeira'),
    produto: text('produto'),
    datavenda: date('datavenda', { mode: 'string' }).notNull(),
    /** expected credit date and net amount (centavos) of the installment */
    dataprevista: date('dataprevista', { mode: 'string' }).notNull(),
    valorbrutoprevisto: bigint('valorbrutoprevisto', { mode: 'number' }),
    valorprevisto: bigint('valorprevisto', { mode: 'number' }).notNull(),
    origem: text('origem', { enum: PAGAMENTO_ORIGENS }).notNull(),
    /** the forecast line the expectation came from (null for contracted terms) */
    codlinhaprevisao: bigint('codlinhaprevisao', { mode: 'number' }),
    /** the settlement, anticipation or Pix line that paid it, and what it paid */
    codlinhapagamento: bigint('codlinhapagamento', { mode: 'number' }),
    tipopagamento: text('tipopagamento'),
    datapagamento: date('datapagamento', { mode: 'string' }),
    valorpago: bigint('valorpago', { mode: 'number' }),
    /** gross − net of the anticipation that paid it, this installment's share (centavos) */
    custoantecipacao: bigint('custoantecipacao', { mode: 'number' }),
    /** the cancellation, chargeback or adjustment that reversed it, with the operator's reason */
    codlinhaajuste: bigint('codlinhaajuste', { mode: 'number' }),
    tipoajuste: text('tipoajuste'),
    motivo: text('motivo'),
    motivonome: text('motivonome'),
    situacao: text('situacao', { enum: PAGAMENTO_SITUACOES }).notNull(),
  },
  (t) => [
    unique('pagamentos_previstos_linha_parcela_uq').on(t.codlinha, t.parcela),
    // a window is rebuilt by sale date; screens and the summary read by expected date
    index('pagamentos_previstos_venda_idx').on(t.datavenda),
    index('pagamentos_previstos_prevista_idx').on(t.dataprevista, t.codpessoa),
    // what time turns overdue (ageOpenPayments: 'a_vencer' past its date). Partial: a whole-table index of a column
    // of eight values was kept up on every expected payment written (≈ 13 % of the window's insert, 1.68M rows)
    // while every other reader of situacao also filters by date and unit, which the other indexes serve
    index('pagamentos_previstos_a_vencer_idx').on(t.dataprevista).where(sql`${t.situacao} = 'a_vencer'`),
  ],
);

/**
 * Daily payments per unit, operator, brand, product and expected date, kept while reconciling so the
 * dashboard never scans raw lines: what was expected, what was paid (and of it, anticipated), what is still
 * open (overdue) or to come, and what adjustments took back. `codpessoa` 0 = establishment not registered.
 */
export const resumoPagamentosDia = pgTable(
  'resumo_pagamentos_dia',
  {
    data: date('data', { mode: 'string' }).notNull(),
    codpessoa: integer('codpessoa').notNull(),
    ...tenantKey(),
    codoperadora: integer('codoperadora').notNull(),
    bandeira: text('bandeira').notNull(),
    produto: text('produto').notNull(),
    parcelas: integer('parcelas').notNull(),
    previsto: bigint('previsto', { mode: 'number' }).notNull(),
    pago: bigint('pago', { mode: 'number' }).notNull(),
    antecipado: bigint('antecipado', { mode: 'number' }).notNull(),
    custoantecipacao: bigint('custoantecipacao', { mode: 'number' }).notNull(),
    emaberto: bigint('emaberto', { mode: 'number' }).notNull(),
    avencer: bigint('avencer', { mode: 'number' }).notNull(),
    ajustado: bigint('ajustado', { mode: 'number' }).notNull(),
    /** installments paid late or with another amount: the day's exceptions */
    divergentes: integer('divergentes').notNull(),
    /** product kind for the dashboard's "by type": CREDITO, DEBITO, VOUCHER, PIX, or '' when nothing tells */
    tipo: text('tipo').notNull().default(''),
    /** gross and fee of the installments whose gross is known (the dashboard's average rate), centavos */
    brutoprevisto: bigint('brutoprevisto', { mode: 'number' }).notNull().default(0),
    taxaprevista: bigint('taxaprevista', { mode: 'number' }).notNull().default(0),
    /** installments still open past their date (emaberto's count) */
    parcelasemaberto: integer('parcelasemaberto').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.data, t.codpessoa, t.codoperadora, t.bandeira, t.produto] })],
);
