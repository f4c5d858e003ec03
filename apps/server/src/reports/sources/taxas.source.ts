import { subtreeOf } from '@concilia/db';
import { SITUACOES_AUDITORIA } from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { DEFAULT_FEE_TOLERANCE_CENTAVOS } from '../../reconcile/fee-audit';
import { anticipationAuditSql } from '../../reconcile/fee-audit-anticipation';
import { overchargeTotalsSql } from '../../reconcile/fee-audit.report';
import type { ReportSource } from '../report-runner';
import { opFilter, unitFilter } from './source-filters';
import { labelOf, vocabularyOf } from './source-labels';

const SITUACAO = vocabularyOf(SITUACOES_AUDITORIA);
/** A sale's number of installments: none told is one (as taxas-auditoria shows it). */
const PARCELAS = sql`greatest(coalesce(l.totparcelas, 1), 1)::int`;
const periodo = (f: Record<string, unknown>) => ({ de: String(f.de), ate: String(f.ate) });

/**
 * Taxas: the fee audit as the product keeps and prices it — auditoria_taxas (each sale's charged and contracted
 * fee, rebuilt by the reconciliation and by every plan change), and the advance-payment cost priced by
 * anticipationAuditSql. The anticipation tolerance is the one the Auditoria de Taxas screens use.
 */
