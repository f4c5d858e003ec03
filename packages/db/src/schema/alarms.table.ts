import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, time, timestamp } from 'drizzle-orm/pg-core';
import { arquivos, estabelecimentos } from './files.table';
import { usuarios } from './people.table';
import { operadoras } from './reference.table';

/**
 * Late-file alarms (issue 19, spec part 2 §4 status 'Z' — extrato VAN atrasado). A job (jobs/late-files.ts)
 * compares each active establishment's files with its operator's cadence and opens an alarm for every expected
 * day whose file has not arrived by the limit hour; the alarm closes itself when the file arrives. Kept as rows,
 * not computed by the pages: the home page, the monitor and the daily digest read the same state, and an alarm
 * keeps when it was raised and cleared.
 */

/**
 * When an operator's files are expected. No row: business days at LATE_FILE_HOUR. `horalimite` null: LATE_FILE_HOUR;
 * `diasuteis` false: every calendar day (Pix settles all week); `monitorar` false: no alarm for this operator.
 */
export const cadenciaArquivos = pgTable('cadencia_arquivos', {
  codoperadora: integer('codoperadora').primaryKey().references(() => operadoras.codoperadora, { onDelete: 'cascade' }),
  /** the local (America/Sao_Paulo) hour by which the day's file must have arrived */
  horalimite: time('horalimite'),
  /** true: Monday to Friday except national holidays (business-days.ts); false: every day */
  diasuteis: boolean('diasuteis').notNull().default(true),
  monitorar: boolean('monitorar').notNull().default(true),
});

/** One expected day without its file, per establishment: open while `resolvidoem` is null. */
export const alarmesArquivo = pgTable(
  'alarmes_arquivo',
  {
    codestabelecimento: integer('codestabelecimento').notNull().references(() => estabelecimentos.codestabelecimento, { onDelete: 'cascade' }),
    /** the business day whose file was expected */
    data: date('data', { mode: 'string' }).notNull(),
    abertoem: timestamp('abertoem', { withTimezone: true }).notNull().defaultNow(),
    resolvidoem: timestamp('resolvidoem', { withTimezone: true }),
    /** the file whose arrival cleared it (null while open, or when that file was deleted since) */
    codarquivo: integer('codarquivo').references(() => arquivos.codarquivo, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.codestabelecimento, t.data] }),
    // the pages and the digest read only the open ones
    index('alarmes_arquivo_abertos_idx').on(t.codestabelecimento).where(sql`${t.resolvidoem} IS NULL`),
  ],
);

/** The daily digest a user was sent (one per user and local day): the next run of the same day sends none. */
export const resumosAlarmes = pgTable(
  'resumos_alarmes',
  {
    codusuario: integer('codusuario').notNull().references(() => usuarios.codusuario, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    alarmes: integer('alarmes').notNull(),
    enviadoem: timestamp('enviadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codusuario, t.data] })],
);
