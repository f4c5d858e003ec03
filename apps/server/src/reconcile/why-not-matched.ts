import type { Db } from '@concilia/db';
import { sql } from 'drizzle-orm';

/**
 * "Why not matched": for a customer line, the operator sales nearest to it — same client, sale date within
 * three days, at least one key in common — with the fields that differ and whether another line already
 * took them. Served by the ticket trace and the analysis download (file and ticket screens).
 */
export interface NearCandidate {
  codlinha: number;
  nsu: string | null;
  autorizacao: string | null;
  datavenda: string;
  valor: number;
  totparcelas: number | null;
  /** fields that differ from the customer line: 'nsu', 'autorizacao', 'data', 'valor', 'parcelas' */
  diferencas: string[];
  /** the customer line this sale is already paired with, if any */
  pareadaCom: number | null;
}

export async function nearestCandidates(db: Pick<Db, 'execute'>, codlinhasarqcli: number, limit = 3): Promise<NearCandidate[]> {
  const result = (await db.execute(sql`
    WITH c AS (
      SELECT l.*, CASE WHEN p.tipo = 'UNIDADE' THEN p.codpessoapai ELSE p.codpessoa END AS cliente
      FROM linhas_cliente l JOIN pessoas p ON p.codpessoa = l.codpessoa WHERE l.codlinhasarqcli = ${codlinhasarqcli})
    SELECT o.codlinha::int AS codlinha, o.nsu, o.autorizacao, o.data::text AS datavenda, o.valorbruto::bigint AS valor, o.totparcelas,
      array_remove(ARRAY[
        CASE WHEN o.nsu IS DISTINCT FROM c.nsu THEN 'nsu' END,
        CASE WHEN o.autorizacao IS DISTINCT FROM c.autorizacao THEN 'autorizacao' END,
        CASE WHEN o.data <> c.datavenda THEN 'data' END,
        CASE WHEN o.valorbruto <> c.valor THEN 'valor' END,
        CASE WHEN o.totparcelas IS DISTINCT FROM c.totparcelas THEN 'parcelas' END], NULL) AS diferencas,
      m.codlinhasarqcli::int AS "pareadaCom"
    FROM c
      JOIN linhas_operadora o ON o.tipo = 'sale' AND o.data BETWEEN c.datavenda - 3 AND c.datavenda + 3
        AND (o.nsu = c.nsu OR o.autorizacao = c.autorizacao OR o.valorbruto = c.valor OR o.tid = c.tid)
      JOIN pessoas po ON po.codpessoa = o.codpessoa
        AND c.cliente = CASE WHEN po.tipo = 'UNIDADE' THEN po.codpessoapai ELSE po.codpessoa END
      LEFT JOIN conciliacoes_venda m ON m.codlinha = o.codlinha
    ORDER BY cardinality(array_remove(ARRAY[
        CASE WHEN o.nsu IS DISTINCT FROM c.nsu THEN 1 END, CASE WHEN o.autorizacao IS DISTINCT FROM c.autorizacao THEN 1 END,
        CASE WHEN o.data <> c.datavenda THEN 1 END, CASE WHEN o.valorbruto <> c.valor THEN 1 END,
        CASE WHEN o.totparcelas IS DISTINCT FROM c.totparcelas THEN 1 END], NULL)), abs(o.data - c.datavenda), o.codlinha
    LIMIT ${limit}`)) as unknown as { rows: (NearCandidate & { valor: string | number })[] };
  return result.rows.map((r) => ({ ...r, valor: Number(r.valor) }));
}
