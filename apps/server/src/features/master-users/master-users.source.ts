import { perfis, pessoas, subtreeOf, usuarios } from '@concilia/db';
import { type AnyRegisterDef, isGiven, MASTER_SCREENS, MSG } from '@concilia/domain';
import { AppError } from '../../graphql/errors';
import { and, asc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.service';
import type { Ctx } from '../../graphql/context';
import type { RegisterEntry, Row } from '../../register-kit/register-entry';
import type { RowWindow } from '../../register-kit/list-page';

/**
 * The users a master user may sign in as (spec part 2 §6): users of the persons strictly below the master's
 * own — never a colleague of its company, never itself. The one condition every master call keeps to.
 */
export const impersonable = (me: SessionUser): SQL =>
  and(sql`${usuarios.codpessoa} IN ${subtreeOf(me.codpessoa)}`, ne(usuarios.codpessoa, me.codpessoa))!;

const like = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(me: SessionUser, f: Row): SQL {
  return and(
    impersonable(me),
    isGiven(f.login) ? ilike(usuarios.login, like(f.login)) : undefined,
    isGiven(f.nome) ? ilike(usuarios.nome, like(f.nome)) : undefined,
    isGiven(f.nomepessoa) ? ilike(pessoas.nome, like(f.nomepessoa)) : undefined,
  )!;
}

const rows = (ctx: Ctx, me: SessionUser, f: Row, extra?: SQL) =>
  ctx.db
    .select({
      codusuario: usuarios.codusuario, login: usuarios.login, nome: usuarios.nome, nomepessoa: pessoas.nome, perfil: perfis.nome,
      email: usuarios.email, responsavel: usuarios.responsavel, validade: usuarios.validade, codperfil: usuarios.codperfil, codpessoa: usuarios.codpessoa,
      codpessoapai: pessoas.codpessoapai,
    })
    .from(usuarios)
    .innerJoin(pessoas, eq(pessoas.codpessoa, usuarios.codpessoa))
    .innerJoin(perfis, eq(perfis.codperfil, usuarios.codperfil))
    .where(and(where(me, f), extra));

/**
 * Editar of the reseller master list (salvarMestreRevenda): a listed user's responsável (in capitals, as the
 * reset page records it) and e-mail — only a user the master may list, and not from a session in another
 * user's name (a master's own hand, like Trocar senha).
 */
async function salvarMestreRevenda(ctx: Ctx, values: Row, me: SessionUser): Promise<void> {
  if (me.simuladoPor !== null) throw new AppError('FORBIDDEN', MSG.semPermissao);
  const [saved] = await ctx.db.update(usuarios)
    .set({ responsavel: String(values.responsavel).toUpperCase(), email: String(values.email) })
    .where(and(eq(usuarios.codusuario, Number(values.codusuario)), impersonable(me)))
    .returning({ codusuario: usuarios.codusuario });
  if (!saved) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
}

const entry = (def: AnyRegisterDef): RegisterEntry => ({
  def,
  hooks: { formActions: { editar: salvarMestreRevenda } },
  source: {
    list: async (ctx, me, f, window: RowWindow) =>
      (await rows(ctx, me, f).orderBy(asc(usuarios.login)).offset(window.offset).limit(window.limit)) as Row[],
    count: async (ctx, me, f) => {
      const [r] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(usuarios)
        .innerJoin(pessoas, eq(pessoas.codpessoa, usuarios.codpessoa)).where(where(me, f));
      return Number(r?.n ?? 0);
    },
    find: async (ctx, me, key) => {
      const [r] = await rows(ctx, me, {}, eq(usuarios.codusuario, Number(key.codusuario)));
      return (r as Row | undefined) ?? null;
    },
  },
});

/** The three lists (buscamestres, buscamestresoperadora, buscamestresrevenda), each granted by its own screen. */
export const masterUsersEntries: RegisterEntry[] = MASTER_SCREENS.map(entry);
