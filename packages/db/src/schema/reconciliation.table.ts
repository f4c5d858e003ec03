import { tenantKey } from './column-types';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

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
    ...tenantKey(),
    /** the pass that paired them (SALES_PASSES), or 'manual' */
    passo: text('passo').notNull(),
    /** fields that differ between the two lines: 'valor', 'data', 'parcelas' */
    divergencias: text('divergencias').array().notNull(),
    manual: boolean('manual').notNull().default(false),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  // no index on passo: nothing filters or sorts by it, and it cost ~28 % of writing the pairs (docs/performance-reconcile.md)
);

/**
 * People's decisions on sale lines, kept by the lines' identity (date, identity key, occurrence) rather than
 * by row id: a reprocess gives the lines new ids, and the decisions must come back with them.
 */
export const desconsideracoes = pgTable(
  'desconsideracoes',
  {
    datavenda: date('datavenda', { mode: 'string' }).notNull(),
    chave: uuid('chave').notNull(),
    ocorrencia: integer('ocorrencia').notNull(),
    codusuario: integer('codusuario'),
    ...tenantKey(),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.datavenda, t.chave, t.ocorrencia] })],
);

/** A manual pair ('parear') or a pair people broke and want kept apart ('separar'). */
export const DECISOES_PAREAMENTO = ['parear', 'separar'] as const;

export const decisoesPareamento = pgTable(
  'decisoes_pareamento',
  {
    coddecisao: bigint('coddecisao', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    acao: text('acao', { enum: DECISOES_PAREAMENTO }).notNull(),
    datacliente: date('datacliente', { mode: 'string' }).notNull(),
    chavecliente: uuid('chavecliente').notNull(),
    ocorrenciacliente: integer('ocorrenciacliente').notNull(),
    dataoperadora: date('dataoperadora', { mode: 'string' }).notNull(),
    chaveoperadora: uuid('chaveoperadora').notNull(),
    ocorrenciaoperadora: integer('ocorrenciaoperadora').notNull(),
    ...tenantKey(),
    codusuario: integer('codusuario'),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('decisoes_pareamento_cliente_uq').on(t.datacliente, t.chavecliente, t.ocorrenciacliente, t.acao),
    index('decisoes_pareamento_operadora_idx').on(t.dataoperadora, t.chaveoperadora, t.ocorrenciaoperadora),
  ],
);

/**
 * The fee audit of each operator sale: what was charged, what the contract gives, and how they compare.
 * 'derivada': the sale's fee is not written in the file but computed by the parser (a Cielo v15 installment
 * sale read without all its installment lines), so a difference is not called a divergence.
 */
export const AUDITORIA_SITUACOES = ['ok', 'divergente', 'nao_cadastrada', 'derivada'] as const;

export const auditoriaTaxas = pgTable(
  'auditoria_taxas',
  {
    codlinha: bigint('codlinha', { mode: 'number' }).primaryKey(),
    codpessoa: integer('codpessoa'),
    ...tenantKey(),
    codoperadora: integer('codoperadora').notNull(),
    datavenda: date('datavenda', { mode: 'string' }).notNull(),
    codprodutos: integer('codprodutos'),
    codplanosconciliadorestaxas: integer('codplanosconciliadorestaxas'),
    /** the fee the operator kept, centavos */
    taxacobrada: bigint('taxacobrada', { mode: 'number' }).notNull(),
    /** the fee the contract gives, centavos; null when no rate is registered */
    taxacontratada: bigint('taxacontratada', { mode: 'number' }),
    /** charged − contracted: positive is money the merchant can claim back */
    diferenca: bigint('diferenca', { mode: 'number' }),
    situacao: text('situacao', { enum: AUDITORIA_SITUACOES }).notNull(),
  },
  // every reader filters by unit and sale date; an index of situacao alone (four values) only cost the fee step's insert
  (t) => [index('auditoria_taxas_pessoa_idx').on(t.codpessoa, t.datavenda)],
);

/**
 * Daily sales per client, unit, operator, brand, product and hour, kept while reconciling so the dashboard
 * never scans raw lines. Rebuilt for the days a matching job touches.
 */
export const resumoVendasDia = pgTable(
  'resumo_vendas_dia',
  {
    data: date('data', { mode: 'string' }).notNull(),
    codpessoa: integer('codpessoa').notNull(),
    ...tenantKey(),
    codoperadora: integer('codoperadora').notNull(),
    bandeira: text('bandeira').notNull(),
    produto: text('produto').notNull(),
    hora: integer('hora').notNull(),
    quantidade: integer('quantidade').notNull(),
    bruto: bigint('bruto', { mode: 'number' }).notNull(),
    taxa: bigint('taxa', { mode: 'number' }).notNull(),
    liquido: bigint('liquido', { mode: 'number' }).notNull(),
    conciliadas: integer('conciliadas').notNull(),
    /** product kind for the dashboard's "by type": CREDITO, DEBITO, VOUCHER, PIX, or '' when nothing tells */
    tipo: text('tipo').notNull().default(''),
    /** fees charged above the contract on these sales (fee audit 'divergente', positive differences), centavos */
    sobretaxa: bigint('sobretaxa', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'resumo_vendas_dia_pk', columns: [t.data, t.codpessoa, t.codoperadora, t.bandeira, t.produto, t.hora] })],
);
