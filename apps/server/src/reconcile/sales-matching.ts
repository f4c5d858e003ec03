import { type OpenDb, type RawTransaction, withRawTransaction } from '@concilia/db';
import { addDays, type BusinessDate } from '@concilia/domain';
import { SALES_PASSES } from './sales-passes';

/**
 * Sales matching as set-based SQL: each pass of SALES_PASSES is one INSERT … SELECT over the unpaired lines of
 * a date window. A pass pairs a customer line and an operator sale only when each is the other's single
 * candidate in that pass: NSU and authorization are not unique alone, and two equally good candidates are
 * left unpaired (ambiguous) rather than guessed. Lines are compared within one client, within one unit when
 * the customer line names a unit, and within one operator when the customer line names one.
 */

export interface MatchScope {
  /**
   * sale dates to match; lines of either side one day around them take part too, since a pair may be a day
   * apart (the date ±1 pass) and the file that completes it may be either side's
   */
  de: BusinessDate;
  ate: BusinessDate;
}

export interface MatchResult {
  /** pairs made by each pass */
  pares: Record<string, number>;
}

/** Customer lines that may still be paired: not disregarded, not a repeat inside their file, not paired. */
const CUSTOMER_SIDE = `
  SELECT l.codlinhasarqcli AS id, l.chave, l.ocorrencia, l.nsu, l.autorizacao, l.tid, l.datavenda, l.valor, l.totparcelas, l.codoperadora,
         l.bandeiranome, l.produtonome, l.codpessoa, p.tipo = 'UNIDADE' AS unidade,
         CASE WHEN p.tipo = 'UNIDADE' THEN p.codpessoapai ELSE p.codpessoa END AS cliente
  FROM linhas_cliente l JOIN pessoas p ON p.codpessoa = l.codpessoa
  WHERE l.datavenda BETWEEN $1::date AND $2::date AND NOT l.desconsiderado AND l.ocorrencia = 1
    AND NOT EXISTS (SELECT 1 FROM conciliacoes_venda m WHERE m.codlinhasarqcli = l.codlinhasarqcli)`;

/** Operator sales that may still be paired. */
const OPERATOR_SIDE = `
  SELECT l.codlinha AS id, l.chave, l.ocorrencia, l.nsu, l.autorizacao, l.tid, l.data AS datavenda, l.valorbruto AS valor, l.totparcelas,
         l.bandeiranome, l.produtonome,
         l.codoperadora, l.codpessoa,
         CASE WHEN p.tipo = 'UNIDADE' THEN p.codpessoapai ELSE p.codpessoa END AS cliente
  FROM linhas_operadora l JOIN pessoas p ON p.codpessoa = l.codpessoa
  WHERE l.tipo = 'sale' AND l.aceita IS NOT FALSE AND l.data BETWEEN $1::date AND $2::date
    AND NOT EXISTS (SELECT 1 FROM conciliacoes_venda m WHERE m.codlinha = l.codlinha)`;

/**
 * Fields that still differ on a pair, for the trace and the 'with divergence' result. A brand code the parser did not
 * know ('desconhecido (XX)', a warning on its file) says nothing about the sale, so it is not a divergence; an unknown
 * product has no family (familia_produto is null) for the same reason.
 */
const DIVERGENCES = `array_remove(ARRAY[
    CASE WHEN c.valor <> o.valor THEN 'valor' END,
    CASE WHEN c.datavenda <> o.datavenda THEN 'data' END,
    CASE WHEN c.totparcelas <> o.totparcelas THEN 'parcelas' END,
    CASE WHEN c.bandeiranome <> o.bandeiranome AND o.bandeiranome NOT LIKE 'desconhecido (%' THEN 'bandeira' END,
    CASE WHEN familia_produto(c.produtonome) <> familia_produto(o.produtonome) THEN 'produto' END], NULL)`;

/** A pair people broke by hand stays broken: no automatic pass makes it again. */
const KEPT_APART = `SELECT 1 FROM decisoes_pareamento d WHERE d.acao = 'separar'
  AND d.datacliente = c.datavenda AND d.chavecliente = c.chave AND d.ocorrenciacliente = c.ocorrencia
  AND d.dataoperadora = o.datavenda AND d.chaveoperadora = o.chave AND d.ocorrenciaoperadora = o.ocorrencia`;

/** Pairs people made by hand, found again by the lines' identity (a reprocess gives lines new ids). */
function manualPassSql(): string {
  return `
    WITH c AS (${CUSTOMER_SIDE}), o AS (${OPERATOR_SIDE}),
    pares AS (
      INSERT INTO conciliacoes_venda (codlinhasarqcli, codlinha, passo, divergencias, manual)
      SELECT c.id, o.id, 'manual', ${DIVERGENCES}, true
      FROM decisoes_pareamento d
        JOIN c ON c.datavenda = d.datacliente AND c.chave = d.chavecliente AND c.ocorrencia = d.ocorrenciacliente
        JOIN o ON o.datavenda = d.dataoperadora AND o.chave = d.chaveoperadora AND o.ocorrencia = d.ocorrenciaoperadora
      WHERE d.acao = 'parear'
      ON CONFLICT DO NOTHING
      RETURNING 1)
    SELECT count(*) AS n FROM pares`;
}

function passSql(on: string, tolerance: number): string {
  return `
    WITH c AS (${CUSTOMER_SIDE}), o AS (${OPERATOR_SIDE}),
    candidatos AS (
      SELECT c.id AS cid, o.id AS oid, ${DIVERGENCES} AS divergencias
      FROM c JOIN o ON c.cliente = o.cliente
        AND (NOT c.unidade OR c.codpessoa = o.codpessoa)
        AND (c.codoperadora IS NULL OR c.codoperadora = o.codoperadora)
        AND ${on.replaceAll(':tolerancia', String(Math.trunc(tolerance)))}
        AND NOT EXISTS (${KEPT_APART})
    ),
    contados AS (
      SELECT cid, oid, divergencias, count(*) OVER (PARTITION BY cid) AS por_cliente, count(*) OVER (PARTITION BY oid) AS por_operadora
      FROM candidatos
    ),
    pares AS (
      INSERT INTO conciliacoes_venda (codlinhasarqcli, codlinha, passo, divergencias)
      SELECT cid, oid, $3, divergencias FROM contados WHERE por_cliente = 1 AND por_operadora = 1
      RETURNING 1)
    SELECT count(*) AS n FROM pares`;
}

export async function runSalesPasses(tx: RawTransaction, scope: MatchScope, toleranceCentavos: number): Promise<MatchResult> {
  const params = [addDays(scope.de, -1), addDays(scope.ate, 1)];
  const [manual] = await tx.query<{ n: string | number }>(manualPassSql(), params);
  const pares: Record<string, number> = { manual: Number(manual!.n) };
  for (const pass of SALES_PASSES) {
    const [row] = await tx.query<{ n: string | number }>(passSql(pass.on, toleranceCentavos), [...params, pass.passo]);
    pares[pass.passo] = Number(row!.n);
  }
  return { pares };
}

/** Runs every pass over the window in one transaction: a window is matched fully or not at all. */
export function matchSales(open: OpenDb, scope: MatchScope, toleranceCentavos: number): Promise<MatchResult> {
  return withRawTransaction(open, (tx) => runSalesPasses(tx, scope, toleranceCentavos));
}
