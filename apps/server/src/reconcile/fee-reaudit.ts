import { sql } from 'drizzle-orm';
import type { Db } from '@concilia/db';
import { MATCH_QUEUE } from './match-queue';

/** A span of business dates, both ends included ('YYYY-MM-DD'). */
export type DateSpan = { de: string; ate: string };

/**
 * Queues the fee audit again over the days a changed plan, contract or rate can touch, so "Cobrado a mais"
 * and the audit follow the contract the user just typed. Each span is cut to the days that have operator
 * sales (a contract of two years over one month of files re-audits that month), then into calendar months:
 * one job per month, on the reconciliation queue in its 'somenteTaxas' mode (the audit and the summaries
 * that show it; no sale pairing, no payments). A month already waiting to be re-audited is not queued twice.
 * Runs in the caller's transaction: a save that fails queues nothing. Answers how many jobs it queued.
 */
export async function queueFeeReaudit(db: Pick<Db, 'execute'>, spans: readonly DateSpan[]): Promise<number> {
  const given = spans.filter((s) => s.de && s.ate && s.de <= s.ate);
  if (!given.length) return 0;
  const des = `{${given.map((s) => s.de).join(',')}}`;
  const ates = `{${given.map((s) => s.ate).join(',')}}`;
  const r = (await db.execute(sql`
    WITH pedido AS (SELECT * FROM unnest(${des}::date[], ${ates}::date[]) AS p(de, ate)),
    vendas AS (
      SELECT greatest(p.de, s.primeira) AS de, least(p.ate, s.ultima) AS ate
      FROM pedido p
      CROSS JOIN LATERAL (
        SELECT min(l.data) AS primeira, max(l.data) AS ultima FROM linhas_operadora l
        WHERE l.tipo = 'sale' AND l.data BETWEEN p.de AND p.ate
      ) s
      WHERE s.primeira IS NOT NULL
    ),
    meses AS (
      SELECT min(greatest(v.de, m::date)) AS de, max(least(v.ate, (m + interval '1 month - 1 day')::date)) AS ate
      FROM vendas v
      CROSS JOIN LATERAL generate_series(date_trunc('month', v.de), v.ate, interval '1 month') AS m
      GROUP BY date_trunc('month', m)
    ),
    novos AS (
      INSERT INTO jobs (queue, payload)
      SELECT ${MATCH_QUEUE}, jsonb_build_object('de', to_char(de, 'YYYY-MM-DD'), 'ate', to_char(ate, 'YYYY-MM-DD'), 'somenteTaxas', true)
      FROM meses m
      WHERE NOT EXISTS (
        SELECT 1 FROM jobs j WHERE j.queue = ${MATCH_QUEUE} AND j.state = 'pending' AND j.payload @> jsonb_build_object(
          'de', to_char(m.de, 'YYYY-MM-DD'), 'ate', to_char(m.ate, 'YYYY-MM-DD'), 'somenteTaxas', true))
      RETURNING id
    )
    SELECT count(*)::int AS n FROM novos`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n ?? 0);
}

/** The vigências of a plan's contracts: the days its rates can price. */
export async function planSpans(db: Pick<Db, 'execute'>, codplanosconciliadores: number): Promise<DateSpan[]> {
  const r = (await db.execute(sql`
    SELECT to_char(vigenciade, 'YYYY-MM-DD') AS de, to_char(vigenciaate, 'YYYY-MM-DD') AS ate
    FROM planos_conciliadores_contrato WHERE codplanosconciliadores = ${codplanosconciliadores}`)) as unknown as { rows: DateSpan[] };
  return r.rows;
}
