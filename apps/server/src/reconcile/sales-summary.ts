import type { RawTransaction } from '@concilia/db';
import { withHashAggregates } from './plan-settings';
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
 * The sales a cancellation or chargeback names, of the window $1..$2 (and a day around it): not 'conciliado'
 * whatever their pair (resultado_venda_operadora), found once for the window rather than sale by sale as the
 * view does.
 */
const CORRECTED = `corrigidas AS (
       SELECT DISTINCT x.codoperadora, x.estabelecimento, x.nsu, x.datavenda FROM linhas_operadora x
       WHERE x.tipo IN ('cancellation', 'chargeback') AND x.datavenda BETWEEN $1::date - 1 AND $2::date + 1
     )`;

/** The window's operator sales with their pair and correction, for the summaries' GROUP BY (`o`, `cv`, `k`). */
const WINDOW_SALES = `linhas_operadora o
       LEFT JOIN conciliacoes_venda cv ON cv.codlinha = o.codlinha
       LEFT JOIN corrigidas k ON k.codoperadora = o.codoperadora AND k.estabelecimento = o.estabelecimento AND k.nsu = o.nsu
         AND k.datavenda = o.data`;

const WINDOW_SALES_WHERE = `o.tipo = 'sale' AND o.codpessoa IS NOT NULL AND o.data BETWEEN $1::date - 1 AND $2::date + 1`;

/** The summary's key of a sale line `o`, in resumo_vendas_dia's column order. */
const SUMMARY_KEY = `o.data, o.codpessoa, o.codoperadora, coalesce(o.bandeiranome, o.bandeira, '') AS bandeira,
              coalesce(o.produtonome, o.produto, '') AS produto, coalesce(substr(o.hora, 1, 2)::int, 0) AS hora`;

/** A sale counts as 'conciliadas' when resultado_venda_operadora calls it conciliado, with or without divergence. */
const RECONCILED = `count(*) FILTER (WHERE cv.codlinha IS NOT NULL AND k.nsu IS NULL)`;

/**
 * Rebuilds the daily sales summary (resumo_vendas_dia) of the window's days from the operator sales and their
 * results, in the matching job's transaction: the dashboard reads these few rows instead of the lines. It
 * runs after the fee audit of the window, so the over-charged fees of the day's sales come with them.
 */
export async function refreshSalesSummary(tx: RawTransaction, scope: MatchScope): Promise<number> {
  // jobs of different clients may rebuild the same days: one at a time, or the second would insert rows the first just did
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('resumo_vendas_dia'))`);
  await tx.query(`DELETE FROM resumo_vendas_dia WHERE data BETWEEN $1::date - 1 AND $2::date + 1`, [scope.de, scope.ate]);
  // the window's sales fold into a few thousand groups: hashed, not sorted (plan-settings.ts)
  const [row] = await withHashAggregates(tx, () => tx.query<{ n: string | number }>(
    `WITH ${CORRECTED},
     ins AS (
       INSERT INTO resumo_vendas_dia (data, codpessoa, codoperadora, bandeira, produto, hora, quantidade, bruto, taxa, liquido, conciliadas,
         tipo, sobretaxa, codcliente)
       SELECT ${SUMMARY_KEY}, count(*), sum(o.valorbruto), sum(o.valortaxa), sum(o.valorliquido), ${RECONCILED},
              max(${productKindSql(nameKindSql('o.produtonome'))}),
              coalesce(sum(a.diferenca) FILTER (WHERE a.situacao = 'divergente' AND a.diferenca > 0), 0),
              -- one per unit: the tenant key follows codpessoa
              min(o.codcliente)
       FROM ${WINDOW_SALES}
       ${productKindJoins('o')}
       LEFT JOIN auditoria_taxas a ON a.codlinha = o.codlinha
       WHERE ${WINDOW_SALES_WHERE}
       GROUP BY 1, 2, 3, 4, 5, 6
       RETURNING 1)
     SELECT count(*) AS n FROM ins`,
    [scope.de, scope.ate],
  ));
  return Number(row!.n);
}

/**
 * After a window whose operator lines, fees and contracts did not change (a customer file: only sale pairs did),
 * the one column pairs feed, 'conciliadas', is counted again and written where it changed; the rest of each row
 * stands. Should a group of the window have no row yet (its operator lines were never summarised), the window is
 * rebuilt whole instead. Returns the rows written.
 */
export async function refreshSalesSummaryPairs(tx: RawTransaction, scope: MatchScope): Promise<number> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('resumo_vendas_dia'))`);
  const [row] = await tx.query<{ alteradas: string | number; faltando: string | number }>(
    `WITH ${CORRECTED},
     contagem AS MATERIALIZED (
       SELECT ${SUMMARY_KEY}, ${RECONCILED} AS conciliadas
       FROM ${WINDOW_SALES}
       WHERE ${WINDOW_SALES_WHERE}
       GROUP BY 1, 2, 3, 4, 5, 6
     ),
     alteradas AS (
       UPDATE resumo_vendas_dia r SET conciliadas = c.conciliadas
       FROM contagem c
       WHERE (r.data, r.codpessoa, r.codoperadora, r.bandeira, r.produto, r.hora) = (c.data, c.codpessoa, c.codoperadora, c.bandeira, c.produto, c.hora)
         AND r.conciliadas <> c.conciliadas
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM alteradas) AS alteradas,
            (SELECT count(*) FROM contagem c WHERE NOT EXISTS (SELECT 1 FROM resumo_vendas_dia r
               WHERE (r.data, r.codpessoa, r.codoperadora, r.bandeira, r.produto, r.hora) = (c.data, c.codpessoa, c.codoperadora, c.bandeira, c.produto, c.hora))) AS faltando`,
    [scope.de, scope.ate],
  );
  if (Number(row!.faltando) > 0) return refreshSalesSummary(tx, scope);
  return Number(row!.alteradas);
}
