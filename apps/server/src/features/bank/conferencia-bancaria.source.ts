import { subtreeOf } from '@concilia/db';
import { type Bucket, conferenciaBancariaScreen, isGiven, RESULTADOS_CONFERENCIA } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.service';
import type { Ctx } from '../../graphql/context';
import type { RowWindow } from '../../register-kit/list-page';
import type { RegisterEntry, Row } from '../../register-kit/register-entry';

/**
 * Conferência Bancária: the bank check's pairs (conciliacoes_bancarias, filled by the bank matcher) with the
 * operator's settlement or debit (linhas_operadora) and the bank posting (linhas_banco) each names, in the caller's
 * part of the hierarchy. A row belongs to the settlement's unit, or to the account's owner when no settlement
 * explains the posting. The window is the settlement's date, else the posting's (the kit has checked it: both
 * ends, at most one month).
 */

type Db = Ctx['db'];

/** The person a row belongs to, its day and its amount in the cards (the operator's, else the bank's; debits as positive). */
const PESSOA = sql`coalesce(l.codpessoa, cb.codpessoa)`;
const DIA = sql`coalesce(l.data, b.data)`;
const VALOR = sql`abs(coalesce(l.valorliquido, b.valor))`;

const FROM = sql`
  FROM conciliacoes_bancarias cb
  LEFT JOIN linhas_operadora l ON l.codlinha = cb.codlinha
  LEFT JOIN linhas_banco b ON b.codlinhabanco = cb.codlinhabanco`;

/** The caller's rows: its subtree, whichever side the row was found by. */
export const conferenciaScope = (me: { codpessoa: number }) => sql`${PESSOA} IN ${subtreeOf(me.codpessoa)}`;

function whereOf(me: SessionUser, f: Row): SQL {
  const parts: SQL[] = [conferenciaScope(me), sql`${DIA} BETWEEN ${String(f.de)}::date AND ${String(f.ate)}::date`];
  // a client narrows to its units, a unit to itself
  if (isGiven(f.codpessoa)) parts.push(sql`${PESSOA} IN ${subtreeOf(Number(f.codpessoa))}`);
  if (isGiven(f.codoperadora)) parts.push(sql`l.codoperadora = ${Number(f.codoperadora)}`);
  if (isGiven(f.codcontabancaria)) parts.push(sql`coalesce(cb.codcontabancaria, b.codcontabancaria) = ${Number(f.codcontabancaria)}`);
  if (isGiven(f.resultado)) parts.push(sql`cb.resultado = ${String(f.resultado)}`);
  return sql.join(parts, sql` AND `);
}

const ROWS = (where: SQL) => sql`
  SELECT cb.codconciliacaobancaria, cb.codlinha, cb.codlinhabanco, to_char(l.data, 'YYYY-MM-DD') AS dataprevista,
         to_char(b.data, 'YYYY-MM-DD') AS datacredito, l.codoperadora, o.nome AS operadora, p.nome AS unidade, l.estabelecimento,
         CASE WHEN c.codcontabancaria IS NOT NULL THEN c.banco || ' / ' || c.agencia || ' / ' || c.conta || coalesce('-' || nullif(c.digito, ''), '') END AS conta,
         l.valorliquido::text AS valorinformado,
         CASE WHEN b.codlinhabanco IS NOT NULL THEN (CASE WHEN b.natureza = 'D' THEN -b.valor ELSE b.valor END)::text END AS valorcreditado,
         cb.diferenca::text AS diferenca, cb.resultado, cb.regra, b.historico
  ${FROM}
  LEFT JOIN contas_bancarias c ON c.codcontabancaria = coalesce(cb.codcontabancaria, b.codcontabancaria)
  LEFT JOIN operadoras o ON o.codoperadora = l.codoperadora
  LEFT JOIN pessoas p ON p.codpessoa = ${PESSOA}
  WHERE ${where}`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function asRow(r: Row): Row {
  return {
    codconciliacaobancaria: Number(r.codconciliacaobancaria), codlinha: num(r.codlinha), codlinhabanco: num(r.codlinhabanco),
    dataprevista: r.dataprevista, datacredito: r.datacredito, codoperadora: num(r.codoperadora), operadora: r.operadora, unidade: r.unidade,
    estabelecimento: r.estabelecimento, conta: r.conta, valorinformado: num(r.valorinformado), valorcreditado: num(r.valorcreditado),
    diferenca: num(r.diferenca), resultado: r.resultado, regra: r.regra, historico: r.historico,
  };
}

async function rowsOf(db: Db, me: SessionUser, f: Row, window?: RowWindow): Promise<Row[]> {
  const page = window ? sql` OFFSET ${window.offset} LIMIT ${window.limit}` : sql``;
  const res = (await db.execute(sql`${ROWS(whereOf(me, f))} ORDER BY ${DIA}, cb.codconciliacaobancaria${page}`)) as unknown as { rows: Row[] };
  return res.rows.map(asRow);
}

/** One card per result, in RESULTADOS_CONFERENCIA's order: how many rows and their amount (the other filters apply). */
async function buckets(db: Db, me: SessionUser, f: Row): Promise<Bucket[]> {
  const { resultado: _card, ...rest } = f;
  const res = (await db.execute(sql`
    SELECT cb.resultado, count(*)::int AS n, coalesce(sum(${VALOR}), 0)::text AS total
    ${FROM} WHERE ${whereOf(me, rest)} GROUP BY cb.resultado`)) as unknown as { rows: { resultado: string; n: number; total: string }[] };
  return RESULTADOS_CONFERENCIA.map((s) => {
    const r = res.rows.find((x) => x.resultado === s.valor);
    return { valor: s.valor, label: s.label, quantidade: Number(r?.n ?? 0), total: Number(r?.total ?? 0) };
  });
}

/**
 * The dashboard's "Não creditado": the amount of the settlements the bank check found missing, whose date falls in
 * the window, for the persons `escopo` names (the dashboard's scope).
 */
export async function naoCreditado(db: Pick<Db, 'execute'>, q: { de: string; ate: string; escopo: SQL }): Promise<number> {
  const res = (await db.execute(sql`
    SELECT coalesce(sum(${VALOR}), 0)::text AS total ${FROM}
    WHERE cb.resultado = 'NAO_CREDITADO' AND ${DIA} BETWEEN ${q.de}::date AND ${q.ate}::date AND ${PESSOA} IN ${q.escopo}`)) as unknown as { rows: { total: string }[] };
  return Number(res.rows[0]?.total ?? 0);
}

export const conferenciaBancariaEntry: RegisterEntry = {
  def: conferenciaBancariaScreen,
  source: {
    list: (ctx, me, f, window) => rowsOf(ctx.db, me, f, window),
    count: async (ctx, me, f) => {
      const res = (await ctx.db.execute(sql`SELECT count(*)::int AS n ${FROM} WHERE ${whereOf(me, f)}`)) as unknown as { rows: { n: number }[] };
      return Number(res.rows[0]?.n ?? 0);
    },
    find: async (ctx, me, key) => {
      const res = (await ctx.db.execute(sql`${ROWS(sql`cb.codconciliacaobancaria = ${Number(key.codconciliacaobancaria)} AND ${conferenciaScope(me)}`)}`)) as unknown as { rows: Row[] };
      return res.rows[0] ? asRow(res.rows[0]) : null;
    },
  },
  hooks: {
    buckets: (ctx, me, f) => buckets(ctx.db, me, f),
  },
};
