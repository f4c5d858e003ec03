import type { RawTransaction } from '@concilia/db';
import { dateList } from './payment-expectations';
import { withHashAggregates } from './plan-settings';
import { nameKindSql, productKindJoins, productKindSql } from './sales-summary';

/**
 * The daily payments summary (resumo_pagamentos_dia) of the given expected dates, rebuilt whole from
 * pagamentos_previstos: the dashboard reads it and never the expected payments themselves. A day is rebuilt
 * entirely, so a summary row never mixes an old and a new reconciliation of the same day.
 */
export async function refreshPaymentSummary(tx: RawTransaction, days: string): Promise<number> {
  await tx.query(`DELETE FROM resumo_pagamentos_dia WHERE data = ANY(${dateList(1)})`, [days]);
  // the expected payments of those days fold into a few thousand groups: hashed, not sorted (plan-settings.ts)
  const [row] = await withHashAggregates(tx, () => tx.query<{ n: string | number }>(
    `WITH r AS (
       INSERT INTO resumo_pagamentos_dia (data, codpessoa, codoperadora, bandeira, produto, parcelas, previsto, pago, antecipado,
         custoantecipacao, emaberto, avencer, ajustado, divergentes, tipo, brutoprevisto, taxaprevista, parcelasemaberto, codcliente)
       SELECT p.dataprevista, coalesce(p.codpessoa, 0), p.codoperadora, coalesce(p.bandeira, ''), coalesce(p.produto, ''), count(*),
              sum(p.valorprevisto),
              coalesce(sum(p.valorpago) FILTER (WHERE p.situacao IN ('pago', 'pago_atraso', 'pago_valor_diferente', 'antecipado', 'pix')), 0),
              coalesce(sum(p.valorpago) FILTER (WHERE p.situacao = 'antecipado'), 0),
              coalesce(sum(p.custoantecipacao) FILTER (WHERE p.situacao = 'antecipado'), 0),
              coalesce(sum(p.valorprevisto) FILTER (WHERE p.situacao = 'em_aberto'), 0),
              coalesce(sum(p.valorprevisto) FILTER (WHERE p.situacao = 'a_vencer'), 0),
              coalesce(sum(p.valorprevisto) FILTER (WHERE p.situacao = 'ajustado'), 0),
              count(*) FILTER (WHERE p.situacao IN ('pago_atraso', 'pago_valor_diferente')),
              -- expected payments carry the product code only: its name comes from the sale line, when needed
              max(${productKindSql(`(SELECT ${nameKindSql('l.produtonome')} FROM linhas_operadora l WHERE l.codlinha = p.codlinha)`)}),
              coalesce(sum(p.valorbrutoprevisto), 0),
              coalesce(sum(p.valorbrutoprevisto - p.valorprevisto), 0),
              count(*) FILTER (WHERE p.situacao = 'em_aberto'),
              -- one per unit (units not registered: the key of nobody): the tenant key follows codpessoa
              min(p.codcliente)
       FROM pagamentos_previstos p
       ${productKindJoins('p')}
       WHERE p.dataprevista = ANY(${dateList(1)})
       GROUP BY 1, 2, 3, 4, 5
       RETURNING 1)
     SELECT count(*) AS n FROM r`,
    [days],
  ));
  return Number(row!.n);
}
