import { type Db, type TOKEN_ETAPAS, type TOKEN_TIPOS, tokensAcesso } from '@concilia/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { newSecret, sha256 } from './secrets';

export type TokenTipo = (typeof TOKEN_TIPOS)[number];
export type TokenEtapa = (typeof TOKEN_ETAPAS)[number];

/** Lifetimes: link sign-in and legacy hand-off are used at once; a reset link waits for the e-mail. */
export const TOKEN_TTL_MS: Record<TokenTipo, number> = {
  IDSESSION: 2 * 60_000,
  LEGADO: 2 * 60_000,
  TROCA_SENHA: 24 * 3_600_000,
  // a wall display's link (features/painel): read every few minutes for a day, never spent by a read
  PAINEL: 24 * 3_600_000,
};

export async function issueToken(
  db: Db, tipo: TokenTipo, codusuario: number, emitidopor: number | null = null, etapa: TokenEtapa | null = null,
): Promise<string> {
  const secret = newSecret();
  await db.insert(tokensAcesso).values({
    tokenhash: sha256(secret), tipo, codusuario, emitidopor, etapa, expiraem: new Date(Date.now() + TOKEN_TTL_MS[tipo]),
  });
  return secret;
}

export type TokenState =
  | { state: 'unknown' }
  | { state: 'expired' | 'used' | 'valid'; codusuario: number; emitidopor: number | null; etapa: TokenEtapa | null; id: string };

export async function inspectToken(db: Db, tipo: TokenTipo, secret: string): Promise<TokenState> {
  const [row] = await db.select().from(tokensAcesso).where(and(eq(tokensAcesso.tokenhash, sha256(secret)), eq(tokensAcesso.tipo, tipo)));
  if (!row) return { state: 'unknown' };
  const base = { codusuario: row.codusuario, emitidopor: row.emitidopor, etapa: row.etapa, id: row.id };
  if (row.usadoem) return { state: 'used', ...base };
  if (row.expiraem.getTime() <= Date.now()) return { state: 'expired', ...base };
  return { state: 'valid', ...base };
}

const ORDER: readonly (TokenEtapa | null)[] = [null, 'RESPONSAVEL', 'SENHA'];

/**
 * The one state machine of every token: a live token waiting for step `from` moves to `to` (a later
 * step) or, with 'USADO', is spent. It is one conditional UPDATE, so of two concurrent uses of the same
 * step only one sees the row change — each step is accepted once, and a token never moves backwards.
 * Answers null when the token is unknown, expired, spent or waiting for another step.
 */
export async function advanceToken(
  db: Db, tipo: TokenTipo, secret: string, from: TokenEtapa | null, to: TokenEtapa | 'USADO',
): Promise<{ codusuario: number; emitidopor: number | null } | null> {
  if (to !== 'USADO' && ORDER.indexOf(to) <= ORDER.indexOf(from)) throw new Error(`token step ${from} cannot move to ${to}`);
  const [row] = await db
    .update(tokensAcesso)
    .set(to === 'USADO' ? { usadoem: new Date() } : { etapa: to })
    .where(and(
      eq(tokensAcesso.tokenhash, sha256(secret)), eq(tokensAcesso.tipo, tipo), isNull(tokensAcesso.usadoem), gt(tokensAcesso.expiraem, new Date()),
      from === null ? isNull(tokensAcesso.etapa) : eq(tokensAcesso.etapa, from),
    ))
    .returning({ codusuario: tokensAcesso.codusuario, emitidopor: tokensAcesso.emitidopor });
  return row ?? null;
}

/** Spends a single-step token (link sign-in, legacy hand-off). */
export function consumeToken(db: Db, tipo: TokenTipo, secret: string): Promise<{ codusuario: number; emitidopor: number | null } | null> {
  return advanceToken(db, tipo, secret, null, 'USADO');
}
