import { subtreeOf } from '@concilia/db';
import { DIVERGENCE_FIELDS, SALE_RESULTS } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { ReportSource } from '../report-runner';
import { opFilter, unitFilter } from './source-filters';
import { labelOf, orderOf } from './source-labels';

/**
 * Conciliação: the sales reconciliation as the product already states it — each line's result comes from the
 * views resultado_venda_operadora and resultado_venda_cliente (migration 0007, the ones Pesquisar Ticket reads),
 * never decided again here.
 */
export const CONCILIACAO_SOURCES: Record<string, ReportSource> = {
  // an operator sale counts once with its result (a paired sale is not counted again on the merchant's side); the
  // merchant's lines count only when nothing at the operator explains them. The value is the sale's, as a ticket shows it
  'conciliacao-resumo': (me, f) => sql`
    SELECT p.nome AS unidade, o.nome AS operadora, ${labelOf(sql`x.resultado`, SALE_RESULTS)} AS resultado,
      count(*)::int AS quantidade, sum(x.valor) AS valor
    FROM (
      SELECT l.codpessoa, l.codoperadora, r.resultado, coalesce(l.valorbruto, l.valorliquido) AS valor
      FROM linhas_operadora l JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha
      WHERE l.tipo = 'sale' AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date AND l.codpessoa IN ${subtreeOf(me.codpessoa)}
      UNION ALL
      SELECT c.codpessoa, c.codoperadora, r.resultado, c.valor
      FROM linhas_cliente c JOIN resultado_venda_cliente r ON r.codlinhasarqcli = c.codlinhasarqcli
      WHERE r.resultado IN ('somente_cliente', 'duplicado', 'desconsiderado')
        AND c.datavenda BETWEEN ${f.de}::date AND ${f.ate}::date AND c.codpessoa IN ${subtreeOf(me.codpessoa)}
    ) x
    LEFT JOIN operadoras o ON o.codoperadora = x.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = x.codpessoa
    WHERE true ${opFilter(sql`x.codoperadora`, f)} ${unitFilter(sql`x.codpessoa`, f)}
    GROUP BY p.nome, x.codpessoa, o.nome, x.codoperadora, x.resultado
    ORDER BY p.nome, x.codpessoa, o.nome NULLS LAST, x.codoperadora, ${orderOf(sql`x.resultado`, SALE_RESULTS)}, x.resultado`,

  'conciliacao-divergencias': (me, f) => sql`
    SELECT l.data::text AS datavenda, c.datavenda::text AS datacliente, p.nome AS unidade, o.nome AS operadora, l.nsu, l.autorizacao,
      coalesce(l.valorbruto, l.valorliquido) AS valoroperadora, c.valor AS valorcliente,
      c.valor - coalesce(l.valorbruto, l.valorliquido) AS diferenca, l.totparcelas AS parcelasoperadora, c.totparcelas AS parcelascliente,
      (SELECT string_agg(${labelOf(sql`d.campo`, DIVERGENCE_FIELDS)}, ', ' ORDER BY d.n) FROM unnest(r.divergencias) WITH ORDINALITY AS d(campo, n)) AS divergencias
    FROM linhas_operadora l
    JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha
    JOIN linhas_cliente c ON c.codlinhasarqcli = r.codlinhasarqcli
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND r.resultado = 'conciliado_divergencia' AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    ORDER BY l.data, o.nome, l.nsu, l.codlinha`,

  'conciliacao-somente-operadora': (me, f) => sql`
    SELECT l.data::text AS datavenda, o.nome AS operadora, l.estabelecimento, p.nome AS unidade,
      coalesce(l.bandeiranome, l.bandeira) AS bandeira, coalesce(l.produtonome, l.produto) AS produto, l.totparcelas, l.nsu, l.autorizacao,
      l.terminal, l.valorbruto, l.valorliquido
    FROM linhas_operadora l
    JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND r.resultado = 'somente_operadora' AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    ORDER BY l.data, o.nome, l.estabelecimento, l.nsu, l.codlinha`,

  // the operator the merchant's file names (or its terminal's), else the operator name it wrote
  'conciliacao-somente-cliente': (me, f) => sql`
    SELECT c.datavenda::text AS datavenda, p.nome AS unidade, coalesce(o.nome, c.operadorainformada) AS operadora,
      coalesce(c.bandeiranome, c.bandeira) AS bandeira, coalesce(c.produtonome, c.produto) AS produto, c.totparcelas, c.nsu, c.autorizacao,
      c.terminal, a.nomearquivo AS arquivo, c.valor
    FROM linhas_cliente c
    JOIN resultado_venda_cliente r ON r.codlinhasarqcli = c.codlinhasarqcli
    JOIN arquivos a ON a.codarquivo = c.codarquivo
    LEFT JOIN operadoras o ON o.codoperadora = c.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = c.codpessoa
    WHERE r.resultado = 'somente_cliente' AND c.datavenda BETWEEN ${f.de}::date AND ${f.ate}::date
      AND c.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`c.codoperadora`, f)} ${unitFilter(sql`c.codpessoa`, f)}
    ORDER BY c.datavenda, c.codlinhasarqcli`,
  // the results are resultado_venda_operadora's, as in conciliacao-resumo; a corrected sale is neither paired nor unpaired
  'conciliacao-indice-diario': (me, f) => sql`
    SELECT l.data::text AS datavenda, o.nome AS operadora, p.nome AS unidade, count(*)::int AS quantidade,
      count(*) FILTER (WHERE r.resultado = 'conciliado')::int AS conciliadas,
      count(*) FILTER (WHERE r.resultado = 'conciliado_divergencia')::int AS divergentes,
      count(*) FILTER (WHERE r.resultado = 'somente_operadora')::int AS somenteoperadora,
      count(*) FILTER (WHERE r.resultado IN ('cancelado', 'chargeback'))::int AS corrigidas,
      round(count(*) FILTER (WHERE r.resultado IN ('conciliado', 'conciliado_divergencia')) * 100.0 / count(*), 2) AS indice,
      sum(coalesce(l.valorbruto, l.valorliquido)) AS valorbruto,
      coalesce(sum(coalesce(l.valorbruto, l.valorliquido)) FILTER (WHERE r.resultado = 'somente_operadora'), 0) AS valorsempar
    FROM linhas_operadora l
    JOIN resultado_venda_operadora r ON r.codlinha = l.codlinha
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY l.data, o.nome, l.codoperadora, p.nome, l.codpessoa
    ORDER BY l.data, o.nome, l.codoperadora, p.nome, l.codpessoa`,
};
