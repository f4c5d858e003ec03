import { type Db, subtreeOf } from '@concilia/db';
import { type SQL, sql } from 'drizzle-orm';
import { anticipationAuditSql } from './fee-audit-anticipation';

/**
 * What a merchant can claim back: fees charged above the contract, per operator, unit and month, for a
 * person's subtree. Only over-charges count (positive diferenca of rows beyond the tolerance); an operator
 * charging less than the contract owes nothing back and is not netted against other sales.
 */
export type OverchargeTotal = {
  codoperadora: number;
  operadora: string;
  codpessoa: number;
  unidade: string;
  /** 'YYYY-MM' of the sale (sales) or of the anticipation date (anticipations) */
  mes: string;
  vendas: number;
  /** centavos charged above the contracted sale fee */
  valorvendas: number;
  antecipacoes: number;
  /** centavos charged above the contracted advance-payment cost */
  valorantecipacoes: number;
};

/**
 * The totals' SQL (without an order), for a person's subtree: the screens and the report generators read the same
 * rule. Sales come from auditoria_taxas (kept by the matching job); anticipations are priced on the fly
 * (fee-audit-anticipation.ts) with the same tolerance the sales audit was given.
 */
export function overchargeTotalsSql(codpessoa: number, scope: { de: string; ate: string }, toleranceCentavos: number): SQL {
  return sql`
    WITH ant AS (${anticipationAuditSql(codpessoa, scope, toleranceCentavos)}),
    itens AS (
      SELECT a.codoperadora, a.codpessoa, to_char(a.datavenda, 'YYYY-MM') AS mes, a.diferenca AS venda, NULL::bigint AS antecipacao
      FROM auditoria_taxas a
      WHERE a.situacao = 'divergente' AND a.diferenca > 0 AND a.datavenda BETWEEN ${scope.de}::date AND ${scope.ate}::date
        AND a.codpessoa IN ${subtreeOf(codpessoa)}
      UNION ALL
      SELECT ant.codoperadora, ant.codpessoa, left(ant.data, 7), NULL, ant.diferenca
      FROM ant WHERE ant.situacao = 'divergente' AND ant.diferenca > 0
    )
    SELECT i.codoperadora, o.nome AS operadora, i.codpessoa, p.nome AS unidade, i.mes,
           count(i.venda)::int AS vendas, coalesce(sum(i.venda), 0)::text AS valorvendas,
           count(i.antecipacao)::int AS antecipacoes, coalesce(sum(i.antecipacao), 0)::text AS valorantecipacoes
    FROM itens i JOIN operadoras o ON o.codoperadora = i.codoperadora JOIN pessoas p ON p.codpessoa = i.codpessoa
    GROUP BY i.codoperadora, o.nome, i.codpessoa, p.nome, i.mes`;
}

export async function overchargeTotals(
  db: Pick<Db, 'execute'>, codpessoa: number, scope: { de: string; ate: string }, toleranceCentavos: number,
): Promise<OverchargeTotal[]> {
  const res = (await db.execute(sql`${overchargeTotalsSql(codpessoa, scope, toleranceCentavos)}
    ORDER BY i.mes, o.nome, p.nome`)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map((r) => ({
    codoperadora: Number(r.codoperadora), operadora: String(r.operadora), codpessoa: Number(r.codpessoa), unidade: String(r.unidade),
    mes: String(r.mes), vendas: Number(r.vendas), valorvendas: Number(r.valorvendas),
    antecipacoes: Number(r.antecipacoes), valorantecipacoes: Number(r.valorantecipacoes),
  }));
}
