import { ancestorsOf, perfilRecursos, perfis, subtreeOf } from '@concilia/db';
import { MSG } from '@concilia/domain';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../features/auth/session.service';
import { fieldError } from '../register-kit/field-error';
import type { RegisterEntry, Row } from '../register-kit/register-entry';

/**
 * Profiles. Who may do what, decided once here:
 * - the Perfil screen lists and changes the profiles created by a person in the caller's subtree, so a
 *   reseller never sees another reseller's profiles, and nobody edits the profiles handed down to them;
 * - a profile grants only screens the caller's own profile has, and a user can be given only a profile
 *   made of such screens (created in the caller's subtree or by one of its ancestors) — nobody grants more
 *   than they hold.
 */

/** The screens of the caller's own profile, as a sub-select. */
export const myScreens = (me: SessionUser): SQL =>
  sql`(SELECT ${perfilRecursos.codrecurso} FROM ${perfilRecursos} WHERE ${perfilRecursos.codperfil} = ${me.codperfil})`;

/** Profiles the caller may give to a user. */
export const assignableProfiles = (me: SessionUser): SQL => sql`(
  (${perfis.codpessoacriador} IN ${subtreeOf(me.codpessoa)} OR ${perfis.codpessoacriador} IN ${ancestorsOf(me.codpessoa)})
  AND NOT EXISTS (SELECT 1 FROM perfil_recursos pr WHERE pr.codperfil = ${perfis.codperfil} AND pr.codrecurso NOT IN ${myScreens(me)}))`;

export const perfisEntry: Omit<RegisterEntry, 'def'> = {
  table: perfis,
  visible: (me) => sql`${perfis.codpessoacriador} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoacriador',
  hooks: {
    async beforeSave(ctx, values, { me }) {
      const mine = await ctx.db.select({ id: perfilRecursos.codrecurso }).from(perfilRecursos).where(eq(perfilRecursos.codperfil, me.codperfil));
      const allowed = new Set(mine.map((m) => m.id));
      if ((values.recursos as number[]).some((id) => !allowed.has(id))) throw fieldError('recursos', MSG.perfilTelaNaoPermitida);
      return values;
    },
    // The join table is rewritten whole: the form always sends the complete set of screens.
    async afterSave(ctx, row, values) {
      const codperfil = row.codperfil as number;
      await ctx.db.delete(perfilRecursos).where(eq(perfilRecursos.codperfil, codperfil));
      const picked = values.recursos as number[];
      if (picked.length) await ctx.db.insert(perfilRecursos).values(picked.map((codrecurso) => ({ codperfil, codrecurso })));
    },
    async afterLoad(ctx, rows) {
      const ids = rows.map((r) => r.codperfil as number);
      const links = ids.length
        ? await ctx.db.select().from(perfilRecursos).where(inArray(perfilRecursos.codperfil, ids)).orderBy(asc(perfilRecursos.codrecurso))
        : [];
      return rows.map((r): Row => ({ ...r, recursos: links.filter((l) => l.codperfil === r.codperfil).map((l) => l.codrecurso) }));
    },
  },
};
