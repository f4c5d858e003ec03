import type { RawTransaction } from '@concilia/db';
import { EXPECTED_COLUMNS, WINDOW_TABLE } from './payment-expectations';

/**
 * Matches the money the operator paid, took back or paid early to the window's expected payments, then decides
 * each one's result. Every step is one UPDATE … FROM over candidate pairs; a line with candidates that cannot be
 * told apart (an expected payment two lines could pay) pays none of them: ambiguity is left open, not guessed.
 *
 * Steps, in order of how precisely the operator names the sale:
 * 1. Settlements of one sale (Cielo file 04, Stone, Rede EEVD): establishment + NSU + sale date + installment
 *    (+ batch when both carry one). Several lines for one installment (a split credit) add up.
 * 2. Anticipations: with an installment (Rede 036, Getnet): establishment + batch + installment (+ original due
 *    date); without (Cielo negotiation B, one line per original due date and brand): establishment + original due
 *    date + brand. Each expected payment gets its share of the line's net and cost (gross − net), pro rata of
 *    its expected net.
 * 3. Settlements of a batch, no NSU (Rede EEFI 034, Getnet): establishment + batch + installment (+ sale date).
 *    When the line equals the batch's expected total each sale is paid its expected net; else each gets its pro
 *    rata share, and the result is 'pago_valor_diferente'.
 * 4. Corrections naming the sale (cancellation, chargeback, adjustment: establishment + NSU + sale date, as the
 *    sale results view does) mark every installment of the sale 'ajustado', with the operator's reason; the
 *    payment that came before stays recorded next to it.
 */

const UNPAID = `p.codlinhapagamento IS NULL AND p.origem <> 'pix'`;

/**
 * A line pays or adjusts only sales of its own unit. A registered establishment's lines all carry its unit, but
 * lines of an establishment nobody registered carry the owner of the file they came in, and two tenants may both
 * hold the same such line (issue 12: line identity includes the unit): one tenant's statement must never pay,
 * leave ambiguous or adjust another tenant's expected payments.
 */
const SAME_UNIT = 'l.codpessoa IS NOT DISTINCT FROM p.codpessoa';

/** Writes what each matched candidate pays: the `pago` CTE gives codpagamento, codlinha, tipo, data, valor, custo. */
const APPLY = `
  UPDATE ${WINDOW_TABLE} p SET codlinhapagamento = x.codlinha, tipopagamento = x.tipo, datapagamento = x.data,
         valorpago = x.valor, custoantecipacao = x.custo
  FROM pago x WHERE x.codpagamento = p.codpagamento`;

const PER_SALE_SETTLEMENTS = `
  WITH cand AS (
    SELECT p.codpagamento, l.codlinha, l.data, l.valorliquido,
           count(*) OVER (PARTITION BY l.codlinha) AS por_linha
    FROM ${WINDOW_TABLE} p
      JOIN linhas_operadora l ON l.tipo = 'settlement' AND l.codoperadora = p.codoperadora AND l.estabelecimento = p.estabelecimento
        AND ${SAME_UNIT} AND l.nsu = p.nsu AND l.datavenda = p.datavenda AND coalesce(l.parcela, 1) = p.parcela
        AND (l.lote IS NULL OR p.lote IS NULL OR l.lote = p.lote)
    WHERE ${UNPAID}
  ),
  pago AS (
    SELECT codpagamento, min(codlinha) AS codlinha, 'settlement' AS tipo, max(data) AS data, sum(valorliquido) AS valor, NULL::bigint AS custo
    FROM cand WHERE por_linha = 1 GROUP BY codpagamento
  )
  ${APPLY}`;

const ANTICIPATIONS = `
  WITH cand AS (
    SELECT p.codpagamento, p.valorprevisto, l.codlinha, l.data, l.valorliquido, coalesce(l.valorbruto, l.valorliquido) - l.valorliquido AS custo,
           count(*) OVER (PARTITION BY p.codpagamento) AS por_pagamento
    FROM ${WINDOW_TABLE} p
      JOIN linhas_operadora l ON l.tipo = 'anticipation' AND l.codoperadora = p.codoperadora AND l.estabelecimento = p.estabelecimento
        AND ${SAME_UNIT} AND CASE WHEN l.parcela IS NOT NULL
                 THEN l.lote = p.lote AND l.parcela = p.parcela AND (l.dataprevista IS NULL OR l.dataprevista = p.dataprevista)
                 ELSE l.dataprevista = p.dataprevista AND (l.bandeira IS NULL OR l.bandeira = p.bandeira) END
    WHERE ${UNPAID}
  ),
  unico AS (
    SELECT *, sum(valorprevisto) OVER (PARTITION BY codlinha) AS total FROM cand WHERE por_pagamento = 1
  ),
  pago AS (
    SELECT codpagamento, codlinha, 'anticipation' AS tipo, data,
           CASE WHEN total = 0 THEN valorliquido ELSE round(valorliquido::numeric * valorprevisto / total)::bigint END AS valor,
           CASE WHEN total = 0 THEN custo ELSE round(custo::numeric * valorprevisto / total)::bigint END AS custo
    FROM unico
  )
  ${APPLY}`;

