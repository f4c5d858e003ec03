import { subtreeOf } from '@concilia/db';
import {
  formatBusinessDate, GRUPO_TERMINAL_TODOS, isBusinessDate, isGiven, MSG, movimentosAbertosScreen, movimentosFechadosScreen, todayBusiness,
} from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../graphql/context';
import { AppError } from '../../graphql/errors';
import type { SessionUser } from '../auth/session.service';
import type { RowWindow } from '../../register-kit/list-page';
import type { RegisterEntry, Row } from '../../register-kit/register-entry';
import { openMovements, writeMovement } from './billing.queries';

/**
 * Movimentos Abertos and Movimentos Fechados on the register kit. Billing is the biller's: a client is billed
 * by the persons above it, so both lists hold only clients strictly below the user (a client never sees, nor
 * closes, its own billing).
 */

const rowsOf = async (ctx: Ctx, q: SQL) => ((await ctx.db.execute(q)) as unknown as { rows: Row[] }).rows;
const page = (rows: Row[], window?: RowWindow) => (window ? rows.slice(window.offset, window.offset + window.limit) : rows);

/** The clients the user bills: of tipo CLIENTE, strictly below the user's person, narrowed to one when chosen. */
export function billedClients(me: SessionUser, chosen: unknown): SQL {
  const one = isGiven(chosen) ? sql` AND c.codpessoa = ${Number(chosen)}` : sql``;
  return sql`(SELECT c.codpessoa FROM pessoas c WHERE c.tipo = 'CLIENTE' AND c.codpessoa <> ${me.codpessoa} AND c.codpessoa IN ${subtreeOf(me.codpessoa)}${one})`;
}

const ateOf = (f: Row) => (typeof f.ate === 'string' && isBusinessDate(f.ate) ? f.ate : todayBusiness());

async function abertosRows(ctx: Ctx, me: SessionUser, f: Row): Promise<Row[]> {
  const ate = ateOf(f);
  const rows = await openMovements(ctx.db, { clientes: billedClients(me, f.codpessoa), ate });
  return rows.map((r) => ({ ...r, id: `${r.codpessoa}|${ate}` }));
}

/**
 * Closes one client's open period up to `ate`, once: the client's row is locked, so two closings of one
 * client (two tabs, two back-office users) run one after the other, and the second finds the period closed and
 * changes nothing — closing is idempotent. A period with nothing to bill is not closed.
 */
export async function closeMovement(ctx: Ctx, me: SessionUser, codpessoa: number, ate: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const locked = await tx.execute(sql`SELECT codpessoa FROM pessoas WHERE codpessoa = ${codpessoa} AND codpessoa IN ${billedClients(me, codpessoa)} FOR UPDATE`);
    if (!(locked as unknown as { rows: unknown[] }).rows.length) throw new AppError('FORBIDDEN', MSG.movimentoSomenteFaturador);
    const closed = await tx.execute(sql`SELECT 1 FROM movimentos WHERE codpessoa = ${codpessoa} AND filtroate >= ${ate}::date`);
    if ((closed as unknown as { rows: unknown[] }).rows.length) return;
    const [open] = await openMovements(tx, { clientes: sql`(SELECT ${codpessoa}::int)`, ate });
    if (!open) {
      const [c] = (await tx.execute(sql`SELECT nome FROM pessoas WHERE codpessoa = ${codpessoa}`) as unknown as { rows: { nome: string }[] }).rows;
      throw new AppError('BAD_USER_INPUT', MSG.movimentoNadaAFechar.replace('{nome}', c?.nome ?? '').replace('{data}', formatBusinessDate(ate)));
    }
    await writeMovement(tx, open, me.codusuario);
  });
}

const abertosSource: NonNullable<RegisterEntry['source']> = {
  list: async (ctx, me, f, window) => page(await abertosRows(ctx, me, f), window),
  count: async (ctx, me, f) => (await abertosRows(ctx, me, f)).length,
  // the row's id is the client and the day: a client the user bills (closing checks it again under the lock)
  find: async (ctx, me, key) => {
    const [codpessoa, ate] = String(key.id ?? '').split('|');
    if (!codpessoa || !ate || !isBusinessDate(ate) || !/^\d+$/.test(codpessoa)) return null;
    const [mine] = await rowsOf(ctx, sql`SELECT 1 FROM pessoas WHERE codpessoa = ${Number(codpessoa)} AND codpessoa IN ${billedClients(me, codpessoa)}`);
    return mine ? { id: key.id, codpessoa: Number(codpessoa), ate } : null;
  },
};

