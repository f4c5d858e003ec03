import { bigint, boolean, date, foreignKey, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pessoas } from './people.table';
import { terminais } from './registers.table';
import { bytea } from './column-types';


/**
 * Billing (spec part 2 §2.2 Dados NFe, Faturamento Movimento, Fecha Movimento, Movimentos Fechados; §3 "Billing
 * movement", "Invoice info", "Service-invoice company data"). A reseller (or the platform) bills each client for
 * its POS terminals: the POS plan's rates on the sales made on them and the monthly fees. The open period is
 * computed from the sales no closed movement holds yet; closing it writes a movement and ties those sales to it,
 * so a late file's sales fall into the next open period and a closed movement never changes.
 */

/**
 * The issuing company's data for service invoices (NFS-e): one row per company (codpessoa) that bills its
 * clients. codpessoaemissao is the legal entity that appears as the invoice's provider (itself or another).
 * The e-mail and certificate passwords are sealed by the credential vault; the certificate and logo are the
 * uploaded files' bytes.
 */
export const dadosNfe = pgTable(
  'dados_nfe',
  {
    codpessoa: integer('codpessoa').primaryKey(),
    codpessoaemissao: integer('codpessoaemissao').notNull(),
    /** the IBGE code of the provider's municipality (cidades) */
    codcidade: integer('codcidade').notNull(),
    cnae: text('cnae'),
    desccnae: text('desccnae'),
    /** the LC 116/2003 service subitem, e.g. '01.07' */
    subitem: text('subitem').notNull(),
    descsubitem: text('descsubitem'),
    codigotributacaomunicipio: text('codigotributacaomunicipio').notNull(),
    descservico: text('descservico'),
    naturezaoperacao: text('naturezaoperacao'),
    regimeespecialtributacao: text('regimeespecialtributacao'),
    opatantesimplesnacional: text('opatantesimplesnacional'),
    incentivadorcultural: text('incentivadorcultural').notNull(),
    /** percents with four decimals */
    pis: numeric('pis', { precision: 7, scale: 4 }),
    cofins: numeric('cofins', { precision: 7, scale: 4 }),
    ir: numeric('ir', { precision: 7, scale: 4 }),
    csll: numeric('csll', { precision: 7, scale: 4 }),
    iss: numeric('iss', { precision: 7, scale: 4 }),
    /** centavos: below these service values the federal withholdings are not computed */
    valorminimocalculoir: bigint('valorminimocalculoir', { mode: 'number' }),
    valorminimocalculopiscofinscsll: bigint('valorminimocalculopiscofinscsll', { mode: 'number' }),
    email: text('email').notNull(),
    /** sealed (credential vault) */
    senhaemail: text('senhaemail').notNull(),
    smtp: text('smtp').notNull(),
    porta: integer('porta').notNull(),
    /** sealed (credential vault) */
    senhacertificado: text('senhacertificado'),
    /** the A1 certificate (PKCS#12) as uploaded, and what opening it said */
    certificado: bytea('certificado'),
    certificadonome: text('certificadonome'),
    certificadocnpj: text('certificadocnpj'),
    certificadovalidade: timestamp('certificadovalidade', { withTimezone: true }),
    logo: bytea('logo'),
    logonome: text('logonome'),
    logotipo: text('logotipo'),
    /** the DPS series and the last DPS number used (numbered in the same transaction that issues) */
    serie: text('serie').notNull().default('1'),
    ultimodps: bigint('ultimodps', { mode: 'number' }).notNull().default(0),
    atualizadoem: timestamp('atualizadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'dados_nfe_pessoa_fk', columns: [t.codpessoa], foreignColumns: [pessoas.codpessoa] }).onDelete('cascade'),
    foreignKey({ name: 'dados_nfe_emissao_fk', columns: [t.codpessoaemissao], foreignColumns: [pessoas.codpessoa] }),
  ],
);

/** A closed billing movement: one client's period, its frozen amounts, and the service invoice it gives rise to. */
export const movimentos = pgTable(
  'movimentos',
  {
    codmovimento: serial('codmovimento').primaryKey(),
    /** the key the invoice calls use (getInfoNota, previsualizarNota, …) */
    chave: text('chave').notNull().unique(),
    /** the client billed */
    codpessoa: integer('codpessoa').notNull(),
    /** who bills it: the person above the client that has the POS plans */
    codpessoafaturador: integer('codpessoafaturador').notNull(),
    filtrode: date('filtrode', { mode: 'string' }).notNull(),
    filtroate: date('filtroate', { mode: 'string' }).notNull(),
    datainclusao: timestamp('datainclusao', { withTimezone: true }).notNull().defaultNow(),
    codusuario: integer('codusuario'),
    quantidade: integer('quantidade').notNull(),
    valorbruto: bigint('valorbruto', { mode: 'number' }).notNull(),
    valorliquidoadm: bigint('valorliquidoadm', { mode: 'number' }).notNull(),
    valorliquidoterminal: bigint('valorliquidoterminal', { mode: 'number' }).notNull(),
    creditos: bigint('creditos', { mode: 'number' }).notNull(),
    debitos: bigint('debitos', { mode: 'number' }).notNull(),
    /** what the invoice bills: the terminal rates charged plus the monthly fees */
    valorservico: bigint('valorservico', { mode: 'number' }).notNull(),
    /** set when its invoice was processed (authorized or accepted) */
    dataprocessado: timestamp('dataprocessado', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: 'movimentos_pessoa_fk', columns: [t.codpessoa], foreignColumns: [pessoas.codpessoa] }),
    foreignKey({ name: 'movimentos_faturador_fk', columns: [t.codpessoafaturador], foreignColumns: [pessoas.codpessoa] }),
    index('movimentos_pessoa_idx').on(t.codpessoa, t.filtroate),
  ],
);

