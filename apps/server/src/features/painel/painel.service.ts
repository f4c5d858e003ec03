import { type Db, pessoas, tokensAcesso, usuarios } from '@concilia/db';
import { type DashboardFilter, type DashboardResult, defaultDashboardFilter, MSG, todayBusiness } from '@concilia/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../graphql/errors';
import { inspectToken, issueToken } from '../auth/access-tokens';
import { profileHasPage } from '../auth/require-page';
import { sha256 } from '../auth/secrets';
import { dashboard, dashboardScope } from '../dashboard/dashboard.service';

/**
 * The Painel (spec part 1 /app/painel, part 2 §7 getUrlPainel / getAutenticacaoPainel): the dashboard's key
 * figures and charts of a user's part of the hierarchy as a read-only wall view, and links that open it
 * without a password.
 *
 * A panel link is an access token of kind PAINEL (features/auth/access-tokens.ts): a random secret whose
 * SHA-256 alone is stored, issued to the creating user, valid for 24 hours, read again on every refresh and
 * never spent by a read; its creator ends all of them at once (usadoem). The link does not open a session:
 * it is the argument of one query, getAutenticacaoPainel, which answers the panel and nothing else. So a link
 * cannot reach any other call by construction — no 'vis' session to be remembered by every other resolver,
 * no cookie for a shared screen to leak — and the wall display is not cut by the sessions' idle time or
 * lifetime, only by the link's own expiry. Each read checks the creator again: a user who is removed, expired,
 * set back to a pending registration or loses the Dashboard screen takes the panels of its links down with it.
 */

/** The profile resource the panel shows: the dashboard's. Holding it grants the panel and its links. */
export const PAINEL_PAGE = 'dashboard';

/** What a panel shows: whose part of the hierarchy, which window, the figures, and until when the link lasts. */
export type Painel = {
  nome: string;
  registro: DashboardFilter['registro'];
  de: string;
  ate: string;
  atualizadoem: Date;
  expiraem: Date | null;
  dashboard: DashboardResult;
};

/** The window a panel shows: the dashboard's opening one (the last month of sales, up to today). */
export const painelFilter = (): DashboardFilter => defaultDashboardFilter(todayBusiness());

/** The figures of `codpessoa`'s part of the hierarchy over the panel's window. */
export async function painelOf(db: Db, codpessoa: number, expiraem: Date | null): Promise<Painel> {
  const filter = painelFilter();
  const [pessoa] = await db.select({ nome: pessoas.nome }).from(pessoas).where(eq(pessoas.codpessoa, codpessoa));
  const result = await dashboard(db, { ...filter, escopo: dashboardScope(codpessoa, null) });
  return { nome: pessoa?.nome ?? '', registro: filter.registro, de: filter.de, ate: filter.ate, atualizadoem: new Date(), expiraem, dashboard: result };
}

/** A new panel link's secret and when it expires. */
export async function issuePainelToken(db: Db, codusuario: number): Promise<{ secret: string; id: string; expiraem: Date }> {
  const secret = await issueToken(db, 'PAINEL', codusuario);
  const [row] = await db.select({ id: tokensAcesso.id, expiraem: tokensAcesso.expiraem }).from(tokensAcesso).where(eq(tokensAcesso.tokenhash, sha256(secret)));
  return { secret, id: row!.id, expiraem: row!.expiraem };
}

/** Ends every live panel link of the user; answers how many. */
export async function endPainelTokens(db: Db, codusuario: number): Promise<number> {
  const ended = await db
    .update(tokensAcesso)
    .set({ usadoem: new Date() })
    .where(and(eq(tokensAcesso.codusuario, codusuario), eq(tokensAcesso.tipo, 'PAINEL'), isNull(tokensAcesso.usadoem), gt(tokensAcesso.expiraem, new Date())))
    .returning({ id: tokensAcesso.id });
  return ended.length;
}

const refused = (message: string) => new AppError('PAINEL_LINK_INVALID', message);

/**
 * The panel a link opens, or why not (code PAINEL_LINK_INVALID): unknown, expired, ended, or its creator may no
 * longer see the panel. Answers the creator's scope only — the token names a user, never a person or a filter.
 */
export async function painelOfToken(db: Db, secret: string): Promise<Painel> {
  // a secret is 43 base64url characters; anything else was never issued (and is not hashed for nothing)
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(secret)) throw refused(MSG.painelLinkInvalido);
  const tk = await inspectToken(db, 'PAINEL', secret);
  if (tk.state === 'unknown') throw refused(MSG.painelLinkInvalido);
  if (tk.state === 'expired') throw refused(MSG.painelLinkExpirado);
  if (tk.state === 'used') throw refused(MSG.painelLinkEncerrado);
  const [user] = await db
    .select({ codpessoa: usuarios.codpessoa, codperfil: usuarios.codperfil, permitido: usuarios.permitido, validade: usuarios.validade })
    .from(usuarios).where(eq(usuarios.codusuario, tk.codusuario));
  if (!user || !user.permitido || (user.validade && user.validade < todayBusiness()) || !(await holdsPainel(db, user.codperfil))) {
    throw refused(MSG.painelLinkSemAcesso);
  }
  const [row] = await db.select({ expiraem: tokensAcesso.expiraem }).from(tokensAcesso).where(eq(tokensAcesso.id, tk.id));
  return painelOf(db, user.codpessoa, row?.expiraem ?? null);
}

const holdsPainel = (db: Db, codperfil: number) => profileHasPage(db, codperfil, PAINEL_PAGE);
