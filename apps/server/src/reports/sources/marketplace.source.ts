import { subtreeOf } from '@concilia/db';
import { type SQL, sql } from 'drizzle-orm';
import type { ReportSource } from '../report-runner';
import { opFilter, unitFilter } from './source-filters';

/** A marketplace line: one that carries any of the platform's ids (the ticket trace's marketplace group). */
const MARKETPLACE = (l: string): SQL => sql.raw(`(${l}.mktvendedor IS NOT NULL OR ${l}.mktpagamento IS NOT NULL OR ${l}.mktpedido IS NOT NULL)`);

/** Marketplace: the operators' sale records that a platform with split ties to its seller, payment, order and item. */
export const MARKETPLACE_SOURCES: Record<string, ReportSource> = {
  'marketplace-vendas': (me, f) => sql`
    SELECT l.data::text AS datavenda, o.nome AS operadora, p.nome AS unidade, l.mktvendedor AS vendedor, l.mktpedido AS pedido,
      l.mktpagamento AS pagamento, l.mktitem AS item, coalesce(l.produtonome, l.produto) AS produto, l.totparcelas,
      l.valorbruto, l.valortaxa, l.valorliquido
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND ${MARKETPLACE('l')} AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    ORDER BY l.data, o.nome, l.mktvendedor NULLS LAST, l.mktpedido NULLS LAST, l.codlinha`,

  'marketplace-vendedores': (me, f) => sql`
    SELECT o.nome AS operadora, p.nome AS unidade, l.mktvendedor AS vendedor, count(DISTINCT l.mktpedido)::int AS pedidos,
      count(*)::int AS quantidade, sum(l.valorbruto) AS valorbruto, sum(l.valortaxa) AS valortaxa, sum(l.valorliquido) AS valorliquido
    FROM linhas_operadora l
    JOIN operadoras o ON o.codoperadora = l.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = l.codpessoa
    WHERE l.tipo = 'sale' AND ${MARKETPLACE('l')} AND l.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND l.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`l.codoperadora`, f)} ${unitFilter(sql`l.codpessoa`, f)}
    GROUP BY o.nome, l.codoperadora, p.nome, l.codpessoa, l.mktvendedor
    ORDER BY o.nome, l.codoperadora, p.nome, l.codpessoa, l.mktvendedor NULLS LAST`,
};
