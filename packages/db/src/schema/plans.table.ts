import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { pessoas } from './people.table';
import { operadoras, produtos } from './reference.table';

/**
 * Contracted rates (spec part 2 §3, "Reconciliation plan"): a plan holds rates by operator and product (and
 * optionally card BIN, installment range and value range); a contract puts a plan in force for a period
 * (vigência) on units at operators. The fee audit compares what operators charged with these rates. The
 * screens that maintain them come with the registers of part 2; the demo seeds plans.
 */

/** 'P' por parcela (each installment on its own), 'V' por valor (the sale's total). */
export const TARIFACOES = ['P', 'V'] as const;
/** 'P' percent of the amount, 'V' a fixed amount in centavos. */
export const TIPOS_TAXA = ['P', 'V'] as const;

export const planosConciliadores = pgTable('planos_conciliadores', {
  codplanosconciliadores: serial('codplanosconciliadores').primaryKey(),
  nome: text('nome').notNull(),
  codpessoapai: integer('codpessoapai').notNull().references(() => pessoas.codpessoa),
  tarifacao: text('tarifacao', { enum: TARIFACOES }).notNull().default('P'),
});

export const planosConciliadoresContrato = pgTable(
  'planos_conciliadores_contrato',
  {
    codplanosconciliadorescontrato: serial('codplanosconciliadorescontrato').primaryKey(),
    seq: integer('seq').notNull().default(1),
    codplanosconciliadores: integer('codplanosconciliadores').notNull().references(() => planosConciliadores.codplanosconciliadores, { onDelete: 'cascade' }),
    vigenciade: date('vigenciade', { mode: 'string' }).notNull(),
    vigenciaate: date('vigenciaate', { mode: 'string' }).notNull(),
  },
  (t) => [index('planos_contrato_plano_idx').on(t.codplanosconciliadores)],
);

/** The units and operators a contract applies to (listConciOperadora): optionally one establishment code. */
export const planosConciliadoresContratoUnidades = pgTable(
  'planos_conciliadores_contrato_unidades',
  {
    codplanosconciliadorescontrato: integer('codplanosconciliadorescontrato').notNull()
      .references(() => planosConciliadoresContrato.codplanosconciliadorescontrato, { onDelete: 'cascade' }),
    codoperadora: integer('codoperadora').notNull().references(() => operadoras.codoperadora),
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa),
    codexterno: text('codexterno'),
  },
  (t) => [
    primaryKey({ columns: [t.codplanosconciliadorescontrato, t.codoperadora, t.codpessoa] }),
    index('planos_contrato_unidades_pessoa_idx').on(t.codpessoa, t.codoperadora),
  ],
);

export const planosConciliadoresTaxas = pgTable(
  'planos_conciliadores_taxas',
  {
    codplanosconciliadorestaxas: serial('codplanosconciliadorestaxas').primaryKey(),
    codplanosconciliadores: integer('codplanosconciliadores').notNull().references(() => planosConciliadores.codplanosconciliadores, { onDelete: 'cascade' }),
    codoperadora: integer('codoperadora').notNull().references(() => operadoras.codoperadora),
    codprodutos: integer('codprodutos').notNull().references(() => produtos.codprodutos),
    /** first 6 digits of the card; null: any card */
    bincartao: text('bincartao'),
    tarifacao: text('tarifacao', { enum: TARIFACOES }).notNull().default('P'),
    taxabndes: boolean('taxabndes').notNull().default(false),
    /** installment range, inclusive */
    de: integer('de').notNull().default(1),
    ate: integer('ate').notNull().default(1),
    /** sale value range in centavos, inclusive; null: no bound */
    valorde: bigint('valorde', { mode: 'number' }),
    valorate: bigint('valorate', { mode: 'number' }),
    tipotaxa: text('tipotaxa', { enum: TIPOS_TAXA }).notNull().default('P'),
    /** percent with four decimals when tipotaxa = 'P' */
    taxa: numeric('taxa', { precision: 9, scale: 4 }),
    /** centavos when tipotaxa = 'V' */
    valortaxa: bigint('valortaxa', { mode: 'number' }),
  },
  (t) => [index('planos_taxas_plano_idx').on(t.codplanosconciliadores, t.codoperadora, t.codprodutos)],
);
