import { type Db, subtreeOf } from '@concilia/db';
import { sql } from 'drizzle-orm';

/**
 * Anticipation cost against the contracted advance-payment rate (taxas_antecipacao). Not stored: auditoria_taxas
 * has no column for the advance-payment rate used nor for the days anticipated, and its rows are the sales
 * the "not registered" list reads; so this is a query over the anticipation lines, answered when asked.
 *
 * Rate: the taxas_antecipacao of the line's unit, else of its nearest ancestor (client, reseller, platform),
 * in force on the anticipation date (line `data`, both vigência days included). When one person has several
 * in force (a campaign over the yearly rate), the narrowest vigência wins, then the last registered.
 *
 * Formula: the rate is a percent per month of 30 days, simple interest, pro rata on the days anticipated:
 *   dias = dataprevista (the credit date the installment had) − data (the day it was paid), never below 0
 *   contratada = round(valorbruto × taxa / 100 × dias / 30), half away from zero, in centavos
 * valorbruto of an anticipation line is the amount that would have been credited on the due date. Lines
 * without a due date cannot be priced and are left out. cobrada = valortaxa (else bruto − líquido).
 */
export type AnticipationAudit = {
  codlinha: number;
  codpessoa: number | null;
  codoperadora: number;
  data: string;
  dataprevista: string;
  dias: number;
  valorbruto: number;
  codtaxaantecipacao: number | null;
  /** percent per month, exact decimal text (numeric(9,4)) */
  taxa: string | null;
  taxacobrada: number;
  taxacontratada: number | null;
  diferenca: number | null;
  situacao: 'ok' | 'divergente' | 'nao_cadastrada';
};

/** The SQL of the audited anticipation lines of codpessoa's subtree dated de..ate; reused by the totals report. */
export function anticipationAuditSql(codpessoa: number, scope: { de: string; ate: string }, toleranceCentavos: number) {
  return sql`
    WITH RECURSIVE a AS (
      SELECT l.codlinha, l.codpessoa, l.codoperadora, l.data, l.dataprevista, l.valorbruto,
             coalesce(l.valortaxa, l.valorbruto - l.valorliquido) AS cobrada, greatest(l.dataprevista - l.data, 0) AS dias
      FROM linhas_operadora l
      WHERE l.tipo = 'anticipation' AND l.data BETWEEN ${scope.de}::date AND ${scope.ate}::date
        AND l.dataprevista IS NOT NULL AND l.valorbruto IS NOT NULL AND l.codpessoa IN ${subtreeOf(codpessoa)}
    ),
    up AS (
      SELECT o.codpessoa AS origem, o.codpessoa, 0 AS nivel FROM (SELECT DISTINCT codpessoa FROM a) o
      UNION ALL
      SELECT up.origem, p.codpessoapai, up.nivel + 1 FROM up JOIN pessoas p ON p.codpessoa = up.codpessoa WHERE p.codpessoapai IS NOT NULL
    ),
    r AS (
      SELECT * FROM (
        SELECT a.codlinha, t.codtaxaantecipacao, t.taxa,
               row_number() OVER (PARTITION BY a.codlinha ORDER BY up.nivel, t.vigenciaate - t.vigenciade, t.codtaxaantecipacao DESC) AS ordem
        FROM a JOIN up ON up.origem = a.codpessoa
        JOIN taxas_antecipacao t ON t.codpessoa = up.codpessoa AND a.data BETWEEN t.vigenciade AND t.vigenciaate
      ) x WHERE x.ordem = 1
    ),
    c AS (
      SELECT a.*, r.codtaxaantecipacao, r.taxa, round(a.valorbruto * r.taxa / 100 * a.dias / 30)::bigint AS contratada
      FROM a LEFT JOIN r ON r.codlinha = a.codlinha
    )
    SELECT codlinha, codpessoa, codoperadora, data::text AS data, dataprevista::text AS dataprevista, dias, valorbruto,
           codtaxaantecipacao, taxa::text AS taxa, cobrada AS taxacobrada, contratada AS taxacontratada, cobrada - contratada AS diferenca,
           CASE WHEN contratada IS NULL THEN 'nao_cadastrada'
                WHEN abs(cobrada - contratada) <= ${toleranceCentavos} THEN 'ok' ELSE 'divergente' END AS situacao
    FROM c`;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The anticipation lines of codpessoa's subtree dated de..ate, each with the contracted cost and the difference. */
export async function auditAnticipations(
  db: Pick<Db, 'execute'>, codpessoa: number, scope: { de: string; ate: string }, toleranceCentavos: number,
): Promise<AnticipationAudit[]> {
  const res = (await db.execute(sql`${anticipationAuditSql(codpessoa, scope, toleranceCentavos)} ORDER BY data, codlinha`)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map((r) => ({
    codlinha: Number(r.codlinha), codpessoa: num(r.codpessoa), codoperadora: Number(r.codoperadora),
    data: String(r.data), dataprevista: String(r.dataprevista), dias: Number(r.dias), valorbruto: Number(r.valorbruto),
    codtaxaantecipacao: num(r.codtaxaantecipacao), taxa: r.taxa === null ? null : String(r.taxa),
    taxacobrada: Number(r.taxacobrada), taxacontratada: num(r.taxacontratada), diferenca: num(r.diferenca),
    situacao: r.situacao as AnticipationAudit['situacao'],
  }));
}
