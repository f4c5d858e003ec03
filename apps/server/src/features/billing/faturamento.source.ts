import { faturamentoMovimentoScreen, isBusinessDate, isGiven } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../graphql/context';
import type { SessionUser } from '../auth/session.service';
import type { RegisterEntry, Row } from '../../register-kit/register-entry';
import { billedClients } from './movimentos.source';

/**
 * Faturamento Movimento on the register kit: the closed movements the user bills, each with its invoice's state
 * and the flags that offer the invoice actions (exibirlink: no authorized or accepted invoice yet).
 */

const rowsOf = async (ctx: Ctx, q: SQL) => ((await ctx.db.execute(q)) as unknown as { rows: Row[] }).rows;

function query(me: SessionUser, f: Row, chave?: string): SQL {
  const conds: SQL[] = [sql`m.codpessoa IN ${billedClients(me, isGiven(f.codpessoa) ? f.codpessoa : null)}`];
  if (chave !== undefined) conds.push(sql`m.chave = ${chave}`);
  if (typeof f.de === 'string' && isBusinessDate(f.de)) conds.push(sql`(m.datainclusao AT TIME ZONE 'America/Sao_Paulo')::date >= ${f.de}::date`);
  if (typeof f.ate === 'string' && isBusinessDate(f.ate)) conds.push(sql`(m.datainclusao AT TIME ZONE 'America/Sao_Paulo')::date <= ${f.ate}::date`);
  if (isGiven(f.situacao)) conds.push(sql`coalesce(n.status, 'PENDENTE') = ${String(f.situacao)}`);
  return sql`SELECT m.chave, p.nome, m.filtrode::text AS filtrode, m.filtroate::text AS filtroate, m.valorservico, m.datainclusao, m.dataprocessado,
      coalesce(n.status, 'PENDENTE') AS situacao, n.numeronota,
      CASE WHEN n.status IN ('AUTORIZADA', 'ACEITA') THEN 'N' ELSE 'S' END AS exibirlink,
      CASE WHEN n.status = 'AUTORIZADA' THEN 'S' ELSE 'N' END AS reenviaremail,
      CASE WHEN n.status = 'REJEITADA' THEN 'S' ELSE 'N' END AS reenviarnota
    FROM movimentos m JOIN pessoas p ON p.codpessoa = m.codpessoa LEFT JOIN notas_servico n ON n.codmovimento = m.codmovimento
    WHERE ${sql.join(conds, sql` AND `)}`;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
const asRow = (r: Row): Row => ({ ...r, valorservico: Number(r.valorservico), datainclusao: iso(r.datainclusao), dataprocessado: iso(r.dataprocessado) });

export const faturamentoMovimentoEntry: RegisterEntry = {
  def: faturamentoMovimentoScreen,
  source: {
    list: async (ctx, me, f, window) =>
      (await rowsOf(ctx, sql`${query(me, f)} ORDER BY m.datainclusao DESC, m.codmovimento DESC LIMIT ${window.limit} OFFSET ${window.offset}`)).map(asRow),
    count: async (ctx, me, f) => Number((await rowsOf(ctx, sql`SELECT count(*) AS n FROM (${query(me, f)}) q`))[0]?.n ?? 0),
    find: async (ctx, me, key) => {
      const [r] = await rowsOf(ctx, query(me, {}, String(key.chave ?? '')));
      return r ? asRow(r) : null;
    },
  },
};
