import { perfis, subtreeOf, usuarios } from '@concilia/db';
import { MSG, todayBusiness } from '@concilia/domain';
import { hash } from '@node-rs/argon2';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { endUserSessions } from '../features/auth/session.service';
import { fieldError } from '../register-kit/field-error';
import type { RegisterEntry } from '../register-kit/register-entry';
import { assignableProfiles } from './perfis.hooks';

/**
 * Users: seen and changed by the people above them (their codpessoa in the caller's subtree). The login is
 * unique across the product, the profile must be one the caller may give, and a typed password is stored
 * only as its argon2id hash — the declaration marks it write-only, so no call ever answers it.
 */
export const usuariosEntry: Omit<RegisterEntry, 'def'> = {
  table: usuarios,
  visible: (me) => sql`${usuarios.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
  ownerColumn: 'codpessoa',
  lists: {
    getListarUsuariosExpirados: {
      description: 'Usuários cuja validade já passou (antes de hoje, em America/Sao_Paulo)',
      // Evaluated per call: "today" is the business date when the list is asked for.
      where: () => lt(usuarios.validade, todayBusiness()),
    },
  },
  hooks: {
    async beforeSave(ctx, values, { me, existing }) {
      const id = existing?.codusuario as number | undefined;
      // Checked here rather than left to the unique index, so the user reads why and beside which field.
      const [taken] = await ctx.db.select({ id: usuarios.codusuario }).from(usuarios)
        .where(and(sql`upper(${usuarios.login}) = ${values.login}`, id ? ne(usuarios.codusuario, id) : undefined));
      if (taken) throw fieldError('login', MSG.usuarioLoginDuplicado);
      const [perfil] = await ctx.db.select({ id: perfis.codperfil }).from(perfis)
        .where(and(eq(perfis.codperfil, values.codperfil as number), assignableProfiles(me)));
      if (!perfil) throw fieldError('codperfil', MSG.usuarioPerfilNaoPermitido);
      const { senha, ...rest } = values;
      return senha ? { ...rest, senhahash: await hash(String(senha)) } : rest;
    },
    // A password set by someone else ends the user's sessions, as a password change does.
    async afterSave(ctx, row, values, { insert, me }) {
      if (!insert && values.senhahash) await endUserSessions(ctx.db, row.codusuario as number, me.sessionId);
    },
  },
};
