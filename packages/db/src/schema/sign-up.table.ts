import { foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { pessoas, usuarios } from './people.table';
import { operadoras } from './reference.table';

/** The rates of the sign-up's Taxas step, in percent (null: not typed). */
export type TaxasDeclaradas = { debito: number | null; credito: number | null; parceladoA: number | null; parceladoB: number | null; ticket: number | null };

export const CADASTRO_STATUS = ['PENDENTE', 'APROVADO'] as const;

/**
 * Merchant sign-ups of the public wizard (/signUp): one per CNPJ, with the identification code the merchant
 * follows it by (/identificador-code) and what an administrator's approval changed. The client, its unit,
 * establishment, plan and user are ordinary rows of their tables, in status 'P' / permitido false until then.
 */
export const cadastros = pgTable(
  'cadastros',
  {
    codcadastro: serial('codcadastro').primaryKey(),
    /** 12 characters of Crockford base 32, stored without dashes */
    codigo: text('codigo').notNull().unique(),
    /** normalised CNPJ (digits, or the letters of the alphanumeric CNPJ): one sign-up per CNPJ */
    cnpj: text('cnpj').notNull().unique(),
    codpessoa: integer('codpessoa').notNull(),
    codusuario: integer('codusuario').notNull(),
    formapagamento: text('formapagamento').notNull(),
    /** the rates (percent) the merchant declared at sign-up, as typed: the registration panel shows them beside the plan's */
    taxas: jsonb('taxas').$type<TaxasDeclaradas>(),
    status: text('status', { enum: CADASTRO_STATUS }).notNull().default('PENDENTE'),
    criadoem: timestamp('criadoem', { withTimezone: true }).notNull().defaultNow(),
    aprovadoem: timestamp('aprovadoem', { withTimezone: true }),
    aprovadopor: integer('aprovadopor'),
  },
  (t) => [
    foreignKey({ name: 'cadastros_pessoa_fk', columns: [t.codpessoa], foreignColumns: [pessoas.codpessoa] }).onDelete('cascade'),
    foreignKey({ name: 'cadastros_usuario_fk', columns: [t.codusuario], foreignColumns: [usuarios.codusuario] }).onDelete('cascade'),
    index('cadastros_pessoa_idx').on(t.codpessoa),
  ],
);

/**
 * A client's API credentials at an operator (the Cielo login and password typed at sign-up), sealed with
 * AES-256-GCM under CREDENTIALS_KEY (apps/server/src/features/credentials). Never selected by a GraphQL
 * resolver; only the operator-fetching adapters open them.
 */
export const credenciaisOperadora = pgTable(
  'credenciais_operadora',
  {
    codpessoa: integer('codpessoa').notNull(),
    codoperadora: integer('codoperadora').notNull(),
    /** 'v1.<key id>.<iv>.<tag>.<ciphertext>', base64url parts; the plaintext is JSON { login, senha } */
    credencial: text('credencial').notNull(),
    atualizadoem: timestamp('atualizadoem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'credenciais_operadora_pk', columns: [t.codpessoa, t.codoperadora] }),
    foreignKey({ name: 'credenciais_operadora_pessoa_fk', columns: [t.codpessoa], foreignColumns: [pessoas.codpessoa] }).onDelete('cascade'),
    foreignKey({ name: 'credenciais_operadora_operadora_fk', columns: [t.codoperadora], foreignColumns: [operadoras.codoperadora] }),
  ],
);
