import { subtreeOf } from '@concilia/db';
import { sql } from 'drizzle-orm';
import type { ReportSource } from '../report-runner';
import { opFilter, unitFilter } from './source-filters';

/**
 * The client a sale line belongs to: its unit's client, or the line's person when the line was filed under the
 * client itself. A terminal is registered to a client (terminais.codpessoacliente), and its code is the client's:
 * two clients may use the same code.
 */
const CLIENTE_DA_LINHA = sql`CASE WHEN u.tipo = 'UNIDADE' THEN u.codpessoapai ELSE u.codpessoa END`;

/** Terminais: the operators' sales by capture device, and the register's terminals with their movement. */
export const TERMINAIS_SOURCES: Record<string, ReportSource> = {
  'terminais-vendas': (me, f) => sql`
    SELECT l.terminal, t.nome AS nometerminal, t.vinculo, o.nome AS operadora, u.nome AS unidade,
      min(l.data)::text AS primeiravenda, max(l.data)::text AS ultimavenda, count(*)::int AS quantidade,
      sum(l.valorbruto) AS valorbruto, sum(l.valortaxa) AS valortaxa, sum(l.valorliquido) AS valorliquido
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    JOIN pessoas u ON u.codpessoa = l.codpessoa
    -- nothing keeps a client from registering one code twice: one name per code, or its sales would count twice
    LEFT JOIN LATERAL (
      SELECT r.codterminal, r.nome, r.vinculo FROM terminais r
      WHERE r.codexterno = l.terminal AND r.codpessoacliente = ${CLIENTE_DA_LINHA}
      ORDER BY r.ativo DESC, r.codterminal LIMIT 1
    ) t ON true
    WHERE l.tipo = 'sale' AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY l.terminal, t.codterminal, t.nome, t.vinculo, o.nome, l.codoperadora, u.nome, l.codpessoa
    ORDER BY l.terminal NULLS LAST, o.nome, l.codoperadora, u.nome, l.codpessoa, t.codterminal`,

  // the sales are counted per terminal code and client first, then joined: a terminal without sales shows zero
  'terminais-cadastrados': (me, f) => sql`
    SELECT t.codexterno AS terminal, t.nome, t.vinculo, c.nome AS cliente, o.nome AS operadora, CASE WHEN t.ativo THEN 'Sim' ELSE 'Não' END AS ativo,
      t.datainiciocobranca::text AS datainiciocobranca, coalesce(v.quantidade, 0) AS quantidade, coalesce(v.valorbruto, 0) AS valorbruto,
      v.ultimavenda::text AS ultimavenda
    FROM terminais t
    JOIN pessoas c ON c.codpessoa = t.codpessoacliente
    LEFT JOIN operadoras o ON o.codoperadora = t.codoperadora
    LEFT JOIN (
      SELECT l.terminal, ${CLIENTE_DA_LINHA} AS codcliente, count(*)::int AS quantidade, sum(l.valorbruto) AS valorbruto, max(l.data) AS ultimavenda
      FROM linhas_operadora l JOIN pessoas u ON u.codpessoa = l.codpessoa
      WHERE l.tipo = 'sale' AND l.terminal IS NOT NULL AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date AND l.codpessoa IN ${subtreeOf(me.codpessoa)}
      GROUP BY l.terminal, ${CLIENTE_DA_LINHA}
    ) v ON v.terminal = t.codexterno AND v.codcliente = t.codpessoacliente
    WHERE t.codpessoacliente IN ${subtreeOf(me.codpessoa)}
    ORDER BY t.codexterno, c.nome, t.codterminal`,
  // one pass over the sales up to the period's end: those in it (none wanted) and the last one before it; the days
  // without a sale count to the period's end, or to today when it ends later
  'terminais-sem-vendas': (me, f) => sql`
    SELECT t.codexterno AS terminal, t.nome, t.vinculo, c.nome AS cliente, o.nome AS operadora, CASE WHEN t.ativo THEN 'Sim' ELSE 'Não' END AS ativo,
      t.datainiciocobranca::text AS datainiciocobranca, v.ultimavenda::text AS ultimavenda,
      least(${f.ate}::date, (now() AT TIME ZONE 'America/Sao_Paulo')::date) - v.ultimavenda AS diassemvenda
    FROM terminais t
    JOIN pessoas c ON c.codpessoa = t.codpessoacliente
    LEFT JOIN operadoras o ON o.codoperadora = t.codoperadora
    LEFT JOIN (
      SELECT l.terminal, ${CLIENTE_DA_LINHA} AS codcliente, count(*) FILTER (WHERE l.data >= ${f.de}::date)::int AS noperiodo,
        max(l.data) FILTER (WHERE l.data < ${f.de}::date) AS ultimavenda
      FROM linhas_operadora l JOIN pessoas u ON u.codpessoa = l.codpessoa
      WHERE l.tipo = 'sale' AND l.terminal IS NOT NULL AND l.data <= ${f.ate}::date AND l.codpessoa IN ${subtreeOf(me.codpessoa)}
      GROUP BY l.terminal, ${CLIENTE_DA_LINHA}
    ) v ON v.terminal = t.codexterno AND v.codcliente = t.codpessoacliente
    WHERE t.codpessoacliente IN ${subtreeOf(me.codpessoa)} AND coalesce(v.noperiodo, 0) = 0
    ORDER BY t.codexterno, c.nome, t.codterminal`,
};
