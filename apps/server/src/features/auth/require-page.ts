import { type Db, perfilRecursos, recursos } from '@concilia/db';
import { MSG, todayBusiness } from '@concilia/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import type { SessionUser } from './session.service';

/**
 * A screen's calls answer only users whose profile has that screen among its resources, the same rule
 * the menu follows — so hiding a menu entry and closing its calls cannot drift apart.
 */
export async function requirePage(ctx: Ctx, page: string | readonly string[]): Promise<SessionUser> {
  const me = await ctx.requireUser();
  const granted = me.paginas
    ? (typeof page === 'string' ? [page] : page).some((p) => me.paginas!.includes(p))
    : await profileHasPage(ctx.db, me.codperfil, page);
  if (!granted) throw new AppError('FORBIDDEN', MSG.semPermissao);
  return me;
}

/** Whether a profile holds the screen (several pages: any one of them — Logar on both of a master's lists). */
export async function profileHasPage(db: Db, codperfil: number, page: string | readonly string[]): Promise<boolean> {
  const pages = typeof page === 'string' ? [page] : [...page];
  const [granted] = await db
    .select({ r: recursos.codrecurso })
    .from(perfilRecursos)
    .innerJoin(recursos, eq(recursos.codrecurso, perfilRecursos.codrecurso))
    .where(and(eq(perfilRecursos.codperfil, codperfil), inArray(recursos.recurso, pages)))
    .limit(1);
  return !!granted;
}

/**
 * The user a scheduled run works as (a report, an ERP delivery), as a session of theirs would be — or null once they
 * may no longer: not approved, expired, or their profile lost the screen. The run then sees what they would see.
 */
export async function scheduledUser(db: Db, codusuario: number | null, page: string, sessionId: string): Promise<SessionUser | null> {
  if (codusuario == null) return null;
  const found = await db.execute(sql`
    SELECT u.codusuario, u.login, u.nome, u.codpessoa, p.codpessoapai, u.codperfil
    FROM usuarios u JOIN pessoas p ON p.codpessoa = u.codpessoa
    WHERE u.codusuario = ${codusuario} AND u.permitido AND (u.validade IS NULL OR u.validade >= ${todayBusiness()}::date)`);
  const [u] = (Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as Record<string, unknown>[];
  if (!u || !(await profileHasPage(db, Number(u.codperfil), page))) return null;
  return {
    sessionId, codusuario: Number(u.codusuario), login: String(u.login), nome: String(u.nome), codpessoa: Number(u.codpessoa),
    codpessoapai: u.codpessoapai == null ? null : Number(u.codpessoapai), codperfil: Number(u.codperfil), permitido: true, simuladoPor: null,
  };
}
