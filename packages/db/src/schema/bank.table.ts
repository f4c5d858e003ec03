import { tenantKey } from './column-types';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pessoas } from './people.table';

/**
 * Conferência bancária (issue 21): did the money the operators said they paid reach the client's bank account?
 * Bank statements (OFX, CNAB 240 segment E) are received files like any other; their lines are kept apart from the
 * operators' and the customers' because the bank check joins settlements (linhas_operadora) against them.
 */

/**
 * A client's bank account: a statement lands only in the books of the client (or unit) that registered the account
 * it names, so the same bank, agency and account belongs to one person.
 */
export const contasBancarias = pgTable(
  'contas_bancarias',
  {
    codcontabancaria: serial('codcontabancaria').primaryKey(),
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
    /** the bank's COMPE code, 3 digits ('001' Banco do Brasil, '341' Itaú…) */
    banco: text('banco').notNull(),
    /** digits only, without the check digit, as statements name it */
    agencia: text('agencia').notNull(),
    conta: text('conta').notNull(),
    digito: text('digito'),
    descricao: text('descricao'),
    ativo: boolean('ativo').notNull().default(true),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('contas_bancarias_conta_uq').on(t.banco, t.agencia, t.conta), index('contas_bancarias_pessoa_idx').on(t.codpessoa)],
);

export const NATUREZAS_LANCAMENTO = ['C', 'D'] as const;

/** One posting of a bank statement: a credit or a debit of an account on a day. */
export const linhasBanco = pgTable(
  'linhas_banco',
  {
    codlinhabanco: bigint('codlinhabanco', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ cache: 1000 }),
    codarquivo: integer('codarquivo').notNull(),
    linha: integer('linha').notNull(),
    /** MD5 of the posting's identity (account, date, document, amount, nature): the same posting is known once */
    chave: uuid('chave').notNull(),
    ocorrencia: integer('ocorrencia').notNull(),
    codcontabancaria: integer('codcontabancaria').notNull().references(() => contasBancarias.codcontabancaria),
    /** the account's owner when loaded: the scope of every screen */
    codpessoa: integer('codpessoa').notNull(),
    ...tenantKey(),
    /** the posting date (a business date) */
    data: date('data', { mode: 'string' }).notNull(),
    natureza: text('natureza', { enum: NATUREZAS_LANCAMENTO }).notNull(),
    /** centavos, positive; `natureza` says which way */
    valor: bigint('valor', { mode: 'number' }).notNull(),
    historico: text('historico'),
    /** the bank's document id (OFX FITID, CNAB 'número do documento') */
    documento: text('documento'),
    /** the bank's posting code (OFX TRNTYPE, CNAB 'código do histórico no banco') and CNAB category */
    codigohistorico: text('codigohistorico'),
    categoria: text('categoria'),
  },
  (t) => [
    unique('linhas_banco_chave_uq').on(t.data, t.chave, t.ocorrencia),
    index('linhas_banco_arquivo_idx').using('brin', t.codarquivo),
    index('linhas_banco_conta_data_idx').on(t.codcontabancaria, t.data),
  ],
);

/** What the bank check concluded for a settlement or a bank posting (issue 21 "Results"). */
export const RESULTADOS_BANCARIOS = ['CREDITADO', 'CREDITADO_DIFERENCA', 'NAO_CREDITADO', 'NAO_DEBITADO', 'AGUARDANDO', 'CREDITO_SEM_ORIGEM', 'DEBITADO', 'DEBITO_SEM_ORIGEM'] as const;
/** How a pair was made: same amount and day, one business day apart, or a group on one side. */
export const REGRAS_BANCARIAS = ['EXATO', 'DIA_UTIL', 'AGRUPADO'] as const;

/**
 * The bank check's pairs: each settlement or operator debit (codlinha) and each bank posting (codlinhabanco) in at
 * most one group; the rows of a group share `grupo` and its result. A settlement without a posting and a posting
 * without a settlement are groups of one.
 */
export const conciliacoesBancarias = pgTable(
  'conciliacoes_bancarias',
  {
    codconciliacaobancaria: bigint('codconciliacaobancaria', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ cache: 1000 }),
    grupo: bigint('grupo', { mode: 'number' }).notNull(),
    codpessoa: integer('codpessoa').notNull(),
    ...tenantKey(),
    codcontabancaria: integer('codcontabancaria'),
    codlinha: bigint('codlinha', { mode: 'number' }),
    codlinhabanco: bigint('codlinhabanco', { mode: 'number' }),
    resultado: text('resultado', { enum: RESULTADOS_BANCARIOS }).notNull(),
    regra: text('regra', { enum: REGRAS_BANCARIAS }),
    /** the bank's total less the operators' total of the group, centavos */
    diferenca: bigint('diferenca', { mode: 'number' }).notNull().default(0),
    atualizadoem: timestamp('atualizadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conciliacoes_bancarias_linha_uq').on(t.codlinha).where(sql`${t.codlinha} IS NOT NULL`),
    uniqueIndex('conciliacoes_bancarias_banco_uq').on(t.codlinhabanco).where(sql`${t.codlinhabanco} IS NOT NULL`),
    index('conciliacoes_bancarias_grupo_idx').on(t.grupo),
    index('conciliacoes_bancarias_pessoa_idx').on(t.codpessoa, t.resultado),
  ],
);
