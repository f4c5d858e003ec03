import { tenantKey } from './column-types';
import { sql } from 'drizzle-orm';
import {
  bigint, boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, unique, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { pessoas, usuarios } from './people.table';
import { operadoras } from './reference.table';

/**
 * Received files and the lines read from them. Operator statements and customer sales files are kept apart
 * (linhas_operadora, linhas_cliente) because matching joins one side against the other; both carry the
 * file, the 1-based line and an identity key that makes a line known once whatever file brings it again.
 */

/** An establishment's standing beside its derived contract position (spec part 2 §4). */
export const ESTABELECIMENTO_SITUACOES = ['ATIVO', 'SUSPENSO', 'CANCELADO', 'CANCELADOEC'] as const;

/** Where a file came from (listarItensOrigemArquivoRecebido). */
export const ARQUIVO_ORIGENS = ['UPLOAD', 'PASTA', 'CLI', 'DEMO', 'MANUAL', 'IMPORTACAO', 'INTEGRACAO'] as const;
/**
 * The lifecycle of a received file (listarItensStatusArquivo). PROCESSADO_AVISOS: loaded whole, with warnings
 * the user should read (an unknown code, trailer counters that disagree while the amounts add up) — a stored
 * value, not derived, so the status filter and every screen see it as one more status.
 */
export const ARQUIVO_STATUS = ['AGUARDANDO', 'PROCESSANDO', 'PROCESSADO', 'PROCESSADO_AVISOS', 'ERRO'] as const;

export const arquivos = pgTable(
  'arquivos',
  {
    codarquivo: serial('codarquivo').primaryKey(),
    /** who the file belongs to (client or unit); null for an operator file of an establishment nobody registered */
    codpessoa: integer('codpessoa').references(() => pessoas.codpessoa),
    codoperadora: integer('codoperadora').references(() => operadoras.codoperadora),
    /** the file type (engine FILE_TYPES value); null while unrecognised */
    tipo: text('tipo'),
    /** the engine layout that reads it ('CIELO_V15', 'MAPEAMENTO', …) */
    layout: text('layout'),
    versao: text('versao'),
    status: text('status', { enum: ARQUIVO_STATUS }).notNull(),
    origem: text('origem', { enum: ARQUIVO_ORIGENS }).notNull(),
    nomearquivo: text('nomearquivo').notNull(),
    mensagem: text('mensagem'),
    /** the date the file says it was generated (header), else the day it was received: a business date */
    dataenvio: date('dataenvio', { mode: 'string' }).notNull(),
    datarecebimento: timestamp('datarecebimento', { withTimezone: true }).notNull().defaultNow(),
    dataprocessamento: timestamp('dataprocessamento', { withTimezone: true }),
    sha256: text('sha256').notNull(),
    tamanho: bigint('tamanho', { mode: 'number' }).notNull(),
    /** column mapping of a MAPEAMENTO file, kept so a reprocess reads it the same way */
    mapeamento: jsonb('mapeamento'),
    codusuario: integer('codusuario').references(() => usuarios.codusuario),
    /** lines loaded by this file, and lines it brought that were already known from another file */
    linhas: integer('linhas').notNull().default(0),
    repetidas: integer('repetidas').notNull().default(0),
    /** per record kind: count and summed amounts, as the CLI prints them */
    totais: jsonb('totais'),
    /** warnings of the last load: how many, and the first ones (FILE_MESSAGE_MAX_ERRORS) as located pt-BR messages */
    avisos: integer('avisos').notNull().default(0),
    mensagensavisos: jsonb('mensagensavisos').$type<string[]>(),
    /**
     * the units an operator file's lines were attributed to, recorded by its load: a VAN file of the platform or of a
     * matriz covers the units of every establishment in it, not only its owner's (the late-file alarms read it)
     */
    unidades: integer('unidades').array(),
  },
  (t) => [
    // the same bytes sent twice by the same owner are one file
    uniqueIndex('arquivos_sha_idx').on(sql`coalesce(${t.codpessoa}, 0)`, t.sha256),
    // whether any file still holds stored bytes (stored-refs.ts, at each expired download offer): the key alone
    index('arquivos_sha256_idx').on(t.sha256),
    index('arquivos_pessoa_idx').on(t.codpessoa),
    index('arquivos_envio_idx').on(t.dataenvio),
    index('arquivos_status_idx').on(t.status),
  ],
);

/**
 * Operator establishments (EC / PV / StoneCode) and the unit they belong to: how a line of an operator file
 * finds its unit. Maintained by the establishments register (part 2); seeded for the demo.
 */
export const estabelecimentos = pgTable(
  'estabelecimentos',
  {
    codestabelecimento: serial('codestabelecimento').primaryKey(),
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa),
    codoperadora: integer('codoperadora').notNull().references(() => operadoras.codoperadora),
    codexterno: text('codexterno').notNull(),
    nome: text('nome'),
    /** ATIVO, or what the back office recorded: SUSPENSO, CANCELADO, CANCELADOEC (the merchant cancelled it) */
    situacao: text('situacao', { enum: ESTABELECIMENTO_SITUACOES }).notNull().default('ATIVO'),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
    /** the merchant (EC) agreed to the operator sending its statement here (aprovarUrl) */
    aprovadoecem: timestamp('aprovadoecem', { withTimezone: true }),
    aprovadoecpor: integer('aprovadoecpor'),
    /** the operator approved the registration (validarPendenciaCadastroOperadora at stage A) */
    aprovadooperadoraem: timestamp('aprovadooperadoraem', { withTimezone: true }),
    aprovadooperadorapor: integer('aprovadooperadorapor'),
    /** the last refusal of the registration (validarPendenciaCadastroOperadora) and why: the merchant reads it */
    recusadoem: timestamp('recusadoem', { withTimezone: true }),
    motivorecusa: text('motivorecusa'),
  },
  (t) => [unique('estabelecimentos_operadora_codexterno_uq').on(t.codoperadora, t.codexterno), index('estabelecimentos_pessoa_idx').on(t.codpessoa)],
);

