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
};
