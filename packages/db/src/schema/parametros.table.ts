import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { pessoas } from './people.table';

/** Parâmetros: one row per person, the 'Fecha Movimento' report group text (at most 500 characters). */
export const parametros = pgTable('parametros', {
  // A person's parameters go with the person: they never block its deletion.
  codpessoa: integer('codpessoa').primaryKey().references(() => pessoas.codpessoa, { onDelete: 'cascade' }),
  texto: varchar('texto', { length: 500 }),
});
