import { perfilRecursos, recursos } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import type { SessionUser } from './session.service';

/**
 * A screen's calls answer only users whose profile has that screen among its resources, the same rule
 * the menu follows — so hiding a menu entry and closing its calls cannot drift apart.
 */
export async function requirePage(ctx: Ctx, page: string): Promise<SessionUser> {
  const me = await ctx.requireUser();
  const [granted] = await ctx.db
    .select({ r: recursos.codrecurso })
    .from(perfilRecursos)
    .innerJoin(recursos, eq(recursos.codrecurso, perfilRecursos.codrecurso))
    .where(and(eq(perfilRecursos.codperfil, me.codperfil), eq(recursos.recurso, page)));
  if (!granted) throw new AppError('FORBIDDEN', MSG.semPermissao);
  return me;
}
