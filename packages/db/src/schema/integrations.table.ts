import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { pessoas, usuarios } from './people.table';
import { operadoras } from './reference.table';

/**
 * Integrações (issue 20; spec part 2 §3 "cloud bucket", "integration schedule", "ERP parameters", §7): files the
 * product writes for a client's ERP each business day and delivers by SFTP, FTP/FTPS or to an S3 bucket, the ERP's
 * own codes those files need, and the keys an integrator's system sends sales with. Every password or secret key
 * column holds a value sealed by the credential vault (the register kit's 'secret' kind), never the clear text.
 */

/** Where a client's files may be put: an S3 (or S3-compatible) bucket and folder, with its access key. */
export const bucketsS3 = pgTable(
  'buckets_s3',
  {
    codbuckets3amazon: serial('codbuckets3amazon').primaryKey(),
    /** the client the bucket belongs to: who may see it and deliver to it */
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    bucketname: text('bucketname').notNull(),
    pasta: text('pasta'),
    keyid: text('keyid').notNull(),
    /** the secret access key, sealed */
    senha: text('senha').notNull(),
    regiao: text('regiao').notNull().default('sa-east-1'),
    /** an S3-compatible service's address (MinIO, Ceph…); null: AWS itself */
    endpoint: text('endpoint'),
  },
  (t) => [index('buckets_s3_pessoa_idx').on(t.codpessoa)],
);

export const INTEGRACAO_PROTOCOLOS = ['SFTP', 'FTP', 'FTPS', 'S3'] as const;
export const INTEGRACAO_EXECUCAO_STATUS = ['EXECUTANDO', 'ENTREGUE', 'ERRO'] as const;

/**
 * An ERP delivery: one layout (tipo) of one client's movement, one file per business day from `datainiciogeracao`
 * on. `ultimadatagerada` is the last day delivered: a day is marked only once its file arrived, so a failed
 * delivery is tried again and a server down for days catches up day by day — nothing is skipped or sent twice.
 */
export const agendamentosIntegracao = pgTable(
  'agendamentos_integracao',
  {
    codagendamentointegracao: serial('codagendamentointegracao').primaryKey(),
    /** the client whose movement the files carry */
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
    /** who saved it last: the files are generated within this user's part of the hierarchy */
    codusuario: integer('codusuario').references(() => usuarios.codusuario, { onDelete: 'set null' }),
    /** the layout (INTEGRACAO_TIPOS of the domain: TOTVS_PROTHEUS, SOFTEXPRESS, AJUSTES, MOVIMENTO_CSV) */
    tipo: text('tipo').notNull(),
    /** one operator only; null with no `conciliadores`: every operator */
    codoperadora: integer('codoperadora').references(() => operadoras.codoperadora),
    /** several operators (codoperadora values); empty: as codoperadora says */
    conciliadores: integer('conciliadores').array().notNull().default(sql`'{}'::integer[]`),
    /** one unit of the client only; null: all of them */
    unidadeconciliadora: integer('unidadeconciliadora').references(() => pessoas.codpessoa, { onDelete: 'set null' }),
    /** the bank account the ERP posts the receipts to */
    contacorrente: text('contacorrente'),
    /** adjustments summed per operator and day into one line instead of one line each */
    ajusteconsolidado: boolean('ajusteconsolidado').notNull().default(false),
    /** A active, I inactive */
    status: text('status').notNull().default('A'),
    datainiciogeracao: date('datainiciogeracao', { mode: 'string' }).notNull(),
    protocolo: text('protocolo', { enum: INTEGRACAO_PROTOCOLOS }).notNull(),
    host: text('host'),
    porta: integer('porta'),
    login: text('login'),
    /** sealed */
    senha: text('senha'),
    diretorioftp: text('diretorioftp'),
    /**
     * SFTP: the server's host key as OpenSSH prints it ('SHA256:' and the base64 of its SHA-256); a delivery to a
     * server showing another key is refused. Typed by the user, or recorded at the first delivery (trust on first use).
     */
    chaveservidor: text('chaveservidor'),
    codbuckets3amazon: integer('codbuckets3amazon').references(() => bucketsS3.codbuckets3amazon, { onDelete: 'set null' }),
    /** the client's own establishment code (codexterno) written beside the operator's */
    exibirenccliente: boolean('exibirenccliente').notNull().default(false),
    /** adjustments only, no sales or payments */
    somenteajuste: boolean('somenteajuste').notNull().default(false),
    /** 'HH:MM', São Paulo: when each day's file (of the day before) is generated */
    hora: text('hora').notNull().default('06:00'),
    ultimadatagerada: date('ultimadatagerada', { mode: 'string' }),
    /** the next time the dispatcher looks at it; null when inactive */
    proximaexecucao: timestamp('proximaexecucao', { withTimezone: true }),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agendamentos_integracao_devidos_idx').on(t.proximaexecucao).where(sql`${t.status} = 'A'`),
    index('agendamentos_integracao_pessoa_idx').on(t.codpessoa),
  ],
);

