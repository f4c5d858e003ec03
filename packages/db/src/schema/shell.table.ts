import { boolean, date, foreignKey, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { pessoas, recursos } from './people.table';

/** Menu tree: sections (no page) and entries (page = resource key, link /app/{page}). */
export const menus = pgTable(
  'menus',
  {
    codmenu: serial('codmenu').primaryKey(),
    label: text('label').notNull(),
    page: text('page'),
    codmenupai: integer('codmenupai'),
    icon: text('icon'),
    ordem: integer('ordem').notNull().default(0),
    codrecurso: integer('codrecurso').references(() => recursos.codrecurso),
  },
  (t) => [foreignKey({ columns: [t.codmenupai], foreignColumns: [t.codmenu], name: 'menus_pai_fk' })],
);

/** News are published by a person and reach everyone in that person's subtree. */
export const noticias = pgTable('noticias', {
  codnoticia: serial('codnoticia').primaryKey(),
  titulo: text('titulo').notNull(),
  texto: text('texto').notNull(),
  data: date('data', { mode: 'string' }).notNull(),
  codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa),
  ativo: boolean('ativo').notNull().default(true),
});

export const banners = pgTable('banners', {
  codbanner: serial('codbanner').primaryKey(),
  titulo: text('titulo').notNull(),
  texto: text('texto').notNull(),
  link: text('link'),
  codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa),
  ativo: boolean('ativo').notNull().default(true),
  criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
});
