import { type Db, perfilRecursos, pessoas, recursos, sessoes, usuarios } from '@concilia/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG, todayBusiness } from '@concilia/domain';
import type { Config } from '../../config';
import { AppError, notLoggedIn } from '../../graphql/errors';
import { newSecret, sha256 } from './secrets';

export type SessionUser = {
  sessionId: string;
  codusuario: number;
  login: string;
  nome: string;
  codpessoa: number;
  codpessoapai: number | null;
  codperfil: number;
  permitido: boolean;
  simuladoPor: number | null;
  /**
   * The screens of the user's profile, read with the session in the same query: a request checks its screens
   * (requirePage) against these instead of one more query per checked field. Absent where the user was not
   * read from a session (scheduledUser): requirePage then asks the database.
   */
  paginas?: readonly string[];
};

// Writing ultimoacesso on every request would turn each read into a write; a minute is fine for idling.
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Db, config: Config, codusuario: number, ip: string, simuladopor: number | null = null,
): Promise<{ id: string; secret: string }> {
  const secret = newSecret();
  const expiraem = new Date(Date.now() + config.sessionMaxHours * 3_600_000);
  const [row] = await db
    .insert(sessoes)
    .values({ tokenhash: sha256(secret), codusuario, expiraem, ip, simuladopor })
    .returning({ id: sessoes.id });
  return { id: row!.id, secret };
}

/**
 * Every request with a cookie reads its session: one statement with the user, the person's parent and the profile's
 * screens, built once per database and prepared (a named statement: each pooled connection plans it once).
 */
function sessionQuery(db: Db) {
  return db
    .select({
      sessionId: sessoes.id,
      ultimoacesso: sessoes.ultimoacesso,
      expiraem: sessoes.expiraem,
      simuladoPor: sessoes.simuladopor,
      codusuario: usuarios.codusuario,
      login: usuarios.login,
      nome: usuarios.nome,
      codpessoa: usuarios.codpessoa,
      codpessoapai: pessoas.codpessoapai,
      codperfil: usuarios.codperfil,
      permitido: usuarios.permitido,
      validade: usuarios.validade,
      paginas: sql<string[]>`ARRAY(SELECT ${recursos.recurso} FROM ${perfilRecursos} JOIN ${recursos} ON ${recursos.codrecurso} = ${perfilRecursos.codrecurso}
        WHERE ${perfilRecursos.codperfil} = ${usuarios.codperfil})`,
    })
    .from(sessoes)
    .innerJoin(usuarios, eq(usuarios.codusuario, sessoes.codusuario))
    .innerJoin(pessoas, eq(pessoas.codpessoa, usuarios.codpessoa))
    .where(
      and(
        eq(sessoes.tokenhash, sql.placeholder('tokenhash')),
        isNull(sessoes.encerradaem),
        gt(sessoes.expiraem, sql.placeholder('agora')),
        gt(sessoes.ultimoacesso, sql.placeholder('idleLimit')),
      ),
    )
    .prepare('resolve_session');
}
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/**
 * Sessions this process read in the last SESSION_CACHE_MS (2 s by default), by the token's hash. A page's first load
 * sends several requests with one cookie at once, and a user at work a few a second: each read the session again, a
 * round trip to PostgreSQL before the request's own (under load, one more wake-up of a backend and of this process
 * per request: bench:api, docs/performance-api.md). What it costs: a session ended or changed by another process
 * (another web process, a worker) opens requests here for up to that long. This process forgets the sessions it
 * ends at once, and all of them after any mutation it runs, since a save may change a user's profile, unit or
 * permission. An entry never outlives the session's own limits.
 */
const recentSessions = new Map<string, { db: Db; user: SessionUser; until: number }>();
/** enough for every user of a busy process; past it the oldest reads are dropped first */
const RECENT_SESSIONS_MAX = 10_000;

/** Every session is read from the database again by its next request (see recentSessions). */
export function forgetSessions(): void {
  recentSessions.clear();
}

/** A session is valid when not ended, not past its absolute expiry and not idle too long. */
export async function resolveSession(db: Db, config: Config, secret: string | undefined): Promise<SessionUser | null> {
  if (!secret) return null;
  const tokenhash = sha256(secret);
  const now = Date.now();
  const hit = recentSessions.get(tokenhash);
  if (hit && hit.db === db && hit.until > now) return hit.user;
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = sessionQuery(db)));
  // times as ISO text: the prepared statement's parameters skip the columns' own conversion of a Date
  const idleLimit = new Date(now - config.sessionIdleMinutes * 60_000).toISOString();
  const [row] = await query.execute({ tokenhash, agora: new Date(now).toISOString(), idleLimit });
  if (!row) return null;
  if (row.validade && row.validade < todayBusiness()) return null;
  if (now - row.ultimoacesso.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessoes).set({ ultimoacesso: new Date() }).where(eq(sessoes.id, row.sessionId));
  }
  const { ultimoacesso, validade: _v, expiraem, ...user } = row;
  if (config.sessionCacheMs > 0) {
    recentSessions.delete(tokenhash);
    if (recentSessions.size >= RECENT_SESSIONS_MAX) recentSessions.delete(recentSessions.keys().next().value!);
    // not past the absolute expiry, nor past the idle limit counted from the last recorded access
    const idleEnd = ultimoacesso.getTime() + config.sessionIdleMinutes * 60_000;
    recentSessions.set(tokenhash, { db, user, until: Math.min(now + config.sessionCacheMs, expiraem.getTime(), idleEnd) });
  }
  return user;
}

/**
 * The 'Cadastro Pendente' gate of spec part 1 §6, held by the server: a user whose registration is
 * incomplete (permitido = false) is signed in, but its session reaches only what that page and sign-out
 * need — the shell's own reads (getUserInfo, getMenus, getNoticias, which ask with `pendingPage`) and
 * logout (no gate: it ends whatever session it finds). Every other call that needs a user goes through
 * this (ctx.requireUser, requirePage, download offers), and the download route asks it too, so a pending
 * user reads none of its company's data whatever the browser does.
 */
export function admitSession(user: SessionUser | null, opts: { pendingPage?: boolean } = {}): SessionUser {
  if (!user) throw notLoggedIn();
  if (!user.permitido && !opts.pendingPage) throw new AppError('REGISTRATION_PENDING', MSG.cadastroPendente);
  return user;
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessoes).set({ encerradaem: new Date() }).where(eq(sessoes.id, sessionId));
  forgetSessions();
}

/**
 * Ends the session whose cookie a browser sent, whoever's it was: a new sign-in in that browser replaces
 * it, so a session never outlives the browser's move to another one. Answers the ended session's id.
 */
export async function endSessionOfCookie(db: Db, secret: string | undefined): Promise<string | null> {
  if (!secret) return null;
  const [row] = await db
    .update(sessoes)
    .set({ encerradaem: new Date() })
    .where(and(eq(sessoes.tokenhash, sha256(secret)), isNull(sessoes.encerradaem)))
    .returning({ id: sessoes.id });
  forgetSessions();
  return row?.id ?? null;
}

/** After a password change every other session of the user ends. */
export async function endUserSessions(db: Db, codusuario: number, except?: string): Promise<void> {
  await db
    .update(sessoes)
    .set({ encerradaem: new Date() })
    .where(and(eq(sessoes.codusuario, codusuario), isNull(sessoes.encerradaem), except ? sql`${sessoes.id} <> ${except}` : undefined));
  forgetSessions();
}

