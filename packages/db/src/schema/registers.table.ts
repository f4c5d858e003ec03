import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { pessoas } from './people.table';
import { operadoras } from './reference.table';

/** Advance-payment rates (Taxas de Antecipação), owned by the person that maintains them. */
export const taxasAntecipacao = pgTable(
  'taxas_antecipacao',
  {
    codtaxaantecipacao: serial('codtaxaantecipacao').primaryKey(),
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa),
    nome: text('nome').notNull(),
    vigenciade: date('vigenciade', { mode: 'string' }).notNull(),
    vigenciaate: date('vigenciaate', { mode: 'string' }).notNull(),
    // percent with four decimals, exact: a rate is never a binary float in the database
    taxa: numeric('taxa', { precision: 9, scale: 4 }).notNull(),
  },
  (t) => [index('taxas_antecipacao_pessoa_idx').on(t.codpessoa)],
);

/**
 * Terminals (capture devices) of a client, maintained by the person above it (codpessoapai, usually its
 * reseller). Deleting the client or the operator is refused while a terminal points at it.
 */
export const terminais = pgTable(
  'terminais',
  {
    codterminal: serial('codterminal').primaryKey(),
    codexterno: text('codexterno').notNull(),
    nome: text('nome').notNull(),
    vinculo: text('vinculo').notNull(),
    status: text('status').notNull().default('A'),
    codpessoapai: integer('codpessoapai').notNull().references(() => pessoas.codpessoa),
    codpessoacliente: integer('codpessoacliente').notNull().references(() => pessoas.codpessoa),
    ativo: boolean('ativo').notNull().default(true),
    datainiciocobranca: date('datainiciocobranca', { mode: 'string' }),
    // a business date: today in São Paulo, not in the database server's zone
    datainclusao: date('datainclusao', { mode: 'string' }).notNull().default(sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`),
    codoperadora: integer('codoperadora').references(() => operadoras.codoperadora),
    codexternoconciliador: text('codexternoconciliador'),
  },
  (t) => [index('terminais_pai_idx').on(t.codpessoapai), index('terminais_cliente_idx').on(t.codpessoacliente)],
);

/**
 * TEF solutions (codtefs, nome; spec part 2 §3 "TEF"): the electronic-funds-transfer software a client's
 * checkouts use (SiTef, PayGo…). A catalogue every master picks from, and may add to.
 */
export const tefs = pgTable('tefs', {
  codtefs: serial('codtefs').primaryKey(),
  nome: text('nome').notNull().unique(),
});

/** Which TEF solutions a company uses (the master list's Tefs drawer: getTefs, salvarTefs). */
export const pessoaTefs = pgTable(
  'pessoa_tefs',
  {
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
    codtefs: integer('codtefs').notNull().references(() => tefs.codtefs, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'pessoa_tefs_pk', columns: [t.codpessoa, t.codtefs] })],
);
