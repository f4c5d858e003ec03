import { type OpenDb, withRawTransaction } from '@concilia/db';
import type { MatchResult } from './sales-matching';
import { runSalesPasses } from './sales-matching';

/**
 * What people decide on sale lines — disregard / reconsider a customer line (spec part 1 §4), pair two lines
 * by hand, break a pair — recorded by the lines' identity so a reprocess of either file brings the decision
 * back, and applied at once: the day is matched again in the same transaction.
 */

export interface DecisionContext {
  codusuario: number | null;
  toleranceCentavos: number;
}

interface CustomerKey { id: number; datavenda: string; chave: string; ocorrencia: number; desconsiderado: boolean; codcliente: number }

async function customerLines(tx: { query: <T>(s: string, p?: unknown[]) => Promise<T[]> }, ids: readonly number[]): Promise<CustomerKey[]> {
  return tx.query<CustomerKey>(
    `SELECT codlinhasarqcli::int AS id, datavenda::text AS datavenda, chave::text AS chave, ocorrencia, desconsiderado, codcliente
     FROM linhas_cliente WHERE codlinhasarqcli = ANY($1::bigint[])`,
    [ids],
  );
}

function span(dates: readonly string[]): { de: string; ate: string } {
  const sorted = [...dates].sort();
  return { de: sorted[0]!, ate: sorted[sorted.length - 1]! };
}

/**
 * Disregards (acao 'desconsiderar') or reconsiders customer lines. Only lines of the customer side can be
 * disregarded, and only disregarded lines reconsidered (spec part 1 §4): other ids are refused as a whole.
 * Returns false when a line is not in the state the action needs.
 */
export async function setDisregarded(open: OpenDb, ids: readonly number[], disregard: boolean, ctx: DecisionContext): Promise<boolean> {
  return withRawTransaction(open, async (tx) => {
    const lines = await customerLines(tx, ids);
    if (lines.length !== new Set(ids).size || lines.some((l) => l.desconsiderado === disregard)) return false;
    for (const l of lines) {
      if (disregard) {
        await tx.query(`INSERT INTO desconsideracoes (datavenda, chave, ocorrencia, codusuario, codcliente) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
          [l.datavenda, l.chave, l.ocorrencia, ctx.codusuario, l.codcliente]);
      } else {
        await tx.query(`DELETE FROM desconsideracoes WHERE datavenda = $1 AND chave = $2 AND ocorrencia = $3`, [l.datavenda, l.chave, l.ocorrencia]);
      }
    }
    await tx.query(`UPDATE linhas_cliente SET desconsiderado = $2 WHERE codlinhasarqcli = ANY($1::bigint[])`, [ids, disregard]);
    // a disregarded line leaves its pair; a reconsidered one may pair again
    if (disregard) await tx.query(`DELETE FROM conciliacoes_venda WHERE codlinhasarqcli = ANY($1::bigint[])`, [ids]);
    else await runSalesPasses(tx, span(lines.map((l) => l.datavenda)), ctx.toleranceCentavos);
    return true;
  });
}

interface OperatorKey { id: number; data: string; chave: string; ocorrencia: number }

/** Pairs a customer line with an operator sale by hand, replacing whatever pairs either had. */
export async function pairByHand(open: OpenDb, codlinhasarqcli: number, codlinha: number, ctx: DecisionContext): Promise<MatchResult | null> {
  return withRawTransaction(open, async (tx) => {
    const [c] = await customerLines(tx, [codlinhasarqcli]);
    const [o] = await tx.query<OperatorKey>(
      `SELECT codlinha::int AS id, data::text AS data, chave::text AS chave, ocorrencia FROM linhas_operadora WHERE codlinha = $1 AND tipo = 'sale'`,
      [codlinha],
    );
    if (!c || !o || c.desconsiderado) return null;
    const freed = await tx.query<{ datavenda: string }>(
      `DELETE FROM conciliacoes_venda m USING linhas_cliente l WHERE l.codlinhasarqcli = m.codlinhasarqcli
         AND (m.codlinhasarqcli = $1 OR m.codlinha = $2) RETURNING l.datavenda::text AS datavenda`,
      [codlinhasarqcli, codlinha],
    );
    await tx.query(`DELETE FROM decisoes_pareamento WHERE datacliente = $1 AND chavecliente = $2 AND ocorrenciacliente = $3`, [c.datavenda, c.chave, c.ocorrencia]);
    await tx.query(
      `INSERT INTO decisoes_pareamento (acao, datacliente, chavecliente, ocorrenciacliente, dataoperadora, chaveoperadora, ocorrenciaoperadora, codusuario,
         codcliente)
       VALUES ('parear', $1, $2, $3, $4, $5, $6, $7, $8)`,
      [c.datavenda, c.chave, c.ocorrencia, o.data, o.chave, o.ocorrencia, ctx.codusuario, c.codcliente],
    );
    // the manual pass makes the pair; the lines it freed may pair elsewhere
    return runSalesPasses(tx, span([c.datavenda, o.data, ...freed.map((f) => f.datavenda)]), ctx.toleranceCentavos);
  });
}

/** Breaks a pair and keeps the two lines apart from then on (even through a reprocess). */
export async function unpair(open: OpenDb, codlinhasarqcli: number, ctx: DecisionContext): Promise<boolean> {
  return withRawTransaction(open, async (tx) => {
    const [pair] = await tx.query<{ cdata: string; cchave: string; cocc: number; odata: string; ochave: string; oocc: number; codcliente: number }>(
      `SELECT c.datavenda::text AS cdata, c.chave::text AS cchave, c.ocorrencia AS cocc, c.codcliente, o.data::text AS odata, o.chave::text AS ochave, o.ocorrencia AS oocc
       FROM conciliacoes_venda m JOIN linhas_cliente c ON c.codlinhasarqcli = m.codlinhasarqcli JOIN linhas_operadora o ON o.codlinha = m.codlinha
       WHERE m.codlinhasarqcli = $1`,
      [codlinhasarqcli],
    );
    if (!pair) return false;
    await tx.query(`DELETE FROM conciliacoes_venda WHERE codlinhasarqcli = $1`, [codlinhasarqcli]);
    await tx.query(`DELETE FROM decisoes_pareamento WHERE datacliente = $1 AND chavecliente = $2 AND ocorrenciacliente = $3`, [pair.cdata, pair.cchave, pair.cocc]);
    await tx.query(
      `INSERT INTO decisoes_pareamento (acao, datacliente, chavecliente, ocorrenciacliente, dataoperadora, chaveoperadora, ocorrenciaoperadora, codusuario,
         codcliente)
       VALUES ('separar', $1, $2, $3, $4, $5, $6, $7, $8)`,
      [pair.cdata, pair.cchave, pair.cocc, pair.odata, pair.ochave, pair.oocc, ctx.codusuario, pair.codcliente],
    );
    await runSalesPasses(tx, span([pair.cdata, pair.odata]), ctx.toleranceCentavos);
    return true;
  });
}
