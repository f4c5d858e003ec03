import type { RawTransaction } from '@concilia/db';
import type { MatchScope } from './sales-matching';

/** What a product's name says of its kind (CREDITO, DEBITO, VOUCHER, PIX), or null. */
export function nameKindSql(nome: string): string {
  const n = `lower(coalesce(${nome}, ''))`;
  return `CASE WHEN ${n} LIKE '%débito%' OR ${n} LIKE '%debito%' THEN 'DEBITO'
         WHEN ${n} LIKE '%pix%' THEN 'PIX'
         WHEN ${n} LIKE '%voucher%' OR ${n} LIKE '%refei%' OR ${n} LIKE '%alimenta%' THEN 'VOUCHER'
         WHEN ${n} LIKE '%crédito%' OR ${n} LIKE '%credito%' OR ${n} LIKE '%parcelad%' THEN 'CREDITO' END`;
}

/**
 * The product kind of a line for the dashboard's "by type": the generic product its operator code maps to
 * (operadora_codigos_produto → produtos, joined as `pr`), else the operator's own kind when it is a voucher or
 * Pix operator (`op`), else `nameKind` (what the product's name says), else ''. COALESCE stops at the first
 * answer, so a costlier `nameKind` runs only for codes nothing else explains.
 */
export function productKindSql(nameKind: string): string {
  return `coalesce(pr.tipo, CASE WHEN op.tipo <> 'CARTAO' THEN op.tipo END, ${nameKind}, '')`;
}

/** The joins productKindSql reads, for a line alias with codoperadora and the operator's product code. */
export function productKindJoins(line: string): string {
  return `JOIN operadoras op ON op.codoperadora = ${line}.codoperadora
       LEFT JOIN operadora_codigos_produto m ON m.codoperadora = ${line}.codoperadora AND m.codigo = ${line}.produto
       LEFT JOIN produtos pr ON pr.codprodutos = m.codprodutos`;
}

/**
 * Rebuilds the daily sales summary (resumo_vendas_dia) of the window's days from the operator sales and their
 * results, in the matching job's transaction: the dashboard reads these few rows instead of the lines. It
 * runs after the fee audit of the window, so the over-charged fees of the day's sales come with them.
 */
export async function refreshSalesSummary(tx: RawTransaction, scope: MatchScope): Promise<number> {
  // jobs of different clients may rebuild the same days: one at a time, or the second would insert rows the first just did
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('resumo_vendas_dia'))`);
  await tx.query(`DELETE FROM resumo_vendas_dia WHERE data BETWEEN $1::date - 1 AND $2::date + 1`, [scope.de, scope.ate]);
  const [row] = await tx.query<{ n: string | number }>(
    `WITH ins AS (
       INSERT INTO resumo_vendas_dia (data, codpessoa, codoperadora, bandeira, produto, hora, quantidade, bruto, taxa, liquido, conciliadas,
         tipo, sobretaxa)
       SELECT o.data, o.codpessoa, o.codoperadora, coalesce(o.bandeiranome, o.bandeira, ''), coalesce(o.produtonome, o.produto, ''),
              coalesce(substr(o.hora, 1, 2)::int, 0), count(*), sum(o.valorbruto), sum(o.valortaxa), sum(o.valorliquido),
              count(*) FILTER (WHERE r.resultado IN ('conciliado', 'conciliado_divergencia')),
              max(${productKindSql(nameKindSql('o.produtonome'))}),
              coalesce(sum(a.diferenca) FILTER (WHERE a.situacao = 'divergente' AND a.diferenca > 0), 0)
       FROM linhas_operadora o JOIN resultado_venda_operadora r ON r.codlinha = o.codlinha
       ${productKindJoins('o')}
       LEFT JOIN auditoria_taxas a ON a.codlinha = o.codlinha
       WHERE o.tipo = 'sale' AND o.codpessoa IS NOT NULL AND o.data BETWEEN $1::date - 1 AND $2::date + 1
       GROUP BY 1, 2, 3, 4, 5, 6
       RETURNING 1)
     SELECT count(*) AS n FROM ins`,
    [scope.de, scope.ate],
  );
  return Number(row!.n);
}
