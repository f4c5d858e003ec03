import type { RawTransaction } from '@concilia/db';
import { withHashJoins } from './plan-settings';

/**
 * The expected payments of a window: one row of pagamentos_previstos per installment of every operator sale
 * (and one per Pix transaction), with the date and net amount it should be credited, and where that came from.
 *
 * Where the expectation comes from, first that applies:
 * 1. 'previsao' — a forecast line of the sale itself (Cielo v15 file 03 E lines, Stone installments), found by
 *    establishment, NSU and sale date (the forecast carries its sale's NSU). Amount: the forecast's.
 * 2. 'previsao_lote' — a forecast of the sale's batch (Rede 014 plan lines, Getnet PF RV, Cielo v14 RO), keyed by
 *    establishment + batch (RV/RO) + batch date + installment. Only its DATE is spread to the batch's sales; the
 *    amount is the sale's own net split over its installments (a batch amount cannot be told apart per sale).
 * 3. 'credito_venda' — the first installment's credit date the sale line itself announces (dataprevista).
 * 4. 'prazo_contratado' — the contracted terms: debit D+1 business day; credit installment n at 30·n calendar
 *    days, moved to the next business day (national calendar, packages/domain/src/business-days.ts).
 */

/** A forecast of one sale carries the sale's NSU (Cielo v15, Stone); a batch's plan has none (Rede, Getnet, Cielo v14). */
const perSaleForecast = (f: string) => `${f}.nsu IS NOT NULL`;

/** SQL date list parameter: arrays travel as one comma-separated text, read alike by pg and PGlite. */
export const dateList = (n: number) => `string_to_array($${n}::text, ',')::date[]`;

/**
 * The sale dates a window rebuilds: its own days, the sales that lines of its days forecast, pay or adjust,
 * and the sales with payments due on the dates an anticipation of its days names (a Cielo negotiation names the
 * original due date, not the sale).
 */
export async function windowSaleDates(tx: RawTransaction, de: string, ate: string): Promise<string[]> {
  const rows = await tx.query<{ dia: string }>(
    `SELECT DISTINCT to_char(d, 'YYYY-MM-DD') AS dia FROM (
       SELECT generate_series($1::date, $2::date, interval '1 day')::date AS d
       UNION ALL
       SELECT l.datavenda FROM linhas_operadora l
       WHERE l.data BETWEEN $1::date AND $2::date AND l.datavenda IS NOT NULL
         AND l.tipo IN ('installmentForecast', 'settlement', 'anticipation', 'cancellation', 'chargeback', 'adjustment')
       UNION ALL
       SELECT p.datavenda FROM linhas_operadora l
         JOIN pagamentos_previstos p ON p.codoperadora = l.codoperadora AND p.estabelecimento = l.estabelecimento
           AND p.codpessoa IS NOT DISTINCT FROM l.codpessoa AND p.dataprevista = l.dataprevista
       WHERE l.tipo = 'anticipation' AND l.data BETWEEN $1::date AND $2::date
       UNION ALL
       SELECT p.datavenda FROM linhas_operadora l
         JOIN pagamentos_previstos p ON p.codoperadora = l.codoperadora AND p.estabelecimento = l.estabelecimento
           AND p.codpessoa IS NOT DISTINCT FROM l.codpessoa AND p.lote = l.lote AND p.parcela = l.parcela
       WHERE l.tipo IN ('anticipation', 'settlement') AND l.nsu IS NULL AND l.data BETWEEN $1::date AND $2::date
     ) x WHERE d IS NOT NULL ORDER BY 1`,
    [de, ate],
  );
  return rows.map((r) => r.dia);
}

/** Removes the window's rows; returns the expected dates they had, whose summary must be rebuilt. */
export async function clearWindow(tx: RawTransaction, days: string): Promise<string[]> {
  const rows = await tx.query<{ dia: string }>(
    `WITH d AS (DELETE FROM pagamentos_previstos WHERE datavenda = ANY(${dateList(1)}) RETURNING dataprevista)
     SELECT DISTINCT to_char(dataprevista, 'YYYY-MM-DD') AS dia FROM d`,
    [days],
  );
  return rows.map((r) => r.dia);
}

/**
 * The window's expected payments are built, matched and decided in this temporary table (its rows are all the
 * window's, it has no index to keep up, and nothing else sees it), then written to pagamentos_previstos once,
 * final: one insert instead of an insert and an update per matching step.
 */
export const WINDOW_TABLE = 'previstos_janela';

/**
 * The columns of pagamentos_previstos the window writes but situacao, in the temporary table's order (codpagamento
 * is the table's own; situacao is decided as the rows are written).
 */