/**
 * Columns both line tables share: the file, the line and the identity of the line.
 *
 * The line tables carry no foreign keys: on a bulk COPY each one is a per-row trigger lookup (measured: each
 * adds about as much as the COPY itself). The pipeline is the only writer; it deletes a file's lines with the
 * file, in one transaction, and resolves operators and units from their tables before writing.
 */
const lineOrigin = {
  codarquivo: integer('codarquivo').notNull(),
  linha: integer('linha').notNull(),
  /** MD5 of the record's identity (operator keys, or the customer's keys and owner): the same line is known once */
  chave: uuid('chave').notNull(),
  /** nth line of the same identity inside one file: genuine repeats in a file are kept, repeats across files are not */
  ocorrencia: integer('ocorrencia').notNull(),
};

/**
 * Operator lines of every kind (sale, summary, forecast, settlement, adjustment, cancellation, chargeback,
 * anticipation, pix). Amounts are integer centavos; `data` is the record's own date (sale, settlement,
 * correction, credit date of a forecast), `dataprevista` the credit date it announces.
 */
export const linhasOperadora = pgTable(
  'linhas_operadora',
  {
    // a cached sequence: one catalogue round per thousand rows instead of per row
    codlinha: bigint('codlinha', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ cache: 1000 }),
    ...lineOrigin,
    tipo: text('tipo').notNull(),
    tiporegistro: text('tiporegistro').notNull(),
    codoperadora: integer('codoperadora').notNull(),
    /** the establishment's unit; null when the establishment is not registered (getListaUnidadesNaoEncontradas) */
    codpessoa: integer('codpessoa'),
    ...tenantKey(),
    estabelecimento: text('estabelecimento').notNull(),
    lote: text('lote'),
    nsu: text('nsu'),
    autorizacao: text('autorizacao'),
    tid: text('tid'),
    terminal: text('terminal'),
    data: date('data', { mode: 'string' }).notNull(),
    hora: text('hora'),
    datavenda: date('datavenda', { mode: 'string' }),
    dataprevista: date('dataprevista', { mode: 'string' }),
    valorbruto: bigint('valorbruto', { mode: 'number' }),
    valortaxa: bigint('valortaxa', { mode: 'number' }),
    valorliquido: bigint('valorliquido', { mode: 'number' }).notNull(),
    parcela: smallint('parcela'),
    totparcelas: smallint('totparcelas'),
    bandeira: text('bandeira'),
    bandeiranome: text('bandeiranome'),
    produto: text('produto'),
    produtonome: text('produtonome'),
    captura: text('captura'),
    status: text('status'),
    aceita: boolean('aceita'),
    motivo: text('motivo'),
    motivonome: text('motivonome'),
    cartao: text('cartao'),
    /**
     * Marketplace ids of a sale (or installment) made through a platform with split (Mercado Pago, Pagar.me):
     * the sub-seller / recipient, the platform's payment, order and item ids. Null for the card acquirers.
     */
    mktvendedor: text('mktvendedor'),
    mktpagamento: text('mktpagamento'),
    mktpedido: text('mktpedido'),
    mktitem: text('mktitem'),
    /** what the record carries beyond these columns (bank account, original batch, counts of a summary) */
    extras: jsonb('extras'),
  },
  (t) => [
    // led by the record's date (a function of its identity, so uniqueness is the same as on the key alone): a
    // file's lines land in the index pages of their own days instead of all over a random-key index
    unique('linhas_operadora_chave_uq').on(t.data, t.chave, t.ocorrencia),
    // lines are appended file by file, so a BRIN range index finds a file's lines at almost no load cost
    index('linhas_operadora_arquivo_idx').using('brin', t.codarquivo),
    // Pesquisar Ticket finds a sale by its NSU (written with or without leading zeros, hence ltrim) inside a month:
    // without it the search reads every sale of the month of the caller's units (~600,000 of a 10M-line tenant,
    // seconds per request); the date second keeps the month a range of one NSU. Partial: only sales are searched
    // by NSU (the search and the trace's first step say tipo = 'sale'), and the other kinds' entries cost a
    // quarter of a load. The planner reads the statistics of an index expression only from a whole-table index,
    // so the expression has its own (CREATE STATISTICS linhas_operadora_nsu_stx, migration 0032): without them it
    // expects hundreds of rows per NSU.
    index('linhas_operadora_nsu_idx').on(sql`ltrim(${t.nsu}, '0')`, t.data).where(sql`${t.tipo} = 'sale'`),
  ],
);

