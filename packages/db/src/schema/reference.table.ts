import { boolean, index, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';

/**
 * Reference data every register points at: card operators (acquirers, voucher and Pix providers), card
 * brands, the generic products rates are set on, and the IBGE states and municipalities. Seeded by
 * `seedReference` from packages/db/seed-data; the option-list calls answer from these tables.
 */

export const OPERADORA_TIPOS = ['CARTAO', 'VOUCHER', 'PIX'] as const;
/**
 * How an operator derives the fee of an installment sale: 'T' on the sale's total, spread over the
 * installments; 'P' on each installment on its own.
 */
export const FORMAS_CALCULO = ['T', 'P'] as const;

export const operadoras = pgTable('operadoras', {
  codoperadora: serial('codoperadora').primaryKey(),
  nome: text('nome').notNull().unique(),
  tipo: text('tipo', { enum: OPERADORA_TIPOS }).notNull(),
  formacalculo: text('formacalculo', { enum: FORMAS_CALCULO }).notNull().default('T'),
  /** the operator's code in the Consinco ERP integration, when the client uses it */
  consinco: text('consinco'),
  /** establishments of this operator get their rates registered in the registration panel */
  estabelecimentocadastrotaxa: boolean('estabelecimentocadastrotaxa').notNull().default(false),
  /** registering an establishment for this operator's statement asks the merchant's documents (carta de autorização…) */
  cadastrodocumentos: boolean('cadastrodocumentos').notNull().default(true),
  /** the statement is fetched with the client's own API credentials at the operator (Cielo's, typed at sign-up) */
  cadastrosenha: boolean('cadastrosenha').notNull().default(false),
  ativo: boolean('ativo').notNull().default(true),
});

export const BANDEIRA_TIPOS = ['CARTAO', 'VOUCHER', 'PIX'] as const;

/**
 * Card brands. codbandeira 1–23 are the normalised brand ids of the multi-acquirer reconciliation
 * convention (formats/layouts.md §7); later codes extend that list.
 */
export const bandeiras = pgTable('bandeiras', {
  codbandeira: serial('codbandeira').primaryKey(),
  nome: text('nome').notNull().unique(),
  tipo: text('tipo', { enum: BANDEIRA_TIPOS }).notNull().default('CARTAO'),
  ativo: boolean('ativo').notNull().default(true),
});

/** Brands an operator captures, with the code its files give the brand (null where its files carry none). */
export const operadoraBandeiras = pgTable(
  'operadora_bandeiras',
  {
    codoperadora: integer('codoperadora').notNull().references(() => operadoras.codoperadora, { onDelete: 'cascade' }),
    codbandeira: integer('codbandeira').notNull().references(() => bandeiras.codbandeira),
    codigooperadora: text('codigooperadora'),
  },
  (t) => [
    primaryKey({ columns: [t.codoperadora, t.codbandeira] }),
    unique('operadora_bandeiras_codigo_uq').on(t.codoperadora, t.codigooperadora),
  ],
);

export const PRODUTO_TIPOS = ['CREDITO', 'DEBITO', 'VOUCHER', 'PIX'] as const;

/** The generic products rates and plans are set on (crédito à vista, parcelado loja, débito, voucher…). */
export const produtos = pgTable('produtos', {
  codprodutos: serial('codprodutos').primaryKey(),
  nome: text('nome').notNull().unique(),
  tipo: text('tipo', { enum: PRODUTO_TIPOS }).notNull(),
  parcelado: boolean('parcelado').notNull().default(false),
  prepago: boolean('prepago').notNull().default(false),
  ativo: boolean('ativo').notNull().default(true),
});

/** Products an operator offers (getItensProdutosByOperadora). */
export const operadoraProdutos = pgTable(
  'operadora_produtos',
  {
    codoperadora: integer('codoperadora').notNull().references(() => operadoras.codoperadora, { onDelete: 'cascade' }),
    codprodutos: integer('codprodutos').notNull().references(() => produtos.codprodutos),
  },
  (t) => [primaryKey({ columns: [t.codoperadora, t.codprodutos] })],
);

/**
 * An operator's own product codes as its files carry them (Cielo "forma de pagamento" 040 = Visa
 * crédito à vista, Getnet `SM` = Mastercard crédito…), mapped to a generic product and, where the code
 * implies one, a brand.
 */
export const operadoraCodigosProduto = pgTable(
  'operadora_codigos_produto',
  {
    codoperadora: integer('codoperadora').notNull().references(() => operadoras.codoperadora, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull(),
    descricao: text('descricao').notNull(),
    codprodutos: integer('codprodutos').notNull().references(() => produtos.codprodutos),
    codbandeira: integer('codbandeira').references(() => bandeiras.codbandeira),
  },
  (t) => [primaryKey({ columns: [t.codoperadora, t.codigo] })],
);

/** The 27 federative units; coduf is the IBGE 2-digit code, sigla the postal abbreviation. */
export const estados = pgTable('estados', {
  coduf: integer('coduf').primaryKey(),
  sigla: text('sigla').notNull().unique(),
  nome: text('nome').notNull(),
  /** IBGE region: N, NE, CO, SE, S */
  regiao: text('regiao').notNull(),
});

/** Municipalities; codcidade is the IBGE 7-digit code (its first two digits are the state's coduf). */
export const cidades = pgTable(
  'cidades',
  {
    codcidade: integer('codcidade').primaryKey(),
    nome: text('nome').notNull(),
    coduf: integer('coduf').notNull().references(() => estados.coduf),
  },
  (t) => [index('cidades_uf_idx').on(t.coduf)],
);
