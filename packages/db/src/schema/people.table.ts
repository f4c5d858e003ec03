import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The person hierarchy: platform → reseller → client → reconciliation unit, linked by codpessoapai.
 * What a user may see is the subtree under the person the user belongs to.
 */
export const PESSOA_TIPOS = ['PLATAFORMA', 'REVENDA', 'CLIENTE', 'UNIDADE'] as const;

export const pessoas = pgTable(
  'pessoas',
  {
    codpessoa: serial('codpessoa').primaryKey(),
    codpessoapai: integer('codpessoapai'),
    tipo: text('tipo', { enum: PESSOA_TIPOS }).notNull(),
    nome: text('nome').notNull(),
    nomeabreviado: text('nomeabreviado'),
    cpf: text('cpf'),
    cnpj: text('cnpj'),
    email: text('email'),
    telefone: text('telefone'),
    status: text('status').notNull().default('A'),
    logo: text('logo'),
    inscestadual: text('inscestadual'),
    inscmunicipal: text('inscmunicipal'),
    cep: text('cep'),
    estado: text('estado'),
    codcidade: integer('codcidade'),
    bairro: text('bairro'),
    endereco: text('endereco'),
    numero: text('numero'),
    complemento: text('complemento'),
    agencia: text('agencia'),
    conta: text('conta'),
    codestabelecimentobancario: text('codestabelecimentobancario'),
    diascliente: integer('diascliente'),
    exibirusuario: boolean('exibirusuario').notNull().default(true),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.codpessoapai], foreignColumns: [t.codpessoa], name: 'pessoas_pai_fk' }),
    index('pessoas_pai_idx').on(t.codpessoapai),
  ],
);

export const perfis = pgTable('perfis', {
  codperfil: serial('codperfil').primaryKey(),
  nome: text('nome').notNull(),
  codpessoacriador: integer('codpessoacriador').references(() => pessoas.codpessoa),
});

/** A resource is a screen a profile may open; menu entries point at resources. */
export const recursos = pgTable('recursos', {
  codrecurso: serial('codrecurso').primaryKey(),
  recurso: text('recurso').notNull().unique(),
  nometela: text('nometela').notNull(),
});

export const perfilRecursos = pgTable(
  'perfil_recursos',
  {
    codperfil: integer('codperfil').notNull().references(() => perfis.codperfil, { onDelete: 'cascade' }),
    codrecurso: integer('codrecurso').notNull().references(() => recursos.codrecurso),
  },
  (t) => [primaryKey({ columns: [t.codperfil, t.codrecurso] })],
);

export const usuarios = pgTable(
  'usuarios',
  {
    codusuario: serial('codusuario').primaryKey(),
    login: text('login').notNull().unique(),
    nome: text('nome').notNull(),
    email: text('email'),
    /** argon2id; null until the user defines a password through a reset link. */
    senhahash: text('senhahash'),
    validade: date('validade', { mode: 'string' }),
    codperfil: integer('codperfil').notNull().references(() => perfis.codperfil),
    codpessoa: integer('codpessoa').notNull().references(() => pessoas.codpessoa),
    responsavel: text('responsavel'),
    piloto: boolean('piloto').notNull().default(false),
    /** false while the registration is incomplete ('Cadastro Pendente'). */
    permitido: boolean('permitido').notNull().default(true),
    /** flagged to the legacy application: sign-in answers 'jsf' when LEGACY_URL is set. */
    legado: boolean('legado').notNull().default(false),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usuarios_pessoa_idx').on(t.codpessoa), index('usuarios_login_upper_idx').on(sql`upper(${t.login})`)],
);
