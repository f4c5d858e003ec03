import { type Db, type TOKEN_TIPOS, tokensAcesso } from '@concilia/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { newSecret, sha256 } from './secrets';

export type TokenTipo = (typeof TOKEN_TIPOS)[number];

/** Lifetimes: link sign-in and legacy hand-off are used at once; a reset link waits for the e-mail. */
export const TOKEN_TTL_MS: Record<TokenTipo, number> = {
  IDSESSION: 2 * 60_000,
  LEGADO: 2 * 60_000,
  TROCA_SENHA: 24 * 3_600_000,
};

export async function issueToken(db: Db, tipo: TokenTipo, codusuario: number, emitidopor: number | null = null): Promise<string> {
  const secret = newSecret();
  await db.insert(tokensAcesso).values({
    tokenhash: sha256(secret), tipo, codusuario, emitidopor, expiraem: new Date(Date.now() + TOKEN_TTL_MS[tipo]),
  });
  return secret;
}

export type TokenState =
  | { state: 'unknown' }
  | { state: 'expired' | 'used' | 'valid'; codusuario: number; emitidopor: number | null; id: string };

export async function inspectToken(db: Db, tipo: TokenTipo, secret: string): Promise<TokenState> {
  const [row] = await db.select().from(tokensAcesso).where(and(eq(tokensAcesso.tokenhash, sha256(secret)), eq(tokensAcesso.tipo, tipo)));
  if (!row) return { state: 'unknown' };
  const base = { codusuario: row.codusuario, emitidopor: row.emitidopor, id: row.id };
  if (row.usadoem) return { state: 'used', ...base };
  if (row.expiraem.getTime() <= Date.now()) return { state: 'expired', ...base };
  return { state: 'valid', ...base };
}

/**
 * Spends a token atomically: of two concurrent uses only one sees the row change, so a single-use link
 * really is single-use.
 */
export async function consumeToken(db: Db, tipo: TokenTipo, secret: string): Promise<{ codusuario: number; emitidopor: number | null } | null> {
  const [row] = await db
    .update(tokensAcesso)
    .set({ usadoem: new Date() })
    .where(and(eq(tokensAcesso.tokenhash, sha256(secret)), eq(tokensAcesso.tipo, tipo), isNull(tokensAcesso.usadoem), gt(tokensAcesso.expiraem, new Date())))
    .returning({ codusuario: tokensAcesso.codusuario, emitidopor: tokensAcesso.emitidopor });
  return row ?? null;
}
