import { type OpenDb, type RawTransaction, withRawTransaction } from '@concilia/db';
import { addDays, type BusinessDate } from '@concilia/domain';
import { withHashJoins } from './plan-settings';
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
         l.bandeiranome, l.produtonome, l.codpessoa, l.codcliente, p.tipo = 'UNIDADE' AS unidade,
         CASE WHEN p.tipo = 'UNIDADE' THEN p.codpessoapai ELSE p.codpessoa END AS cliente
  FROM linhas_cliente l JOIN pessoas p ON p.codpessoa = l.codpessoa
  WHERE l.datavenda BETWEEN $1::date AND $2::date AND NOT l.desconsiderado AND l.ocorrencia = 1
    AND NOT EXISTS (SELECT 1 FROM conciliacoes_venda m WHERE m.codlinhasarqcli = l.codlinhasarqcli)`;

/** Operator sales that may still be paired. */
const OPERATOR_SIDE = `
  SELECT l.codlinha AS id, l.chave, l.ocorrencia, l.nsu, l.autorizacao, l.tid, l.data AS datavenda, l.valorbruto AS valor, l.totparcelas,
         l.bandeiranome, l.produtonome,
         l.codoperadora, l.codpessoa, l.codcliente,
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

/**
 * The lines still open after the exact pass — a few in a hundred — are read once into temporary tables: every
 * later pass joins those (a hash join over what is still open) and takes out what it paired, instead of scanning
 * the window and probing the pairs table again per pass. Dropped at commit, and before, should a transaction
 * match twice.
 */
async function openLines(tx: RawTransaction, params: string[]): Promise<void> {
  await tx.query('DROP TABLE IF EXISTS pg_temp.vendas_abertas_c, pg_temp.vendas_abertas_o');
  await tx.query(`CREATE TEMP TABLE vendas_abertas_c ON COMMIT DROP AS ${CUSTOMER_SIDE}`, params);
  await tx.query(`CREATE TEMP TABLE vendas_abertas_o ON COMMIT DROP AS ${OPERATOR_SIDE}`, params);
}

/** The lines a pass over the open sets paired leave them, in the pass's own statement (`pares` returns both ids). */
const CLOSE_PAIRED = `,
    fora_c AS (DELETE FROM vendas_abertas_c x USING pares p WHERE x.id = p.codlinhasarqcli),
    fora_o AS (DELETE FROM vendas_abertas_o x USING pares p WHERE x.id = p.codlinha)`;

/** Open customer lines above which a window is matched with hash joins only (see runSalesPasses). */
const BIG_WINDOW = 10_000;

/** The lines a pass reads: the window's own ($1, $2; the manual and exact passes), or the open sets after them. */
type Source = 'janela' | 'abertas';

const SIDES = {
  janela: { with: `c AS (${CUSTOMER_SIDE}), o AS (${OPERATOR_SIDE}),`, c: 'c', o: 'o', close: '', passo: '$3' },
  abertas: { with: '', c: 'vendas_abertas_c', o: 'vendas_abertas_o', close: CLOSE_PAIRED, passo: '$1' },
} as const;

/** Pairs people made by hand, found again by the lines' identity (a reprocess gives lines new ids). */
function manualPassSql(): string {
  return `
    WITH ${SIDES.janela.with}
    pares AS (
      INSERT INTO conciliacoes_venda (codlinhasarqcli, codlinha, codcliente, passo, divergencias, manual)
      SELECT c.id, o.id, c.codcliente, 'manual', ${DIVERGENCES}, true
      FROM decisoes_pareamento d
        JOIN c ON c.datavenda = d.datacliente AND c.chave = d.chavecliente AND c.ocorrencia = d.ocorrenciacliente
        JOIN o ON o.datavenda = d.dataoperadora AND o.chave = d.chaveoperadora AND o.ocorrencia = d.ocorrenciaoperadora
      WHERE d.acao = 'parear'
      ON CONFLICT DO NOTHING
      RETURNING 1)
    SELECT count(*) AS n FROM pares`;
}

function passSql(on: string, tolerance: number, source: Source): string {
  const s = SIDES[source];
  return `
    WITH ${s.with}
    candidatos AS (
      SELECT c.id AS cid, o.id AS oid, c.codcliente, ${DIVERGENCES} AS divergencias
      FROM ${s.c} c JOIN ${s.o} o ON c.codcliente = o.codcliente AND c.cliente = o.cliente
        AND (NOT c.unidade OR c.codpessoa = o.codpessoa)
        AND (c.codoperadora IS NULL OR c.codoperadora = o.codoperadora)
        AND ${on.replaceAll(':tolerancia', String(Math.trunc(tolerance)))}
        AND NOT EXISTS (${KEPT_APART})
    ),
    contados AS (
      SELECT cid, oid, codcliente, divergencias, count(*) OVER (PARTITION BY cid) AS por_cliente, count(*) OVER (PARTITION BY oid) AS por_operadora
      FROM candidatos
    ),
    pares AS (
      INSERT INTO conciliacoes_venda (codlinhasarqcli, codlinha, codcliente, passo, divergencias)
      SELECT cid, oid, codcliente, ${s.passo}, divergencias FROM contados WHERE por_cliente = 1 AND por_operadora = 1
      RETURNING codlinhasarqcli, codlinha)${s.close}
    SELECT count(*) AS n FROM pares`;
}

export async function runSalesPasses(tx: RawTransaction, scope: MatchScope, toleranceCentavos: number): Promise<MatchResult> {
  const params = [addDays(scope.de, -1), addDays(scope.ate, 1)];
  const pares: Record<string, number> = { manual: 0, ...Object.fromEntries(SALES_PASSES.map((p) => [p.passo, 0])) };
  // with no open customer line nothing can pair: an operator file over days the client has not sent yet stops here
  const [open] = await tx.query<{ n: string | number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM (${CUSTOMER_SIDE}) c LIMIT ${BIG_WINDOW + 1}) x`, params);
  const lines = Number(open!.n);
  if (lines === 0) return { pares };
  // decisions are few: found by their lines' keys, with the planner free to probe the unique indexes
  const [manual] = await tx.query<{ n: string | number }>(manualPassSql(), params);
  pares.manual = Number(manual!.n);
  const [exact, ...rest] = SALES_PASSES;
  const passes = async () => {
    const [row] = await tx.query<{ n: string | number }>(passSql(exact!.on, toleranceCentavos, 'janela'), [...params, exact!.passo]);
    pares[exact!.passo] = Number(row!.n);
    await openLines(tx, params);
    for (const pass of rest) {
      const [r] = await tx.query<{ n: string | number }>(passSql(pass.on, toleranceCentavos, 'abertas'), [pass.passo]);
      pares[pass.passo] = Number(r!.n);
    }
  };
  // a big window is matched with hash joins only: the exact pass reads all of it and the open sets have no
  // statistics, where a misjudged nested loop costs minutes. A small one (a day, a decision) is left to the
  // planner, which probes the pairs table's unique indexes instead of reading all of it.
  if (lines > BIG_WINDOW) await withHashJoins(tx, passes);
  else await passes();
  await tx.query('DROP TABLE pg_temp.vendas_abertas_c, pg_temp.vendas_abertas_o');
  return { pares };
}

/** Runs every pass over the window in one transaction: a window is matched fully or not at all. */
export function matchSales(open: OpenDb, scope: MatchScope, toleranceCentavos: number): Promise<MatchResult> {
  return withRawTransaction(open, (tx) => runSalesPasses(tx, scope, toleranceCentavos));
}