export const TAXAS_SOURCES: Record<string, ReportSource> = {
  'taxas-auditoria': (me, f) => sql`
    SELECT a.datavenda::text AS datavenda, p.nome AS unidade, o.nome AS operadora, l.estabelecimento, l.nsu,
      coalesce(pr.nome, l.produtonome, l.produto) AS produto, greatest(coalesce(l.totparcelas, 1), 1)::int AS parcelas, l.valorbruto,
      a.taxacobrada, CASE WHEN l.valorbruto > 0 THEN round(a.taxacobrada * 100.0 / l.valorbruto, 4) END AS percentualcobrado,
      a.taxacontratada, CASE WHEN l.valorbruto > 0 AND a.taxacontratada IS NOT NULL THEN round(a.taxacontratada * 100.0 / l.valorbruto, 4) END AS percentualcontratado,
      a.diferenca, ${labelOf(sql`a.situacao`, SITUACAO)} AS situacao
    FROM auditoria_taxas a
    JOIN linhas_operadora l ON l.codlinha = a.codlinha
    JOIN operadoras o ON o.codoperadora = a.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = a.codpessoa
    LEFT JOIN produtos pr ON pr.codprodutos = a.codprodutos
    WHERE a.datavenda BETWEEN ${f.de}::date AND ${f.ate}::date
      AND a.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`a.codoperadora`, f)} ${unitFilter(sql`a.codpessoa`, f)}
    ORDER BY a.datavenda, o.nome, l.estabelecimento, l.nsu, a.codlinha`,

  // the rule of "what can be claimed back" is overchargeTotalsSql's, the one the fee-audit screens total with
  'taxas-a-recuperar': (me, f) => sql`
    SELECT t.mes, t.operadora, t.unidade, t.vendas, t.valorvendas::bigint AS valorvendas, t.antecipacoes,
      t.valorantecipacoes::bigint AS valorantecipacoes, t.valorvendas::bigint + t.valorantecipacoes::bigint AS total
    FROM (${overchargeTotalsSql(me.codpessoa, periodo(f), DEFAULT_FEE_TOLERANCE_CENTAVOS)}) t
    WHERE true ${opFilter(sql`t.codoperadora`, f)} ${unitFilter(sql`t.codpessoa`, f)}
    ORDER BY t.mes, t.operadora, t.codoperadora, t.unidade, t.codpessoa`,

  'taxas-antecipacao': (me, f) => sql`
    SELECT x.data, x.dataprevista, x.dias, o.nome AS operadora, u.nome AS unidade, l.estabelecimento, x.valorbruto, x.taxa::numeric AS taxa,
      x.taxacobrada, x.taxacontratada, x.diferenca, ${labelOf(sql`x.situacao`, SITUACAO)} AS situacao
    FROM (${anticipationAuditSql(me.codpessoa, periodo(f), DEFAULT_FEE_TOLERANCE_CENTAVOS)}) x
    JOIN linhas_operadora l ON l.codlinha = x.codlinha
    JOIN operadoras o ON o.codoperadora = x.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = x.codpessoa
    WHERE true ${opFilter(sql`x.codoperadora`, f)} ${unitFilter(sql`x.codpessoa`, f)}
    ORDER BY x.data, o.nome, l.estabelecimento, x.codlinha`,
  // the contracted rate is over the sales that have one: a sale whose fee is not registered stays out of it
  'taxas-efetivas': (me, f) => sql`
    SELECT o.nome AS operadora, coalesce(pr.nome, l.produtonome, l.produto) AS produto, ${PARCELAS} AS parcelas, count(*)::int AS quantidade,
      sum(l.valorbruto) AS valorbruto, sum(a.taxacobrada) AS taxacobrada,
      CASE WHEN sum(l.valorbruto) > 0 THEN round(sum(a.taxacobrada) * 100.0 / sum(l.valorbruto), 4) END AS percentualcobrado,
      sum(a.taxacontratada) AS taxacontratada,
      CASE WHEN sum(l.valorbruto) FILTER (WHERE a.taxacontratada IS NOT NULL) > 0
        THEN round(sum(a.taxacontratada) * 100.0 / sum(l.valorbruto) FILTER (WHERE a.taxacontratada IS NOT NULL), 4) END AS percentualcontratado,
      sum(a.diferenca) AS diferenca
    FROM auditoria_taxas a
    JOIN linhas_operadora l ON l.codlinha = a.codlinha
    JOIN operadoras o ON o.codoperadora = a.codoperadora
    LEFT JOIN produtos pr ON pr.codprodutos = a.codprodutos
    WHERE a.datavenda BETWEEN ${f.de}::date AND ${f.ate}::date
      AND a.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`a.codoperadora`, f)} ${unitFilter(sql`a.codpessoa`, f)}
    GROUP BY o.nome, a.codoperadora, 2, 3
    ORDER BY o.nome, a.codoperadora, 2 NULLS LAST, 3`,

  // the sales' fees by the month of the sale, the anticipations' cost (the installment's share, as the payment
  // reconciliation keeps it) by the month it was anticipated
  'taxas-custo-mensal': (me, f) => sql`
    SELECT x.mes, o.nome AS operadora, u.nome AS unidade, coalesce(sum(x.bruto), 0) AS valorbruto, coalesce(sum(x.taxa), 0) AS taxavendas,
      coalesce(sum(x.custo), 0) AS custoantecipacao, coalesce(sum(x.taxa), 0) + coalesce(sum(x.custo), 0) AS custototal,
      CASE WHEN sum(x.bruto) > 0 THEN round((coalesce(sum(x.taxa), 0) + coalesce(sum(x.custo), 0)) * 100.0 / sum(x.bruto), 2) END AS percentual
    FROM (
      SELECT to_char(coalesce(l.datavenda, l.data), 'YYYY-MM') AS mes, l.codoperadora, l.codpessoa, l.valorbruto AS bruto, l.valortaxa AS taxa,
        NULL::bigint AS custo
      FROM linhas_operadora l
      WHERE l.tipo = 'sale' AND coalesce(l.datavenda, l.data) BETWEEN ${f.de}::date AND ${f.ate}::date AND l.codpessoa IN ${subtreeOf(me.codpessoa)}
      UNION ALL
      SELECT to_char(p.datapagamento, 'YYYY-MM'), p.codoperadora, p.codpessoa, NULL, NULL, p.custoantecipacao
      FROM pagamentos_previstos p
      WHERE p.situacao = 'antecipado' AND p.datapagamento BETWEEN ${f.de}::date AND ${f.ate}::date AND p.codpessoa IN ${subtreeOf(me.codpessoa)}
    ) x
    JOIN operadoras o ON o.codoperadora = x.codoperadora
    LEFT JOIN pessoas u ON u.codpessoa = x.codpessoa
    WHERE true ${opFilter(sql`x.codoperadora`, f)} ${unitFilter(sql`x.codpessoa`, f)}
    GROUP BY x.mes, o.nome, x.codoperadora, u.nome, x.codpessoa
    ORDER BY x.mes, o.nome, x.codoperadora, u.nome, x.codpessoa`,
};
