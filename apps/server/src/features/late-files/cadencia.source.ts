import { cadenciaArquivos } from '@concilia/db';
import { cadenciaArquivosScreen, isGiven, MSG } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import { fieldError } from '../../register-kit/field-error';
import type { RowWindow } from '../../register-kit/list-page';
import type { RegisterEntry, Row } from '../../register-kit/register-entry';
import type { SessionUser } from '../auth/session.service';

/**
 * Cadência de Arquivos on the register kit: every active operator with its cadence (table cadencia_arquivos, the
 * late-file job's rule; no row: business days at LATE_FILE_HOUR, alarm on). Anyone with the screen reads it; only
 * the platform's administrators (the top of the hierarchy) change it, since one cadence serves every tenant.
 */

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);
const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

async function cadencias(ctx: Ctx, f: Row, window?: RowWindow): Promise<Row[]> {
  const op = isGiven(f.codoperadora) ? sql`AND o.codoperadora = ${Number(f.codoperadora)}` : sql``;
  const page = window ? sql`LIMIT ${window.limit} OFFSET ${window.offset}` : sql``;
  const rows = rowsOf<Row>(await ctx.db.execute(sql`
    SELECT o.codoperadora, coalesce(to_char(c.horalimite, 'HH24:MI'), '') AS horalimite,
      CASE WHEN coalesce(c.diasuteis, true) THEN 'S' ELSE 'N' END AS diasuteis,
      CASE WHEN coalesce(c.monitorar, true) THEN 'S' ELSE 'N' END AS monitorar
    FROM operadoras o LEFT JOIN cadencia_arquivos c ON c.codoperadora = o.codoperadora
    WHERE o.ativo ${op}
    ORDER BY o.nome, o.codoperadora ${page}`));
  return rows.map((r) => ({
    ...r, codoperadora: Number(r.codoperadora),
    horaemvigor: r.horalimite || `${ctx.config.lateFileHour} (padrão)`,
  }));
}

/** 'Editar': the operator's cadence, written whole (an empty hour goes back to LATE_FILE_HOUR). */
async function salvarCadencia(ctx: Ctx, v: Row, me: SessionUser): Promise<void> {
  if (me.codpessoapai !== null) throw new AppError('FORBIDDEN', MSG.cadenciaSomentePlataforma);
  const hora = String(v.horalimite ?? '').trim();
  if (hora && !HORA.test(hora)) throw fieldError('horalimite', MSG.cadenciaHoraInvalida);
  const codoperadora = Number(v.codoperadora);
  const [op] = rowsOf<{ n: number }>(await ctx.db.execute(sql`SELECT 1 AS n FROM operadoras WHERE codoperadora = ${codoperadora} AND ativo`));
  if (!op) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
  const values = { horalimite: hora || null, diasuteis: v.diasuteis !== 'N', monitorar: v.monitorar !== 'N' };
  await ctx.db.insert(cadenciaArquivos).values({ codoperadora, ...values })
    .onConflictDoUpdate({ target: cadenciaArquivos.codoperadora, set: values });
}

export const cadenciaArquivosEntry: RegisterEntry = {
  def: cadenciaArquivosScreen,
  source: {
    list: (ctx, _me, f, window) => cadencias(ctx, f, window),
    count: async (ctx, _me, f) => (await cadencias(ctx, f)).length,
    find: async (ctx, _me, key) => (await cadencias(ctx, { codoperadora: key.codoperadora })).find((r) => r.codoperadora === Number(key.codoperadora)) ?? null,
  },
  hooks: { formActions: { editar: salvarCadencia } },
};
