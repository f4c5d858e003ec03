import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A customer sale paired with the operator's sale: which pass paired them (or a person, by hand) and which
 * fields still differ. One pair per line on either side; a line with no pair is "only at the operator" or
 * "only in the customer file". Like the line tables, no foreign keys: the matcher is the only writer and
 * removes a file's pairs with its lines.
 */
export const conciliacoesVenda = pgTable(
  'conciliacoes_venda',
  {
    codconciliacao: bigint('codconciliacao', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ cache: 1000 }),
    codlinhasarqcli: bigint('codlinhasarqcli', { mode: 'number' }).notNull().unique(),
    codlinha: bigint('codlinha', { mode: 'number' }).notNull().unique(),
    /** the pass that paired them (SALES_PASSES), or 'manual' */
    passo: text('passo').notNull(),
    /** fields that differ between the two lines: 'valor', 'data', 'parcelas' */
    divergencias: text('divergencias').array().notNull(),
    manual: boolean('manual').notNull().default(false),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conciliacoes_venda_passo_idx').on(t.passo)],
);
