import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './column-types';
import { estabelecimentos } from './files.table';

/**
 * Contract position (spec part 2 §2.2 Monitor de Posição de Contratos, §4 statuses, §7 Establishments and
 * registration). An establishment's status is not typed by anyone: it is derived from the rows below and from
 * the product's state (files, alarms, credentials, plans) by one query (apps/server/src/features/contract-position).
 * What is kept is each change of that status with its date — the Monitor dialog's rows.
 */

export const DOCUMENTO_STATUS = ['PENDENTE', 'APROVADO', 'REJEITADO'] as const;

/** A document the merchant sent for the operator's registration of an establishment (uploadDocsEstabelecimento). */
export const documentosEstabelecimento = pgTable(
  'documentos_estabelecimento',
  {
    coddocumento: serial('coddocumento').primaryKey(),
    codestabelecimento: integer('codestabelecimento').notNull().references(() => estabelecimentos.codestabelecimento, { onDelete: 'cascade' }),
    /** a code of DOCUMENTO_TIPOS (packages/domain) */
    tipo: text('tipo').notNull(),
    /** the name the sender gave it (defaults to the file's) */
    nome: text('nome').notNull(),
    arquivo: bytea('arquivo').notNull(),
    /** the media type recognised from the bytes, not the browser's claim */
    mime: text('mime').notNull(),
    tamanho: integer('tamanho').notNull(),
    status: text('status', { enum: DOCUMENTO_STATUS }).notNull().default('PENDENTE'),
    /** why it was refused (by the back office's check or the operator), shown to the merchant */
    motivo: text('motivo'),
    enviadoem: timestamp('enviadoem', { withTimezone: true }).notNull().defaultNow(),
    enviadopor: integer('enviadopor'),
    avaliadoem: timestamp('avaliadoem', { withTimezone: true }),
    avaliadopor: integer('avaliadopor'),
  },
  (t) => [index('documentos_estabelecimento_idx').on(t.codestabelecimento)],
);

/**
 * Each status an operator code went through, from when. Keyed by operator and code, not by establishment: a
 * code an operator file brings before anyone registers it has a history too (NN), which its establishment
 * continues once registered.
 */
export const historicoPosicaoContrato = pgTable(
  'historico_posicao_contrato',
  {
    id: serial('id').primaryKey(),
    codoperadora: integer('codoperadora').notNull(),
    codexterno: text('codexterno').notNull(),
    status: text('status').notNull(),
    desde: timestamp('desde', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('historico_posicao_contrato_idx').on(t.codoperadora, t.codexterno, t.desde.desc(), t.id.desc())],
);
