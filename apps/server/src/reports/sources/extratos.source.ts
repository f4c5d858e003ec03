import { subtreeOf } from '@concilia/db';
import { TIPOS_REGISTRO } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import type { ReportSource } from '../report-runner';
import { opFilter, unitFilter } from './source-filters';
import { labelOf, orderOf } from './source-labels';

/** The day a file was received, in São Paulo (the file screens' and the late-file alarms' day). */
const RECEBIDO = sql`(a.datarecebimento AT TIME ZONE 'America/Sao_Paulo')::date`;

/** Extratos: the operators' statements, checked against themselves and added up by day. */
export const EXTRATOS_SOURCES: Record<string, ReportSource> = {
  // Per file and record kind: the file's own totals (arquivos.totais, one entry per kind it carried) against its
  // lines in linhas_operadora (a line's valorbruto and valorliquido are the amounts the totals add). The lines
  // missing from the load should be exactly the ones another file had delivered ('repetidas', a count per file):
  // when the file's missing lines add up to that count and every loaded kind's amounts agree, it checks.
  'extratos-conferencia': (me, f) => sql`
    SELECT x.recebidoem, x.nomearquivo, x.operadora, x.dono, ${labelOf(sql`x.tipo`, TIPOS_REGISTRO)} AS tiporegistro,
      x.linhasarquivo, x.linhascarregadas, x.brutoarquivo, x.brutocarregado, x.liquidoarquivo, x.liquidocarregado,
      CASE
        WHEN x.linhasarquivo = x.linhascarregadas AND x.brutoarquivo = x.brutocarregado AND x.liquidoarquivo = x.liquidocarregado THEN 'Confere'
        WHEN x.faltam = x.repetidas AND x.linhascarregadas = 0 THEN 'Já recebido em outro arquivo'
        WHEN x.faltam = x.repetidas AND x.linhascarregadas < x.linhasarquivo THEN 'Em parte já recebido em outro arquivo'
        ELSE 'Diverge'
      END AS situacao
    FROM (
      SELECT ${RECEBIDO}::text AS recebidoem, a.datarecebimento, a.codarquivo, a.nomearquivo, o.nome AS operadora, p.nome AS dono, a.repetidas,
        t.key AS tipo, (t.value->>'linhas')::int AS linhasarquivo, coalesce(c.linhas, 0) AS linhascarregadas,
        (t.value->>'bruto')::bigint AS brutoarquivo, coalesce(c.bruto, 0) AS brutocarregado,
        (t.value->>'liquido')::bigint AS liquidoarquivo, coalesce(c.liquido, 0) AS liquidocarregado,
        sum((t.value->>'linhas')::int - coalesce(c.linhas, 0)) OVER (PARTITION BY a.codarquivo) AS faltam
      FROM arquivos a
      CROSS JOIN LATERAL jsonb_each(a.totais) t
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS linhas, coalesce(sum(l.valorbruto), 0)::bigint AS bruto, coalesce(sum(l.valorliquido), 0)::bigint AS liquido
        FROM linhas_operadora l WHERE l.codarquivo = a.codarquivo AND l.tipo = t.key
      ) c ON true
      JOIN operadoras o ON o.codoperadora = a.codoperadora
      LEFT JOIN pessoas p ON p.codpessoa = a.codpessoa
      WHERE a.status IN ('PROCESSADO', 'PROCESSADO_AVISOS') AND jsonb_typeof(a.totais) = 'object'
        AND ${RECEBIDO} BETWEEN ${f.de}::date AND ${f.ate}::date
        AND (a.codpessoa IN ${subtreeOf(me.codpessoa)} ${me.codpessoapai === null ? sql`OR a.codpessoa IS NULL` : sql``})
        ${opFilter(sql`a.codoperadora`, f)}
    ) x
    ORDER BY x.datarecebimento, x.codarquivo, ${orderOf(sql`x.tipo`, TIPOS_REGISTRO)}, x.tipo`,

  // `data` is each record's own date: the sale's, the batch's, the payment's, the forecast's credit date
  'extratos-movimento-diario': (me, f) => sql`
    SELECT l.data::text AS data, o.nome AS operadora, p.nome AS unidade, ${labelOf(sql`l.tipo`, TIPOS_REGISTRO)} AS tiporegistro,
      count(*)::int AS linhas, sum(l.valorbruto) AS valorbruto, sum(l.valortaxa) AS valortaxa, sum(l.valorliquido) AS valorliquido
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY l.data, o.nome, l.codoperadora, p.nome, l.codpessoa, l.tipo
    ORDER BY l.data, o.nome, l.codoperadora, p.nome, l.codpessoa, ${orderOf(sql`l.tipo`, TIPOS_REGISTRO)}, l.tipo`,
  // the batch's declared sale count and bank account travel in the line's extras (what the layout read beyond the columns)
  'extratos-resumos-lote': (me, f) => sql`
    SELECT l.data::text AS data, o.nome AS operadora, l.estabelecimento, p.nome AS unidade, l.lote,
      coalesce(l.bandeiranome, l.bandeira) AS bandeira, coalesce(l.produtonome, l.produto) AS produto,
      CASE WHEN l.extras->>'saleCount' ~ '^[0-9]+$' THEN (l.extras->>'saleCount')::int END AS vendas,
      l.valorbruto, l.valortaxa, l.valorliquido, l.dataprevista::text AS datacredito,
      nullif(concat_ws(' / ', l.extras->'account'->>'bank', l.extras->'account'->>'branch', l.extras->'account'->>'account'), '') AS conta
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'summary' AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    ORDER BY l.data, o.nome, l.estabelecimento, l.lote, l.codlinha`,
};
