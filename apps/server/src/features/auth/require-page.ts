import { perfilRecursos, recursos } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import type { SessionUser } from './session.service';

/**
 * A screen's calls answer only users whose profile has that screen among its resources, the same rule
 * the menu follows — so hiding a menu entry and closing its calls cannot drift apart.
 */
export async function requirePage(ctx: Ctx, page: string | readonly string[]): Promise<SessionUser> {
  const me = await ctx.requireUser();
  // several pages: any one of them grants the call (Logar on both of a master's lists)
  const pages = typeof page === 'string' ? [page] : [...page];
  const [granted] = await ctx.db
    .select({ r: recursos.codrecurso })
    .from(perfilRecursos)
    .innerJoin(recursos, eq(recursos.codrecurso, perfilRecursos.codrecurso))
    .where(and(eq(perfilRecursos.codperfil, me.codperfil), inArray(recursos.recurso, pages)))
    .limit(1);
  if (!granted) throw new AppError('FORBIDDEN', MSG.semPermissao);
  return me;
}