/** One business day's file of a schedule: each attempt to deliver it, and how the last one ended. */
export const execucoesIntegracao = pgTable(
  'execucoes_integracao',
  {
    codexecucao: serial('codexecucao').primaryKey(),
    codagendamentointegracao: integer('codagendamentointegracao').notNull()
      .references(() => agendamentosIntegracao.codagendamentointegracao, { onDelete: 'cascade' }),
    /** the business day the file covers */
    datamovimento: date('datamovimento', { mode: 'string' }).notNull(),
    iniciadoem: timestamp('iniciadoem', { withTimezone: true }).notNull().defaultNow(),
    terminadoem: timestamp('terminadoem', { withTimezone: true }),
    status: text('status', { enum: INTEGRACAO_EXECUCAO_STATUS }).notNull().default('EXECUTANDO'),
    tentativas: integer('tentativas').notNull().default(0),
    arquivo: text('arquivo'),
    linhas: integer('linhas'),
    bytes: bigint('bytes', { mode: 'number' }),
    mensagem: text('mensagem'),
  },
  (t) => [unique('execucoes_integracao_dia_uq').on(t.codagendamentointegracao, t.datamovimento)],
);

/** TOTVS (Protheus/RM) posting parameters of a client (spec part 2 §3 "ERP parameters"). */
export const parametrosTotvs = pgTable('parametros_totvs', {
  codparametrototvs: serial('codparametrototvs').primaryKey(),
  codpessoa: integer('codpessoa').notNull().unique().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
  codfilial: text('codfilial'),
  opcional1: text('opcional1'),
  opcional2: text('opcional2'),
  coddepartamento: text('coddepartamento'),
  codcentrocusto: text('codcentrocusto'),
  tipocontabil: text('tipocontabil'),
  codmoeda: text('codmoeda'),
  codcontacaixa: text('codcontacaixa'),
  statuslancamento: text('statuslancamento'),
  codcoligadaclifor: text('codcoligadaclifor'),
  codcoligadacontacaixa: text('codcoligadacontacaixa'),
  tiposacado: text('tiposacado'),
  codevento: text('codevento'),
});

/** The code an operator has as a customer/supplier (cliente/fornecedor) in a client's TOTVS. */
export const codigosOperadoraTotvs = pgTable(
  'codigos_operadora_totvs',
  {
    codcodigooperadoratotvs: serial('codcodigooperadoratotvs').primaryKey(),
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
    codoperadora: integer('codoperadora').notNull().references(() => operadoras.codoperadora),
    codclifor: text('codclifor').notNull(),
    loja: text('loja'),
    natureza: text('natureza'),
  },
  (t) => [unique('codigos_operadora_totvs_uq').on(t.codpessoa, t.codoperadora)],
);

/** A unit registered with SoftExpress (SiTef): the store code its sales come under there. */
export const integracoesSoftexpress = pgTable(
  'integracoes_softexpress',
  {
    codintegracaosoftexpress: serial('codintegracaosoftexpress').primaryKey(),
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
    codigoloja: text('codigoloja').notNull(),
    cnpj: text('cnpj'),
    ativo: boolean('ativo').notNull().default(true),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('integracoes_softexpress_loja_uq').on(t.codpessoa, t.codigoloja)],
);

/**
 * A key an integrator's system (ERP, point of sale) sends a client's sales with. Only the SHA-256 of the key is
 * kept — the key itself is shown once, when created — and `prefixo` (its first characters) tells keys apart on screen.
 */
export const chavesApiIntegrador = pgTable(
  'chaves_api_integrador',
  {
    codchave: serial('codchave').primaryKey(),
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    prefixo: text('prefixo').notNull(),
    hash: text('hash').notNull(),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
    criadopor: integer('criadopor').references(() => usuarios.codusuario, { onDelete: 'set null' }),
    revogadaem: timestamp('revogadaem', { withTimezone: true }),
    revogadapor: integer('revogadapor').references(() => usuarios.codusuario, { onDelete: 'set null' }),
    ultimousoem: timestamp('ultimousoem', { withTimezone: true }),
  },
  (t) => [uniqueIndex('chaves_api_integrador_hash_uq').on(t.hash), index('chaves_api_integrador_pessoa_idx').on(t.codpessoa)],
);
