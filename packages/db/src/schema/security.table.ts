import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { usuarios } from './people.table';

/** Server-side sessions: the cookie carries a random secret, the table only its SHA-256. */
export const sessoes = pgTable(
  'sessoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenhash: text('tokenhash').notNull().unique(),
    codusuario: integer('codusuario').notNull().references(() => usuarios.codusuario, { onDelete: 'cascade' }),
    criadaem: timestamp('criadaem', { withTimezone: true }).notNull().defaultNow(),
    ultimoacesso: timestamp('ultimoacesso', { withTimezone: true }).notNull().defaultNow(),
    expiraem: timestamp('expiraem', { withTimezone: true }).notNull(),
    encerradaem: timestamp('encerradaem', { withTimezone: true }),
    ip: text('ip'),
    /** set when a master user signed in as this user (impersonation). */
    simuladopor: integer('simuladopor').references(() => usuarios.codusuario),
  },
  (t) => [index('sessoes_usuario_idx').on(t.codusuario)],
);

/**
 * Single-use, short-lived tokens: link sign-in (idsession), legacy hand-off and password-reset links; and
 * the panel links (PAINEL), which are read again until they expire or their creator ends them (usadoem).
 * Only a hash of the secret is stored.
 */
export const TOKEN_TIPOS = ['IDSESSION', 'LEGADO', 'TROCA_SENHA', 'PAINEL'] as const;
/**
 * Steps of a multi-step token, in order (a reset link of a user with no password: RESPONSAVEL, then
 * SENHA). A token moves forward only; its last step spends it (usadoem). Single-step tokens have none.
 */
export const TOKEN_ETAPAS = ['RESPONSAVEL', 'SENHA'] as const;
export const tokensAcesso = pgTable(
  'tokens_acesso',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenhash: text('tokenhash').notNull().unique(),
    tipo: text('tipo', { enum: TOKEN_TIPOS }).notNull(),
    codusuario: integer('codusuario').notNull().references(() => usuarios.codusuario, { onDelete: 'cascade' }),
    emitidopor: integer('emitidopor').references(() => usuarios.codusuario),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
    expiraem: timestamp('expiraem', { withTimezone: true }).notNull(),
    usadoem: timestamp('usadoem', { withTimezone: true }),
    /** the step the token waits for (TOKEN_ETAPAS), null for single-step tokens */
    etapa: text('etapa', { enum: TOKEN_ETAPAS }),
  },
  (t) => [index('tokens_usuario_idx').on(t.codusuario)],
);

/** Fixed-window counters for sign-in abuse, shared by every server process. */
export const tentativasLogin = pgTable('tentativas_login', {
  chave: text('chave').primaryKey(),
  janelainicio: timestamp('janelainicio', { withTimezone: true }).notNull(),
  tentativas: integer('tentativas').notNull(),
});

/** Mail that could not (or need not) go through SMTP is kept here, so a local user can follow its link. */
export const caixaSaida = pgTable('caixa_saida', {
  codemail: serial('codemail').primaryKey(),
  para: text('para').notNull(),
  assunto: text('assunto').notNull(),
  texto: text('texto').notNull(),
  criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  enviadoem: timestamp('enviadoem', { withTimezone: true }),
  erro: text('erro'),
  viasmtp: boolean('viasmtp').notNull().default(false),
  /** SMTP deliveries tried so far; a failed one is tried again at proximatentativa (housekeeping, with back-off) */
  tentativas: integer('tentativas').notNull().default(0),
  proximatentativa: timestamp('proximatentativa', { withTimezone: true }),
  /** files sent with the message (a service invoice's PDF and XML): [{ nome, tipo, base64 }] */
  anexos: jsonb('anexos'),
  /** where the recipient's answer goes (a service invoice: the issuer's Dados NFe e-mail); null: the sender */
  responderpara: text('responderpara'),
  /**
   * the company (dados_nfe.codpessoa) whose own mailbox sends the message — a service invoice leaves from the issuer's
   * SMTP account; null: the platform's SMTP_URL. No foreign key: a retry after the company's data was removed fails
   * with a message instead of leaving from another address.
   */
  codpessoaremetente: integer('codpessoaremetente'),
});

/** Append-only record of who changed what; a trigger refuses UPDATE and DELETE. */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    codusuario: integer('codusuario'),
    acao: text('acao').notNull(),
    entidade: text('entidade').notNull(),
    chave: text('chave'),
    dados: jsonb('dados'),
    requestid: text('requestid'),
  },
  (t) => [index('auditoria_entidade_idx').on(t.entidade, t.chave)],
);

/** Bot-check solutions already spent, so one solved challenge cannot sign in twice. */
export const botcheckUsados = pgTable('botcheck_usados', {
  assinatura: text('assinatura').primaryKey(),
  expiraem: timestamp('expiraem', { withTimezone: true }).notNull(),
});