/** The merchant's own sales (customer files, manual tickets, imported operator sales). */
export const linhasCliente = pgTable(
  'linhas_cliente',
  {
    codlinhasarqcli: bigint('codlinhasarqcli', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ cache: 1000 }),
    ...lineOrigin,
    /** the client or unit the sale belongs to */
    codpessoa: integer('codpessoa'),
    ...tenantKey(),
    codoperadora: integer('codoperadora'),
    estabelecimento: text('estabelecimento'),
    nsu: text('nsu'),
    tid: text('tid'),
    autorizacao: text('autorizacao'),
    terminal: text('terminal'),
    datavenda: date('datavenda', { mode: 'string' }).notNull(),
    horavenda: text('horavenda'),
    totparcelas: smallint('totparcelas').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
    bandeira: text('bandeira'),
    produto: text('produto'),
    /** brand and product as the reference catalogue names them (null when the text is not recognised) */
    bandeiranome: text('bandeiranome'),
    produtonome: text('produtonome'),
    codexterno: text('codexterno'),
    nossonumero: text('nossonumero'),
    operadorainformada: text('operadorainformada'),
    desconsiderado: boolean('desconsiderado').notNull().default(false),
    /** the integrator's own id of the sale (integrator API): the same id sent again is the same sale */
    idintegrador: text('idintegrador'),
  },
  (t) => [
    unique('linhas_cliente_chave_uq').on(t.datavenda, t.chave, t.ocorrencia),
    uniqueIndex('linhas_cliente_integrador_uq').on(t.codpessoa, t.idintegrador).where(sql`${t.idintegrador} IS NOT NULL`),
    index('linhas_cliente_arquivo_idx').using('brin', t.codarquivo),
    // the customer side of Pesquisar Ticket by NSU (types C and CU, and the disregarded lines a type A search
    // lists beside the sales): the same lookup as linhas_operadora_nsu_idx
    index('linhas_cliente_nsu_idx').on(sql`ltrim(${t.nsu}, '0')`, t.datavenda),
  ],
);

/** Background work: a PostgreSQL-backed queue that several worker processes share (SKIP LOCKED). */
export const JOB_STATES = ['pending', 'running', 'done', 'failed'] as const;

export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: JOB_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** a running job whose lock has expired belongs to a worker that died: it is taken again */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_ready_idx').on(t.queue, t.state, t.runAt)],
);
