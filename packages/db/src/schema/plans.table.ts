import { bigint, boolean, date, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { pessoas } from './people.table';
import { operadoras, produtos } from './reference.table';

/**
 * Contracted rates (spec part 2 §3, "Reconciliation plan"): a plan holds rates by operator and product (and
 * optionally card BIN, installment range and value range); a contract puts a plan in force for a period
 * (vigência) on units at operators. The fee audit compares what operators charged with these rates. The
 * screens that maintain them come with the registers of part 2; the demo seeds plans.
 *
 * Constraint names are given: the generated ones pass PostgreSQL's 63-character limit and, cut there, collide.
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
    codplanosconciliadores: integer('codplanosconciliadores').notNull(),
    vigenciade: date('vigenciade', { mode: 'string' }).notNull(),
    vigenciaate: date('vigenciaate', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('planos_contrato_plano_idx').on(t.codplanosconciliadores),
    foreignKey({ name: 'planos_contrato_plano_fk', columns: [t.codplanosconciliadores], foreignColumns: [planosConciliadores.codplanosconciliadores] }).onDelete('cascade'),
  ],
);

/** The units and operators a contract applies to (listConciOperadora): optionally one establishment code. */
export const planosConciliadoresContratoUnidades = pgTable(
  'planos_conciliadores_contrato_unidades',
  {
    codplanosconciliadorescontrato: integer('codplanosconciliadorescontrato').notNull(),
    codoperadora: integer('codoperadora').notNull(),
    codpessoa: integer('codpessoa').notNull(),
    codexterno: text('codexterno'),
  },
  (t) => [
    primaryKey({ name: 'planos_contrato_unidades_pk', columns: [t.codplanosconciliadorescontrato, t.codoperadora, t.codpessoa] }),
    index('planos_contrato_unidades_pessoa_idx').on(t.codpessoa, t.codoperadora),
    foreignKey({ name: 'planos_contrato_unidades_contrato_fk', columns: [t.codplanosconciliadorescontrato], foreignColumns: [planosConciliadoresContrato.codplanosconciliadorescontrato] }).onDelete('cascade'),
    foreignKey({ name: 'planos_contrato_unidades_operadora_fk', columns: [t.codoperadora], foreignColumns: [operadoras.codoperadora] }),
    foreignKey({ name: 'planos_contrato_unidades_pessoa_fk', columns: [t.codpessoa], foreignColumns: [pessoas.codpessoa] }),
  ],
);

export const planosConciliadoresTaxas = pgTable(
  'planos_conciliadores_taxas',
  {
    codplanosconciliadorestaxas: serial('codplanosconciliadorestaxas').primaryKey(),
    codplanosconciliadores: integer('codplanosconciliadores').notNull(),
    codoperadora: integer('codoperadora').notNull(),
    codprodutos: integer('codprodutos').notNull(),
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
  (t) => [
    index('planos_taxas_plano_idx').on(t.codplanosconciliadores, t.codoperadora, t.codprodutos),
    foreignKey({ name: 'planos_taxas_plano_fk', columns: [t.codplanosconciliadores], foreignColumns: [planosConciliadores.codplanosconciliadores] }).onDelete('cascade'),
    foreignKey({ name: 'planos_taxas_operadora_fk', columns: [t.codoperadora], foreignColumns: [operadoras.codoperadora] }),
    foreignKey({ name: 'planos_taxas_produto_fk', columns: [t.codprodutos], foreignColumns: [produtos.codprodutos] }),
  ],
);