/**
 * The sales a closed movement billed, copied as billed: a sale (its identity, which survives a file's
 * reprocessing) is billed once, and the movement's report never changes when its files are loaded again.
 */
export const movimentoLinhas = pgTable(
  'movimento_linhas',
  {
    data: date('data', { mode: 'string' }).notNull(),
    chave: uuid('chave').notNull(),
    ocorrencia: integer('ocorrencia').notNull(),
    codmovimento: integer('codmovimento').notNull(),
    codterminal: integer('codterminal').notNull(),
    codoperadora: integer('codoperadora').notNull(),
    datavenda: date('datavenda', { mode: 'string' }).notNull(),
    nsu: text('nsu'),
    autorizacao: text('autorizacao'),
    produto: text('produto'),
    parcelas: integer('parcelas').notNull(),
    valorbruto: bigint('valorbruto', { mode: 'number' }).notNull(),
    valorliquidoadm: bigint('valorliquidoadm', { mode: 'number' }).notNull(),
    /** the POS plan's percent applied */
    taxaterminal: numeric('taxaterminal', { precision: 9, scale: 4 }).notNull(),
    valorliquidoterminal: bigint('valorliquidoterminal', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'movimento_linhas_pk', columns: [t.data, t.chave, t.ocorrencia] }),
    foreignKey({ name: 'movimento_linhas_movimento_fk', columns: [t.codmovimento], foreignColumns: [movimentos.codmovimento] }).onDelete('cascade'),
    index('movimento_linhas_movimento_idx').on(t.codmovimento),
  ],
);

/** The monthly fees a closed movement charged: a terminal's month is charged once. */
export const movimentoMensalidades = pgTable(
  'movimento_mensalidades',
  {
    codterminal: integer('codterminal').notNull(),
    /** the month charged, its first day */
    competencia: date('competencia', { mode: 'string' }).notNull(),
    codmovimento: integer('codmovimento').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'movimento_mensalidades_pk', columns: [t.codterminal, t.competencia] }),
    foreignKey({ name: 'movimento_mensalidades_movimento_fk', columns: [t.codmovimento], foreignColumns: [movimentos.codmovimento] }).onDelete('cascade'),
    foreignKey({ name: 'movimento_mensalidades_terminal_fk', columns: [t.codterminal], foreignColumns: [terminais.codterminal] }),
    index('movimento_mensalidades_movimento_idx').on(t.codmovimento),
  ],
);

export const NOTA_STATUS = ['PROCESSANDO', 'AUTORIZADA', 'REJEITADA', 'ACEITA'] as const;

/**
 * A movement's service invoice (one per movement: processing twice issues one). status, numeronota, protocolo
 * and mensagem are what getInfoNota shows; the signed DPS and the provider's NFS-e are kept for the e-mail and
 * the DANFSE.
 */
export const notasServico = pgTable(
  'notas_servico',
  {
    codmovimento: integer('codmovimento').primaryKey(),
    status: text('status', { enum: NOTA_STATUS }).notNull(),
    serie: text('serie').notNull(),
    numerodps: bigint('numerodps', { mode: 'number' }).notNull(),
    numeronota: text('numeronota'),
    protocolo: text('protocolo'),
    chaveacesso: text('chaveacesso'),
    mensagem: text('mensagem'),
    xmldps: text('xmldps').notNull(),
    xmlnfse: text('xmlnfse'),
    emitidaem: timestamp('emitidaem', { withTimezone: true }),
    emailenviadoem: timestamp('emailenviadoem', { withTimezone: true }),
    emailerro: text('emailerro'),
    atualizadoem: timestamp('atualizadoem', { withTimezone: true }).notNull().defaultNow(),
    reenviarnota: boolean('reenviarnota').notNull().default(false),
  },
  (t) => [foreignKey({ name: 'notas_servico_movimento_fk', columns: [t.codmovimento], foreignColumns: [movimentos.codmovimento] }).onDelete('cascade')],
);

/**
 * The NFS-e numbers the local sandbox provider gives (the national API numbers its own): one counter per
 * provider CNPJ, taken under a row lock so two processes never give one number twice.
 */
export const nfseNumeracao = pgTable('nfse_numeracao', {
  cnpj: text('cnpj').primaryKey(),
  ultimo: bigint('ultimo', { mode: 'number' }).notNull().default(0),
});
