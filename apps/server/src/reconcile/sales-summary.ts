import type { RawTransaction } from '@concilia/db';
import type { MatchScope } from './sales-matching';

/**
 * Rebuilds the daily sales summary (resumo_vendas_dia) of the window's days from the operator sales and their
 * results, in the matching job's transaction: the dashboard reads these few rows instead of the lines.
 */
export async function refreshSalesSummary(tx: RawTransaction, scope: MatchScope): Promise<number> {
  // jobs of different clients may rebuild the same days: one at a time, or the second would insert rows the first just did
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('resumo_vendas_dia'))`);
  await tx.query(`DELETE FROM resumo_vendas_dia WHERE data BETWEEN $1::date - 1 AND $2::date + 1`, [scope.de, scope.ate]);
  const [row] = await tx.query<{ n: string | number }>(
    `WITH ins AS (
       INSERT INTO resumo_vendas_dia (data, codpessoa, codoperadora, bandeira, produto, hora, quantidade, bruto, taxa, liquido, conciliadas)
       SELECT o.data, o.codpessoa, o.codoperadora, coalesce(o.bandeiranome, o.bandeira, ''), coalesce(o.produtonome, o.produto, ''),
              coalesce(substr(o.hora, 1, 2)::int, 0), count(*), sum(o.valorbruto), sum(o.valortaxa), sum(o.valorliquido),
              count(*) FILTER (WHERE r.resultado IN ('conciliado', 'conciliado_divergencia'))
       FROM linhas_operadora o JOIN resultado_venda_operadora r ON r.codlinha = o.codlinha
       WHERE o.tipo = 'sale' AND o.codpessoa IS NOT NULL AND o.data BETWEEN $1::date - 1 AND $2::date + 1
       GROUP BY 1, 2, 3, 4, 5, 6
       RETURNING 1)
     SELECT count(*) AS n FROM ins`,
    [scope.de, scope.ate],
  );
  return Number(row!.n);
}
