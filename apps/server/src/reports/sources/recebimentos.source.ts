import { subtreeOf } from '@concilia/db';
import { PAYMENT_RESULTS, TIPOS_REGISTRO } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { ReportSource } from '../report-runner';
import { opFilter, unitFilter } from './source-filters';
import { labelOf, orderOf } from './source-labels';

/**
 * Recebimentos: the expected payments and the result the payment reconciliation stored on each
 * (pagamentos_previstos.situacao, decided in apps/server/src/reconcile/payment-settlements.ts): these queries
 * read the results, they never decide one.
 */

/** The results that mean the money came: what the daily payments summary counts as paid (payment-summary.ts). */
const PAGO = sql`('pago', 'pago_atraso', 'pago_valor_diferente', 'antecipado', 'pix')`;
/** Today in São Paulo: what 'em_aberto' was decided against. */
const HOJE = sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;
/** Days an open installment is late, until today. */
const ATRASO = sql`(${HOJE} - p.dataprevista)`;
const PARCELA = sql`p.parcela::text || '/' || p.totparcelas::text`;

export const RECEBIMENTOS_SOURCES: Record<string, ReportSource> = {
  'recebimentos-agenda': (me, f) => sql`
    SELECT p.dataprevista::text AS dataprevista, o.nome AS operadora, u.nome AS unidade, count(*)::int AS parcelas,
      sum(p.valorbrutoprevisto) AS valorbruto, sum(p.valorprevisto) AS valorliquido
    FROM pagamentos_previstos p
    JOIN operadoras o ON o.codoperadora = p.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
    WHERE p.situacao = 'a_vencer' AND p.dataprevista BETWEEN ${f.de}::date AND ${f.ate}::date
      AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
    GROUP BY p.dataprevista, o.nome, p.codoperadora, u.nome, p.codpessoa
    ORDER BY p.dataprevista, o.nome, p.codoperadora, u.nome, p.codpessoa`,

  'recebimentos-realizados': (me, f) => sql`
    SELECT p.datapagamento::text AS datapagamento, o.nome AS operadora, u.nome AS unidade, count(*)::int AS parcelas,
      sum(p.valorprevisto) AS valorprevisto, sum(p.valorpago) AS valorpago, sum(p.valorpago - p.valorprevisto) AS diferenca,
      coalesce(sum(p.valorpago) FILTER (WHERE p.situacao = 'antecipado'), 0) AS valorantecipado,
      coalesce(sum(p.custoantecipacao) FILTER (WHERE p.situacao = 'antecipado'), 0) AS custoantecipacao
    FROM pagamentos_previstos p
    JOIN operadoras o ON o.codoperadora = p.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
    WHERE p.situacao IN ${PAGO} AND p.datapagamento BETWEEN ${f.de}::date AND ${f.ate}::date
      AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
    GROUP BY p.datapagamento, o.nome, p.codoperadora, u.nome, p.codpessoa
    ORDER BY p.datapagamento, o.nome, p.codoperadora, u.nome, p.codpessoa`,

  // days late: until today for what is still open, until the payment for what came late
  'recebimentos-atrasados': (me, f) => sql`
    SELECT p.dataprevista::text AS dataprevista, p.datapagamento::text AS datapagamento,
      CASE WHEN p.situacao = 'em_aberto' THEN ${HOJE} - p.dataprevista ELSE p.datapagamento - p.dataprevista END AS diasatraso,
      ${labelOf(sql`p.situacao`, PAYMENT_RESULTS)} AS situacao, o.nome AS operadora, u.nome AS unidade, p.estabelecimento,
      p.datavenda::text AS datavenda, p.nsu, ${PARCELA} AS parcela, p.valorprevisto, p.valorpago
    FROM pagamentos_previstos p
    JOIN operadoras o ON o.codoperadora = p.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
    WHERE p.situacao IN ('em_aberto', 'pago_atraso') AND p.dataprevista BETWEEN ${f.de}::date AND ${f.ate}::date
      AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
    ORDER BY p.dataprevista, o.nome, p.estabelecimento, p.datavenda, p.nsu, p.codpagamento`,

  'recebimentos-valor-diferente': (me, f) => sql`
    SELECT p.datapagamento::text AS datapagamento, p.dataprevista::text AS dataprevista, o.nome AS operadora, u.nome AS unidade,
      p.estabelecimento, p.datavenda::text AS datavenda, p.nsu, ${PARCELA} AS parcela, p.valorprevisto, p.valorpago,
      p.valorpago - p.valorprevisto AS diferenca
    FROM pagamentos_previstos p
    JOIN operadoras o ON o.codoperadora = p.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
    WHERE p.situacao = 'pago_valor_diferente' AND p.datapagamento BETWEEN ${f.de}::date AND ${f.ate}::date
      AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
    ORDER BY p.datapagamento, o.nome, p.estabelecimento, p.datavenda, p.nsu, p.codpagamento`,

  'recebimentos-antecipados': (me, f) => sql`
    SELECT p.datapagamento::text AS datapagamento, p.dataprevista::text AS dataprevista, p.dataprevista - p.datapagamento AS diasantecipados,
      o.nome AS operadora, u.nome AS unidade, p.estabelecimento, p.datavenda::text AS datavenda, p.nsu, ${PARCELA} AS parcela,
      p.valorprevisto, p.valorpago, p.custoantecipacao
    FROM pagamentos_previstos p
    JOIN operadoras o ON o.codoperadora = p.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
    WHERE p.situacao = 'antecipado' AND p.datapagamento BETWEEN ${f.de}::date AND ${f.ate}::date
      AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
    ORDER BY p.datapagamento, o.nome, p.estabelecimento, p.datavenda, p.nsu, p.codpagamento`,

  // dated by the correction line itself (a chargeback of March on a January sale is March's); every installment of
  // the sale it reverses carries it (codlinhaajuste)
  'recebimentos-ajustes': (me, f) => sql`
    SELECT o.nome AS operadora, u.nome AS unidade, ${labelOf(sql`p.tipoajuste`, TIPOS_REGISTRO)} AS tipoajuste, p.motivo AS codmotivo,
      coalesce(p.motivonome, 'Motivo não informado') AS motivo, count(DISTINCT p.codlinha)::int AS vendas, count(*)::int AS parcelas,
      sum(p.valorprevisto) AS valorprevisto
    FROM pagamentos_previstos p
    JOIN linhas_operadora a ON a.codlinha = p.codlinhaajuste
    JOIN operadoras o ON o.codoperadora = p.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
    WHERE p.situacao = 'ajustado' AND a.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
    GROUP BY o.nome, p.codoperadora, u.nome, p.codpessoa, p.tipoajuste, p.motivo, p.motivonome
    ORDER BY o.nome, p.codoperadora, u.nome, p.codpessoa, ${orderOf(sql`p.tipoajuste`, TIPOS_REGISTRO)}, p.motivo NULLS LAST, p.motivonome NULLS LAST`,
  'recebimentos-agenda-mensal': (me, f) => sql`
    SELECT to_char(p.dataprevista, 'YYYY-MM') AS mes, o.nome AS operadora, u.nome AS unidade, count(*)::int AS parcelas,
      sum(p.valorbrutoprevisto) AS valorbruto, sum(p.valorprevisto) AS valorliquido
    FROM pagamentos_previstos p
    JOIN operadoras o ON o.codoperadora = p.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
    WHERE p.situacao = 'a_vencer' AND p.dataprevista BETWEEN ${f.de}::date AND ${f.ate}::date
      AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
    GROUP BY 1, o.nome, p.codoperadora, u.nome, p.codpessoa
    ORDER BY 1, o.nome, p.codoperadora, u.nome, p.codpessoa`,

  // 'em_aberto' is what the payment reconciliation decided against today: the days late count until today
  'recebimentos-atraso-faixas': (me, f) => sql`
    SELECT o.nome AS operadora, u.nome AS unidade, count(*)::int AS parcelas,
      coalesce(sum(p.valorprevisto) FILTER (WHERE ${ATRASO} <= 7), 0) AS ate7,
      coalesce(sum(p.valorprevisto) FILTER (WHERE ${ATRASO} BETWEEN 8 AND 15), 0) AS ate15,
      coalesce(sum(p.valorprevisto) FILTER (WHERE ${ATRASO} BETWEEN 16 AND 30), 0) AS ate30,
      coalesce(sum(p.valorprevisto) FILTER (WHERE ${ATRASO} BETWEEN 31 AND 60), 0) AS ate60,
      coalesce(sum(p.valorprevisto) FILTER (WHERE ${ATRASO} > 60), 0) AS mais60,
      sum(p.valorprevisto) AS valoremaberto, min(p.dataprevista)::text AS maisantiga
    FROM pagamentos_previstos p
    JOIN operadoras o ON o.codoperadora = p.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
    WHERE p.situacao = 'em_aberto' AND p.dataprevista BETWEEN ${f.de}::date AND ${f.ate}::date
      AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
    GROUP BY o.nome, p.codoperadora, u.nome, p.codpessoa
    ORDER BY o.nome, p.codoperadora, u.nome, p.codpessoa`,

  // received: what the paid results credited (early, late, short or in full); the rest by where it stands
  'recebimentos-previsto-realizado': (me, f) => sql`
    SELECT x.mes, x.operadora, x.unidade, x.parcelas, x.valorprevisto, x.valorrecebido, x.valoremaberto, x.valoravencer, x.valorajustado,
      CASE WHEN x.valorprevisto > 0 THEN round(x.valorrecebido * 100.0 / x.valorprevisto, 2) END AS percentualrecebido
    FROM (
      SELECT to_char(p.dataprevista, 'YYYY-MM') AS mes, o.nome AS operadora, p.codoperadora, u.nome AS unidade, p.codpessoa, count(*)::int AS parcelas,
        sum(p.valorprevisto) AS valorprevisto,
        coalesce(sum(p.valorpago) FILTER (WHERE p.situacao IN ${PAGO}), 0) AS valorrecebido,
        coalesce(sum(p.valorprevisto) FILTER (WHERE p.situacao = 'em_aberto'), 0) AS valoremaberto,
        coalesce(sum(p.valorprevisto) FILTER (WHERE p.situacao = 'a_vencer'), 0) AS valoravencer,
        coalesce(sum(p.valorprevisto) FILTER (WHERE p.situacao = 'ajustado'), 0) AS valorajustado
      FROM pagamentos_previstos p
      JOIN operadoras o ON o.codoperadora = p.codoperadora
      LEFT JOIN pessoas u ON u.codpessoa = p.codpessoa
      WHERE p.dataprevista BETWEEN ${f.de}::date AND ${f.ate}::date
        AND p.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`p.codoperadora`, f)} ${unitFilter(sql`p.codpessoa`, f)}
      GROUP BY 1, o.nome, p.codoperadora, u.nome, p.codpessoa
    ) x
    ORDER BY x.mes, x.operadora, x.codoperadora, x.unidade, x.codpessoa`,

  // the account is the one the batch summary (RO / RV) names (linhas_operadora.extras.account); a summary the
  // operator sends without it shows 'Não informado'
  'recebimentos-domicilio-bancario': (me, f) => sql`
    SELECT l.dataprevista::text AS datacredito, o.nome AS operadora, u.nome AS unidade,
      coalesce(l.extras->'account'->>'bank', 'Não informado') AS banco, l.extras->'account'->>'branch' AS agencia,
      l.extras->'account'->>'account' AS conta, count(*)::int AS resumos,
      sum(l.valorbruto) AS valorbruto, sum(l.valortaxa) AS valortaxa, sum(l.valorliquido) AS valorliquido
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = l.codpessoa
    WHERE l.tipo = 'summary' AND l.dataprevista BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY l.dataprevista, o.nome, l.codoperadora, u.nome, l.codpessoa, 4, 5, 6
    ORDER BY l.dataprevista, o.nome, l.codoperadora, u.nome, l.codpessoa, 4, 5, 6`,
};