export const EXPECTED_COLUMNS = `codlinha, parcela, totparcelas, codpessoa, codcliente, codoperadora, estabelecimento, lote, nsu, bandeira,
  produto, datavenda, dataprevista, valorbrutoprevisto, valorprevisto, origem, codlinhaprevisao, codlinhapagamento, tipopagamento,
  datapagamento, valorpago, custoantecipacao, codlinhaajuste, tipoajuste, motivo, motivonome`;

/**
 * Builds the window's expected payments, unmatched ('a_vencer' until the outcome is decided), in WINDOW_TABLE;
 * codpagamento there is a row number, the key the matching steps update by.
 */
export async function buildExpected(tx: RawTransaction, days: string, holidays: string): Promise<number> {
  await tx.query(`DROP TABLE IF EXISTS pg_temp.${WINDOW_TABLE}`);
  await tx.query(`CREATE TEMP TABLE ${WINDOW_TABLE} ON COMMIT DROP AS SELECT codpagamento, ${EXPECTED_COLUMNS}, situacao FROM pagamentos_previstos WITH NO DATA`);
  const [row] = await withHashJoins(tx, () => tx.query<{ n: string | number }>(
    `WITH venda AS MATERIALIZED (
       -- the window's sales and Pix transactions, in one read of its lines
       SELECT s.tipo, s.codlinha, s.codarquivo, s.linha, s.codpessoa, s.codcliente, s.codoperadora, s.estabelecimento, s.lote, s.nsu, s.bandeira, s.produto,
              s.data AS datavenda, s.dataprevista, s.valorbruto, s.valorliquido, greatest(coalesce(s.totparcelas, 1), 1)::int AS n,
              lower(coalesce(s.produtonome, '')) LIKE '%débito%' OR lower(coalesce(s.produtonome, '')) LIKE '%debito%' AS debito
       FROM linhas_operadora s
       WHERE (s.tipo = 'sale' AND s.aceita IS NOT FALSE OR s.tipo = 'pix') AND s.data = ANY(${dateList(1)})
     ),
     parcela AS (
       -- the sale split over its installments as operators do: equal parts, the remainder on the first
       SELECT v.*, g.k AS parcela,
              CASE WHEN g.k = 1 THEN v.valorliquido - (v.valorliquido / v.n) * (v.n - 1) ELSE v.valorliquido / v.n END AS liquido,
              CASE WHEN g.k = 1 THEN v.valorbruto - (v.valorbruto / v.n) * (v.n - 1) ELSE v.valorbruto / v.n END AS bruto
       FROM venda v CROSS JOIN LATERAL generate_series(1, v.n) AS g(k)
       WHERE v.tipo = 'sale'
     ),
     -- the window's forecasts, per sale and per batch, in one read of its lines; materialised so the joins below
     -- are hash joins: the planner cannot count the window's dates (an array parameter) and, left to itself,
     -- probes an index once per sale (minutes at a hundred thousand sales)
     previsao_linha AS MATERIALIZED (
       SELECT f.codlinha, f.codpessoa, f.codoperadora, f.estabelecimento, f.nsu, f.lote, f.datavenda, f.totparcelas, f.parcela, f.dataprevista,
              f.valorbruto, f.valorliquido
       FROM linhas_operadora f
       WHERE f.tipo = 'installmentForecast' AND f.datavenda = ANY(${dateList(1)}) AND (${perSaleForecast('f')} OR f.lote <> '')
     ),
     previsao_venda AS (
       SELECT DISTINCT ON (f.codlinha) f.codlinha, s.codlinha AS codvenda, f.parcela, f.dataprevista, f.valorbruto, f.valorliquido
       FROM previsao_linha f
         -- a per-sale forecast names its sale by establishment, NSU and sale date — of its own unit (issue 12: two
         -- tenants may hold the same lines of an establishment nobody registered)
         JOIN venda s ON s.tipo = 'sale' AND s.codoperadora = f.codoperadora AND s.estabelecimento = f.estabelecimento
           AND s.codpessoa IS NOT DISTINCT FROM f.codpessoa AND s.nsu = f.nsu AND s.datavenda = f.datavenda AND coalesce(f.totparcelas, s.n) = s.n
       WHERE ${perSaleForecast('f')}
       ORDER BY f.codlinha, s.codlinha DESC
     ),
     previsao_parcela AS (
       -- one forecast per installment of a sale (the latest line, should a file repeat one)
       SELECT DISTINCT ON (codvenda, parcela) * FROM previsao_venda ORDER BY codvenda, parcela, codlinha DESC
     ),
     previsao_lote AS (
       -- a re-sent or rescheduled plan: the latest line of a batch's installment wins
       SELECT DISTINCT ON (f.codpessoa, f.codoperadora, f.estabelecimento, f.lote, f.datavenda, f.parcela)
              f.codlinha, f.codpessoa, f.codoperadora, f.estabelecimento, f.lote, f.datavenda, f.parcela, f.dataprevista
       FROM previsao_linha f
       WHERE f.lote <> '' AND NOT ${perSaleForecast('f')}
       ORDER BY f.codpessoa, f.codoperadora, f.estabelecimento, f.lote, f.datavenda, f.parcela, f.codlinha DESC
     ),
     prazo AS (
       -- contracted terms: debit D+1, credit installment n at 30·n days; moved below to the next business day
       SELECT p.*, CASE WHEN p.debito THEN p.datavenda + 1 ELSE p.datavenda + 30 * p.parcela END AS base FROM parcela p
     ),
     termo AS (
       -- every day a term may fall on, from the day after the first sale to 30 days per installment after the last:
       -- a calendar of the sales rather than a pass over each installment's term
       SELECT min(datavenda) + 1 AS de, max(datavenda + 30 * n) AS ate FROM venda WHERE tipo = 'sale'
     ),
     util AS (
       -- the business days the terms may land on: the window's calendar, weekends and national holidays ($2) out
       SELECT termo.de + i AS dia FROM termo, generate_series(0, termo.ate + 14 - termo.de) i
       WHERE extract(isodow FROM termo.de + i) < 6 AND termo.de + i <> ALL(${dateList(2)})
     ),
     proximo_util AS (
       SELECT termo.de + i AS base, min(u.dia) AS dia FROM termo CROSS JOIN generate_series(0, termo.ate - termo.de) i
         JOIN util u ON u.dia >= termo.de + i AND u.dia <= termo.de + i + 14
       GROUP BY 1
     ),
     prevista AS (
       SELECT p.*, pv.codlinha AS codpv, pv.dataprevista AS datapv, pv.valorliquido AS liquidopv, pv.valorbruto AS brutopv,
              pl.codlinha AS codpl, pl.dataprevista AS datapl, u.dia AS dataprazo
       FROM prazo p
         JOIN proximo_util u ON u.base = p.base
         LEFT JOIN previsao_parcela pv ON pv.codvenda = p.codlinha AND pv.parcela = p.parcela
         LEFT JOIN previsao_lote pl ON pl.codoperadora = p.codoperadora AND pl.estabelecimento = p.estabelecimento
           AND pl.codpessoa IS NOT DISTINCT FROM p.codpessoa AND pl.lote = p.lote
           AND pl.datavenda = p.datavenda AND pl.parcela = p.parcela
     ),
     previstos AS (
       SELECT codlinha, parcela, n, codpessoa, codcliente, codoperadora, estabelecimento, lote, nsu, bandeira, produto, datavenda,
              CASE WHEN codpv IS NOT NULL THEN datapv WHEN codpl IS NOT NULL THEN datapl
                   WHEN parcela = 1 AND dataprevista IS NOT NULL THEN dataprevista ELSE dataprazo END,
              CASE WHEN codpv IS NOT NULL THEN brutopv ELSE bruto END,
              CASE WHEN codpv IS NOT NULL THEN liquidopv ELSE liquido END,
              CASE WHEN codpv IS NOT NULL THEN 'previsao' WHEN codpl IS NOT NULL THEN 'previsao_lote'
                   WHEN parcela = 1 AND dataprevista IS NOT NULL THEN 'credito_venda' ELSE 'prazo_contratado' END,
              CASE WHEN codpv IS NOT NULL THEN codpv WHEN codpl IS NOT NULL THEN codpl
                   WHEN parcela = 1 AND dataprevista IS NOT NULL THEN codlinha END,
              'a_vencer', NULL::bigint, NULL, NULL::date, NULL::bigint
       FROM prevista
       UNION ALL
       -- a Pix transaction is its own sale and payment: credited when it happens
       SELECT x.codlinha, 1, 1, x.codpessoa, x.codcliente, x.codoperadora, x.estabelecimento, NULL, x.nsu, x.bandeira, x.produto, x.datavenda, x.datavenda,
              x.valorbruto, x.valorliquido, 'pix', x.codlinha, 'pix', x.codlinha, 'pix', x.datavenda, x.valorliquido
       FROM venda x WHERE x.tipo = 'pix'
     ),
     inseridos AS (
       INSERT INTO ${WINDOW_TABLE} (codpagamento, codlinha, parcela, totparcelas, codpessoa, codcliente, codoperadora, estabelecimento, lote, nsu, bandeira,
         produto, datavenda, dataprevista, valorbrutoprevisto, valorprevisto, origem, codlinhaprevisao, situacao, codlinhapagamento, tipopagamento,
         datapagamento, valorpago)
       SELECT row_number() OVER (), * FROM previstos
       RETURNING 1)
     SELECT count(*) AS n FROM inseridos`,
    [days, holidays],
  ));
  // the matching steps join this table to the operator's lines: with its size and keys known the planner hashes it
  // when it is big and probes the lines' indexes when it holds a day or two
  await tx.query(`ANALYZE ${WINDOW_TABLE}`);
  return Number(row!.n);
}
