import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { usuarios } from './people.table';

/**
 * Files offered for download (apps/server/src/downloads/download-store.ts): a row per `/download/<token>`, so the
 * process that answers the GET need not be the one that made the offer (docs/scaling.md). The body is in the shared
 * file store under `sha256`; only the token's SHA-256 is kept, as for sessions. Taken once (`tomadaem`), until
 * `expiraem`; housekeeping deletes the rows and the bytes nothing else refers to.
 */
export const downloadsOferecidos = pgTable(
  'downloads_oferecidos',
  {
    tokenhash: text('tokenhash').primaryKey(),
    /** only this user's session may fetch it */
    codusuario: integer('codusuario').notNull().references(() => usuarios.codusuario, { onDelete: 'cascade' }),
    nomearquivo: text('nomearquivo').notNull(),
    contenttype: text('contenttype').notNull(),
    /** the body's key in the file store (content-addressed: an original file's download shares its key) */
    sha256: text('sha256').notNull(),
    tamanho: bigint('tamanho', { mode: 'number' }),
    expiraem: timestamp('expiraem', { withTimezone: true }).notNull(),
    tomadaem: timestamp('tomadaem', { withTimezone: true }),
    criadaem: timestamp('criadaem', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('downloads_oferecidos_expiraem_idx').on(t.expiraem),
    // the check, before stored bytes are removed, that no offer still needs them
    index('downloads_oferecidos_sha256_idx').on(t.sha256),
  ],
);
