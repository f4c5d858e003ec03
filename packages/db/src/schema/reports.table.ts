import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { pessoas, usuarios } from './people.table';

/**
 * Report schedules (issue 20; spec part 2 §3 "report schedule", §7 salvarRelatorioAgendamento…): a generator of the
 * catalogue with its filter, run as the user who scheduled it (its part of the hierarchy) at a daily, weekly or
 * monthly hour, e-mailed to a list until its validity ends. `proximaexecucao` is the next slot: the dispatcher takes
 * due schedules with FOR UPDATE SKIP LOCKED and moves it forward in the same transaction, so a slot runs once
 * however many workers look — and a schedule missed while the server was down runs once, not once per missed slot.
 */
export const FREQUENCIAS = ['D', 'S', 'M'] as const;
export const EXECUCAO_STATUS = ['EXECUTANDO', 'ENTREGUE', 'ERRO'] as const;

export const agendamentosRelatorio = pgTable(
  'agendamentos_relatorio',
  {
    codagendamento: serial('codagendamento').primaryKey(),
    /** who scheduled it: the report runs with this user's scope and stops with its access */
    codusuario: integer('codusuario').notNull().references(() => usuarios.codusuario, { onDelete: 'cascade' }),
    /** the user's person when scheduled: who above it sees the schedule */
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
    /** a report key of the catalogue (packages/domain/src/reports) */
    relatorio: text('relatorio').notNull(),
    parametros: jsonb('parametros').$type<Record<string, unknown>>().notNull(),
    /** the filter's De/Até counted from each run's day (PERIODOS_RELATORIO: ONTEM, ULTIMOS_7…), or FIXO: as stored */
    periodo: text('periodo').notNull().default('FIXO'),
    formato: text('formato').notNull(),
    frequencia: text('frequencia', { enum: FREQUENCIAS }).notNull(),
    /** weekly: 1 = Domingo … 7 = Sábado */
    dias: smallint('dias').array().notNull().default(sql`'{}'::smallint[]`),
    /** monthly: 1..31 (a shorter month runs on its last day) */
    diames: smallint('diames'),
    /** 'HH:MM', São Paulo */
    hora: text('hora').notNull(),
    /** no run after this day */
    validade: date('validade', { mode: 'string' }),
    emails: text('emails').array().notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /** the next slot; null when inactive or past its validity */
    proximaexecucao: timestamp('proximaexecucao', { withTimezone: true }),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agendamentos_relatorio_devidos_idx').on(t.proximaexecucao).where(sql`${t.ativo}`),
    index('agendamentos_relatorio_pessoa_idx').on(t.codpessoa),
  ],
);

/** Each run of a schedule: its slot, when it ran, what it produced or why it failed. */
export const execucoesRelatorio = pgTable(
  'execucoes_relatorio',
  {
    codexecucao: serial('codexecucao').primaryKey(),
    codagendamento: integer('codagendamento').notNull().references(() => agendamentosRelatorio.codagendamento, { onDelete: 'cascade' }),
    /** the slot this run is for */
    agendadopara: timestamp('agendadopara', { withTimezone: true }).notNull(),
    iniciadoem: timestamp('iniciadoem', { withTimezone: true }).notNull().defaultNow(),
    terminadoem: timestamp('terminadoem', { withTimezone: true }),
    status: text('status', { enum: EXECUCAO_STATUS }).notNull().default('EXECUTANDO'),
    linhas: integer('linhas'),
    bytes: bigint('bytes', { mode: 'number' }),
    mensagem: text('mensagem'),
    /**
     * A file too large to attach is kept in the file storage (content-addressed: `sha256` is its key) and e-mailed as
     * a signed link until `expiraem`; housekeeping then removes the bytes and clears `sha256`, the rest stays as history.
     */
    arquivo: text('arquivo'),
    sha256: text('sha256'),
    contenttype: text('contenttype'),
    expiraem: timestamp('expiraem', { withTimezone: true }),
  },
  (t) => [
    index('execucoes_relatorio_agendamento_idx').on(t.codagendamento, t.iniciadoem.desc()),
    // housekeeping's look for expired files, and its check that no live run shares the bytes
    index('execucoes_relatorio_arquivo_idx').on(t.sha256, t.expiraem).where(sql`${t.sha256} IS NOT NULL`),
  ],
);
