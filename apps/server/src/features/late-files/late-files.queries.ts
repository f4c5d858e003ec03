import { subtreeOf, type Db } from '@concilia/db';
import { sql } from 'drizzle-orm';

/** An open late-file alarm as the home page and the digest show it: establishment, operator, unit and the day. */
export type ArquivoAtrasado = {
  codestabelecimento: number;
  codexterno: string;
  estabelecimento: string | null;
  unidade: string;
  operadora: string;
  /** the business day whose file did not arrive, 'YYYY-MM-DD' */
  data: string;
  abertoem: string;
};

/** Enough for a notice and an e-mail: an establishment late for weeks lists its most recent days first. */
export const ALARMES_MAX = 50;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/**
 * The open alarms of the establishments whose unit is in `codpessoa`'s subtree (who sees an alarm is who sees the
 * unit), newest day first, at most `limit`; `total` counts them all.
 */
export async function listOpenAlarms(db: Pick<Db, 'execute'>, codpessoa: number, limit = ALARMES_MAX): Promise<{ total: number; itens: ArquivoAtrasado[] }> {
  const rows = rowsOf<ArquivoAtrasado & { total: number }>(await db.execute(sql`
    SELECT al.codestabelecimento, e.codexterno, e.nome AS estabelecimento, coalesce(p.nomeabreviado, p.nome) AS unidade,
      o.nome AS operadora, to_char(al.data, 'YYYY-MM-DD') AS data,
      to_char(al.abertoem AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS abertoem, (count(*) OVER ())::int AS total
    FROM alarmes_arquivo al
    JOIN estabelecimentos e ON e.codestabelecimento = al.codestabelecimento
    JOIN pessoas p ON p.codpessoa = e.codpessoa
    JOIN operadoras o ON o.codoperadora = e.codoperadora
    WHERE al.resolvidoem IS NULL AND e.codpessoa IN ${subtreeOf(codpessoa)}
    ORDER BY al.data DESC, o.nome, e.codexterno
    LIMIT ${limit}`));
  return {
    total: rows[0]?.total ?? 0,
    itens: rows.map(({ total: _t, ...r }) => ({ ...r, codestabelecimento: Number(r.codestabelecimento) })),
  };
}