export const movimentosAbertosEntry: RegisterEntry = {
  def: movimentosAbertosScreen,
  source: abertosSource,
  hooks: { actions: { fechar: (ctx, row, me) => closeMovement(ctx, me, Number(row.codpessoa), String(row.ate)) } },
};

/** The closed movements the user may see, with the screen's filters; `chave` narrows to one. */
function fechadosQuery(me: SessionUser, f: Row, chave?: string): SQL {
  const conds: SQL[] = [sql`m.codpessoa IN ${billedClients(me, null)}`];
  if (chave !== undefined) conds.push(sql`m.chave = ${chave}`);
  if (typeof f.processadode === 'string' && isBusinessDate(f.processadode)) conds.push(sql`(m.datainclusao AT TIME ZONE 'America/Sao_Paulo')::date >= ${f.processadode}::date`);
  if (typeof f.processadoate === 'string' && isBusinessDate(f.processadoate)) conds.push(sql`(m.datainclusao AT TIME ZONE 'America/Sao_Paulo')::date <= ${f.processadoate}::date`);
  if (f.processado === 'N') conds.push(sql`m.dataprocessado IS NULL`);
  if (f.processado === 'P') conds.push(sql`m.dataprocessado IS NOT NULL`);
  if (isGiven(f.concioperadora)) conds.push(sql`m.codpessoa IN (SELECT codpessoa FROM pessoas WHERE codpessoa = ${Number(f.concioperadora)} UNION SELECT codpessoapai FROM pessoas WHERE codpessoa = ${Number(f.concioperadora)})`);
  if (isGiven(f.grupoterminal) && String(f.grupoterminal) !== GRUPO_TERMINAL_TODOS) {
    const t = Number(f.grupoterminal);
    conds.push(sql`(EXISTS (SELECT 1 FROM movimento_linhas b WHERE b.codmovimento = m.codmovimento AND b.codterminal = ${t})
      OR EXISTS (SELECT 1 FROM movimento_mensalidades x WHERE x.codmovimento = m.codmovimento AND x.codterminal = ${t}))`);
  }
  return sql`SELECT m.codmovimento, m.chave, m.codpessoa, m.codpessoafaturador, p.nome, m.filtrode::text AS filtrode, m.filtroate::text AS filtroate, m.datainclusao, m.quantidade,
      m.valorbruto, m.valorliquidoadm, m.valorliquidoterminal, m.creditos, m.debitos, m.valorservico, m.dataprocessado
    FROM movimentos m JOIN pessoas p ON p.codpessoa = m.codpessoa
    WHERE ${sql.join(conds, sql` AND `)}`;
}

const asRow = (r: Row): Row => ({
  ...r,
  datainclusao: r.datainclusao instanceof Date ? r.datainclusao.toISOString() : r.datainclusao,
  dataprocessado: r.dataprocessado instanceof Date ? r.dataprocessado.toISOString() : (r.dataprocessado ?? null),
  ...Object.fromEntries(['valorbruto', 'valorliquidoadm', 'valorliquidoterminal', 'creditos', 'debitos', 'valorservico', 'quantidade', 'codmovimento'].map((k) => [k, Number(r[k])])),
});

/** A closed movement the user may see, by its key. */
export async function findClosedMovement(ctx: Ctx, me: SessionUser, chave: string): Promise<Row | null> {
  const [row] = await rowsOf(ctx, fechadosQuery(me, {}, chave));
  return row ? asRow(row) : null;
}

export const movimentosFechadosEntry: RegisterEntry = {
  def: movimentosFechadosScreen,
  source: {
    list: async (ctx, me, f, window) =>
      (await rowsOf(ctx, sql`${fechadosQuery(me, f)} ORDER BY m.datainclusao DESC, m.codmovimento DESC LIMIT ${window.limit} OFFSET ${window.offset}`)).map(asRow),
    count: async (ctx, me, f) => Number((await rowsOf(ctx, sql`SELECT count(*) AS n FROM (${fechadosQuery(me, f)}) q`))[0]?.n ?? 0),
    find: (ctx, me, key) => findClosedMovement(ctx, me, String(key.chave ?? '')),
  },
};