const BATCH_SETTLEMENTS = `
  WITH cand AS (
    SELECT p.codpagamento, p.valorprevisto, l.codlinha, l.data, l.valorliquido,
           count(*) OVER (PARTITION BY p.codpagamento) AS por_pagamento
    FROM ${WINDOW_TABLE} p
      JOIN linhas_operadora l ON l.tipo = 'settlement' AND l.nsu IS NULL AND l.codoperadora = p.codoperadora
        AND l.estabelecimento = p.estabelecimento AND ${SAME_UNIT} AND l.lote = p.lote AND coalesce(l.parcela, 1) = p.parcela
        AND (l.datavenda IS NULL OR l.datavenda = p.datavenda)
    WHERE ${UNPAID}
  ),
  unico AS (
    SELECT *, sum(valorprevisto) OVER (PARTITION BY codlinha) AS total FROM cand WHERE por_pagamento = 1
  ),
  pago AS (
    SELECT codpagamento, codlinha, 'settlement' AS tipo, data,
           CASE WHEN total = valorliquido THEN valorprevisto WHEN total = 0 THEN valorliquido
                ELSE round(valorliquido::numeric * valorprevisto / total)::bigint END AS valor,
           NULL::bigint AS custo
    FROM unico
  )
  ${APPLY}`;

/** A chargeback outranks a cancellation, which outranks any other adjustment; the latest line of a kind wins. */
const CORRECTIONS = `
  WITH ajuste AS (
    SELECT DISTINCT ON (p.codlinha) p.codlinha AS codvenda, l.codlinha, l.tipo, l.motivo, l.motivonome
    FROM ${WINDOW_TABLE} p
      JOIN linhas_operadora l ON l.tipo IN ('cancellation', 'chargeback', 'adjustment') AND l.codoperadora = p.codoperadora
        AND l.estabelecimento = p.estabelecimento AND ${SAME_UNIT} AND l.nsu = p.nsu AND l.datavenda = p.datavenda
    WHERE p.origem <> 'pix'
    ORDER BY p.codlinha, CASE l.tipo WHEN 'chargeback' THEN 0 WHEN 'cancellation' THEN 1 ELSE 2 END, l.codlinha DESC
  )
  UPDATE ${WINDOW_TABLE} p SET codlinhaajuste = a.codlinha, tipoajuste = a.tipo, motivo = a.motivo, motivonome = a.motivonome
  FROM ajuste a WHERE a.codvenda = p.codlinha`;

/** The result of an expected payment `p` of the window ($1: today, for what is overdue and what is still to come). */
const RESULT = `CASE
    WHEN p.origem = 'pix' THEN 'pix'
    WHEN p.codlinhaajuste IS NOT NULL THEN 'ajustado'
    WHEN p.tipopagamento = 'anticipation' THEN 'antecipado'
    WHEN p.codlinhapagamento IS NOT NULL AND p.valorpago <> p.valorprevisto THEN 'pago_valor_diferente'
    WHEN p.codlinhapagamento IS NOT NULL AND p.datapagamento > p.dataprevista THEN 'pago_atraso'
    WHEN p.codlinhapagamento IS NOT NULL THEN 'pago'
    WHEN p.dataprevista < $1::date THEN 'em_aberto'
    ELSE 'a_vencer' END`;

/** Matches the window's expected payments in the window's table (buildExpected). */
export async function matchPayments(tx: RawTransaction): Promise<void> {
  for (const step of [PER_SALE_SETTLEMENTS, ANTICIPATIONS, BATCH_SETTLEMENTS, CORRECTIONS]) await tx.query(step);
}

/**
 * Writes the window's matched expected payments to pagamentos_previstos with their result, in key order (the
 * unique index on codlinha, parcela grows at its end), in one insert. Returns how many got each result and the
 * expected dates they fall on, for the summary.
 */
export async function saveDecided(tx: RawTransaction, hoje: string): Promise<{ counts: Record<string, number>; dates: string[] }> {
  // counted per result and expected date (a few thousand groups, hashed): a DISTINCT of the dates inside each
  // result's group sorted every row written (1.7 million at 1,000,000 sales, spilled to disk)
  const rows = await tx.query<{ situacao: string; dia: string; n: string | number }>(
    `WITH gravados AS (
       INSERT INTO pagamentos_previstos (${EXPECTED_COLUMNS}, situacao)
       SELECT ${EXPECTED_COLUMNS}, ${RESULT} FROM ${WINDOW_TABLE} p ORDER BY codlinha, parcela
       RETURNING situacao, dataprevista)
     SELECT situacao, to_char(dataprevista, 'YYYY-MM-DD') AS dia, count(*) AS n FROM gravados GROUP BY situacao, dataprevista`,
    [hoje],
  );
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.situacao] = (counts[r.situacao] ?? 0) + Number(r.n);
  return { counts, dates: [...new Set(rows.map((r) => r.dia))] };
}

/**
 * Time passes outside any window: expected payments still 'a_vencer' whose date has gone by become 'em_aberto'.
 * Returns the expected dates that changed, for the summary.
 */
export async function ageOpenPayments(tx: RawTransaction, hoje: string): Promise<string[]> {
  const rows = await tx.query<{ dia: string }>(
    `WITH d AS (UPDATE pagamentos_previstos SET situacao = 'em_aberto' WHERE situacao = 'a_vencer' AND dataprevista < $1::date
                RETURNING dataprevista)
     SELECT DISTINCT to_char(dataprevista, 'YYYY-MM-DD') AS dia FROM d`,
    [hoje],
  );
  return rows.map((r) => r.dia);
}
