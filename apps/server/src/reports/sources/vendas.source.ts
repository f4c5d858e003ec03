import { subtreeOf } from '@concilia/db';
import { SALE_RESULTS, TIPOS_REGISTRO } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { ReportSource } from '../report-runner';
import { opFilter, unitFilter } from './source-filters';
import { labelOf, orderOf } from './source-labels';

/** A sale's number of installments: none told is one. */
const PARCELAS = sql`greatest(coalesce(l.totparcelas, 1), 1)`;
/** The hour of the day a sale was made, as a bracket ('08h00 às 08h59'); 'Sem hora informada' when the line has none. */
const FAIXA = sql`(CASE WHEN l.hora ~ '^([01][0-9]|2[0-3])' THEN substr(l.hora, 1, 2) || 'h00 às ' || substr(l.hora, 1, 2) || 'h59' ELSE 'Sem hora informada' END)`;

/** Vendas: the operators' sale records of the caller's units, and the merchant's own sales. */
export const VENDAS_SOURCES: Record<string, ReportSource> = {
  'vendas-operadora': (me, f) => sql`
    SELECT coalesce(l.datavenda, l.data)::text AS datavenda, o.nome AS operadora, l.estabelecimento, p.nome AS unidade,
      coalesce(l.bandeiranome, l.bandeira) AS bandeira, coalesce(l.produtonome, l.produto) AS produto, l.totparcelas, l.nsu, l.autorizacao,
      l.valorbruto, l.valortaxa, l.valorliquido
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND coalesce(l.datavenda, l.data) BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    ORDER BY coalesce(l.datavenda, l.data), o.nome, l.estabelecimento, l.nsu, l.codlinha`,

  // the result is the one Pesquisar Ticket shows (resultado_venda_cliente); a merchant's file often names no
  // operator, so a paired sale takes its pair's
  'vendas-cliente': (me, f) => sql`
    SELECT c.datavenda::text AS datavenda, p.nome AS unidade, o.nome AS operadora, coalesce(c.bandeiranome, c.bandeira) AS bandeira,
      coalesce(c.produtonome, c.produto) AS produto, c.totparcelas, c.nsu, c.autorizacao, c.terminal, c.valor,
      ${labelOf(sql`r.resultado`, SALE_RESULTS)} AS resultado
    FROM linhas_cliente c
    JOIN resultado_venda_cliente r ON r.codlinhasarqcli = c.codlinhasarqcli
    LEFT JOIN linhas_operadora par ON par.codlinha = r.codlinha
    LEFT JOIN operadoras o ON o.codoperadora = coalesce(c.codoperadora, par.codoperadora)
    LEFT JOIN pessoas p ON p.codpessoa = c.codpessoa
    WHERE c.datavenda BETWEEN ${f.de}::date AND ${f.ate}::date
      AND c.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`coalesce(c.codoperadora, par.codoperadora)`, f)} ${unitFilter(sql`c.codpessoa`, f)}
    ORDER BY c.datavenda, c.codlinhasarqcli`,

  'vendas-resumo-diario': (me, f) => sql`
    SELECT coalesce(l.datavenda, l.data)::text AS datavenda, o.nome AS operadora, p.nome AS unidade, count(*)::int AS quantidade,
      sum(l.valorbruto) AS valorbruto, sum(l.valortaxa) AS valortaxa, sum(l.valorliquido) AS valorliquido,
      CASE WHEN sum(l.valorbruto) > 0 THEN round(sum(l.valortaxa) * 100.0 / sum(l.valorbruto), 2) END AS taxamedia
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND coalesce(l.datavenda, l.data) BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY coalesce(l.datavenda, l.data), o.nome, l.codoperadora, p.nome, l.codpessoa
    ORDER BY coalesce(l.datavenda, l.data), o.nome, l.codoperadora, p.nome, l.codpessoa`,

  'vendas-bandeira-produto': (me, f) => sql`
    SELECT o.nome AS operadora, coalesce(l.bandeiranome, l.bandeira) AS bandeira, coalesce(l.produtonome, l.produto) AS produto,
      count(*)::int AS quantidade, sum(l.valorbruto) AS valorbruto, sum(l.valortaxa) AS valortaxa, sum(l.valorliquido) AS valorliquido,
      round(sum(l.valorbruto)::numeric / count(*))::bigint AS ticketmedio,
      CASE WHEN sum(l.valorbruto) > 0 THEN round(sum(l.valortaxa) * 100.0 / sum(l.valorbruto), 2) END AS taxamedia
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    WHERE l.tipo = 'sale' AND coalesce(l.datavenda, l.data) BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY o.nome, l.codoperadora, coalesce(l.bandeiranome, l.bandeira), coalesce(l.produtonome, l.produto)
    ORDER BY o.nome, l.codoperadora, 2 NULLS LAST, 3 NULLS LAST`,
  // the corrections are dated by their own line (a chargeback of March on a January sale is March's)
  'vendas-canceladas': (me, f) => sql`
    SELECT l.data::text AS data, ${labelOf(sql`l.tipo`, TIPOS_REGISTRO)} AS tipo, o.nome AS operadora, l.estabelecimento, p.nome AS unidade,
      l.datavenda::text AS datavenda, l.nsu, l.autorizacao, l.motivo AS codmotivo, coalesce(l.motivonome, 'Motivo não informado') AS motivo,
      l.valorbruto, l.valorliquido
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo IN ('cancellation', 'chargeback', 'adjustment') AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    ORDER BY l.data, ${orderOf(sql`l.tipo`, TIPOS_REGISTRO)}, o.nome, l.estabelecimento, l.nsu, l.codlinha`,

  // a sale without the number of installments is a sale in one
  'vendas-parcelamento': (me, f) => sql`
    SELECT o.nome AS operadora, CASE WHEN ${PARCELAS} = 1 THEN 'À vista' ELSE ${PARCELAS}::text || 'x' END AS modalidade,
      count(*)::int AS quantidade, sum(l.valorbruto) AS valorbruto, sum(l.valortaxa) AS valortaxa, sum(l.valorliquido) AS valorliquido,
      round(sum(l.valorbruto)::numeric / count(*))::bigint AS ticketmedio,
      CASE WHEN sum(l.valorbruto) > 0 THEN round(sum(l.valortaxa) * 100.0 / sum(l.valorbruto), 2) END AS taxamedia,
      CASE WHEN sum(sum(l.valorbruto)) OVER (PARTITION BY l.codoperadora) > 0
        THEN round(sum(l.valorbruto) * 100.0 / sum(sum(l.valorbruto)) OVER (PARTITION BY l.codoperadora), 2) END AS participacao
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    WHERE l.tipo = 'sale' AND coalesce(l.datavenda, l.data) BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY o.nome, l.codoperadora, ${PARCELAS}
    ORDER BY o.nome, l.codoperadora, ${PARCELAS}`,

  'vendas-mensal-unidade': (me, f) => sql`
    SELECT to_char(coalesce(l.datavenda, l.data), 'YYYY-MM') AS mes, p.nome AS unidade, o.nome AS operadora, count(*)::int AS quantidade,
      sum(l.valorbruto) AS valorbruto, sum(l.valortaxa) AS valortaxa, sum(l.valorliquido) AS valorliquido,
      round(sum(l.valorbruto)::numeric / count(*))::bigint AS ticketmedio,
      CASE WHEN sum(l.valorbruto) > 0 THEN round(sum(l.valortaxa) * 100.0 / sum(l.valorbruto), 2) END AS taxamedia
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND coalesce(l.datavenda, l.data) BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY 1, p.nome, l.codpessoa, o.nome, l.codoperadora
    ORDER BY 1, p.nome, l.codpessoa, o.nome, l.codoperadora`,

  // the operator's time of the sale ('HH:MM[:SS]'); a line without one is counted apart, never guessed
  'vendas-por-hora': (me, f) => sql`
    SELECT p.nome AS unidade, ${FAIXA} AS faixa, count(*)::int AS quantidade, sum(l.valorbruto) AS valorbruto,
      round(sum(l.valorbruto)::numeric / count(*))::bigint AS ticketmedio
    FROM linhas_operadora l
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND coalesce(l.datavenda, l.data) BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY p.nome, l.codpessoa, 2
    ORDER BY p.nome, l.codpessoa, 2`,
};
