import { bigint, boolean, date, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { pessoas } from './people.table';
import { operadoras, produtos } from './reference.table';
import { terminais } from './registers.table';

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

/**
 * Planos POS (spec part 2 §3 "POS plan", "POS plan rates", "Terminal plan"): what a reseller charges for the POS
 * terminals it places — a monthly fee (cobramensalidade S/N, valormensalidade in centavos, diacorte the billing
 * day) and rates by product and installment range; a terminal contract puts the plan in force on terminals for
 * a period. Billing (Faturamento) reads them.
 */
export const COBRA_MENSALIDADE = ['S', 'N'] as const;

export const planosPos = pgTable('planos_pos', {
  codplano: serial('codplano').primaryKey(),
  nome: text('nome').notNull(),
  codpessoapai: integer('codpessoapai').notNull().references(() => pessoas.codpessoa),
  cobramensalidade: text('cobramensalidade', { enum: COBRA_MENSALIDADE }).notNull().default('N'),
  valormensalidade: bigint('valormensalidade', { mode: 'number' }),
  diacorte: integer('diacorte'),
  /** how billing rounds the plan's rate: 'P' on each installment, 'V' once on the sale's value */
  tarifacao: text('tarifacao', { enum: TARIFACOES }).notNull().default('P'),
});

/** A product's rates in a POS plan; its installment ranges are planos_pos_taxas_faixas. */
export const planosPosTaxas = pgTable(
  'planos_pos_taxas',
  {
    codplanostaxas: serial('codplanostaxas').primaryKey(),
    codplano: integer('codplano').notNull(),
    codprodutos: integer('codprodutos').notNull(),
  },
  (t) => [
    index('planos_pos_taxas_plano_idx').on(t.codplano),
    foreignKey({ name: 'planos_pos_taxas_plano_fk', columns: [t.codplano], foreignColumns: [planosPos.codplano] }).onDelete('cascade'),
    foreignKey({ name: 'planos_pos_taxas_produto_fk', columns: [t.codprodutos], foreignColumns: [produtos.codprodutos] }),
  ],
);

export const planosPosTaxasFaixas = pgTable(
  'planos_pos_taxas_faixas',
  {
    codplanostaxas: integer('codplanostaxas').notNull(),
    de: integer('de').notNull(),
    ate: integer('ate').notNull(),
    /** percent with four decimals */
    taxa: numeric('taxa', { precision: 9, scale: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'planos_pos_taxas_faixas_pk', columns: [t.codplanostaxas, t.de] }),
    foreignKey({ name: 'planos_pos_taxas_faixas_taxa_fk', columns: [t.codplanostaxas], foreignColumns: [planosPosTaxas.codplanostaxas] }).onDelete('cascade'),
  ],
);

/** A POS plan in force from vigenciade to vigenciaate on the terminals of planos_terminal_terminais (listTerminal). */
export const planosTerminal = pgTable(
  'planos_terminal',
  {
    codplanosterminal: serial('codplanosterminal').primaryKey(),
    seq: integer('seq').notNull().default(1),
    codplanos: integer('codplanos').notNull(),
    vigenciade: date('vigenciade', { mode: 'string' }).notNull(),
    vigenciaate: date('vigenciaate', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('planos_terminal_plano_idx').on(t.codplanos),
    foreignKey({ name: 'planos_terminal_plano_fk', columns: [t.codplanos], foreignColumns: [planosPos.codplano] }).onDelete('cascade'),
  ],
);

export const planosTerminalTerminais = pgTable(
  'planos_terminal_terminais',
  {
    codplanosterminal: integer('codplanosterminal').notNull(),
    codterminal: integer('codterminal').notNull(),
  },
  (t) => [
    primaryKey({ name: 'planos_terminal_terminais_pk', columns: [t.codplanosterminal, t.codterminal] }),
    index('planos_terminal_terminais_terminal_idx').on(t.codterminal),
    foreignKey({ name: 'planos_terminal_terminais_contrato_fk', columns: [t.codplanosterminal], foreignColumns: [planosTerminal.codplanosterminal] }).onDelete('cascade'),
    foreignKey({ name: 'planos_terminal_terminais_terminal_fk', columns: [t.codterminal], foreignColumns: [terminais.codterminal] }),
  ],
);
