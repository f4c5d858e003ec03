import { type OpenDb, type RawTransaction, withRawTransaction } from '@concilia/db';
import type { Logger } from 'pino';
import type { QueueHandler } from '../jobs/job-queue';
import { auditFees, DEFAULT_FEE_TOLERANCE_CENTAVOS } from './fee-audit';
import { reconcilePayments } from './payment-reconciliation';
import { reconcileSettings } from './plan-settings';
import { runSalesPasses } from './sales-matching';
import { refreshSalesSummary, refreshSalesSummaryPairs } from './sales-summary';

/** The queue of reconciliation jobs: one per loaded file, over the days the file brought lines for. */
export const MATCH_QUEUE = 'conciliar-vendas';

/** R$ 5,00: the pass that allows it still requires NSU, authorization and date to be equal. */
export const DEFAULT_TOLERANCE_CENTAVOS = 500;

export interface ReconcileSettings {
  /** amount tolerance of the sales pass 'valor_tolerancia' */
  toleranceCentavos: number;
  /** what a fee may differ from the contracted one before it is 'divergente' */
  feeToleranceCentavos?: number;
}

/** Tables sampled when they have grown by a fifth: the lines and the pairs the matching reads. */
const SAMPLED_WHEN_GROWN = ['linhas_cliente', 'linhas_operadora', 'conciliacoes_venda'];
/** Tables sampled when their recorded row count is known wrong: those, and the window's other outputs it reads back. */
const SAMPLED_WHEN_WRONG = [...SAMPLED_WHEN_GROWN, 'pagamentos_previstos', 'auditoria_taxas'];

/**
 * Statistics of the lines, where they are missing or stale: a bulk COPY leaves the planner without them (PGlite
 * has no autovacuum, PostgreSQL's runs later), and other readers of these tables (dashboard, reports) plan on
 * them. A table is analyzed when it has grown by a fifth since its last ANALYZE (pages now against pages then,
 * both exact and at hand), so a window of a few new lines over a big table does not pay a full sample of it.
 *
 * Or when its row count is known wrong. A VACUUM that runs while a reconciliation is writing its pairs (autovacuum,
 * woken by the pairs a reprocess deleted) counts none of the uncommitted ones: the pairs table keeps its pages but
 * is recorded with next to no rows. The planner then believes the table holds one row, and the open-line count of
 * the next window and the passes of a small one anti-join against it by a nested loop over a materialized scan —
 * every customer line against every pair, minutes to hours at 200,000 sales. The cumulative statistics do count
 * the committed inserts (n_live_tup, sent at the writer's commit); a record of no rows over pages is caught even
 * when they have not arrived yet. A table never sampled (-1) is left alone: the planner then estimates its rows from
 * its pages, which is safe. The expected payments and the fee audits are rewritten the same way and read back
 * by the payment and summary statements, so they are held to the same check.
 */
async function refreshStatistics(tx: RawTransaction): Promise<string[]> {
  const stale = await tx.query<{ tabela: string }>(
    `SELECT c.relname AS tabela FROM pg_class c LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
     WHERE c.oid = ANY($2::regclass[])
       AND ((c.oid = ANY($1::regclass[]) AND pg_relation_size(c.oid) / current_setting('block_size')::int > 1.2 * greatest(c.relpages, 0) + 8)
         OR (c.reltuples >= 0 AND c.reltuples < 0.8 * coalesce(s.n_live_tup, 0) - 100)
         OR (c.reltuples = 0 AND c.relpages > 8))`,
    [SAMPLED_WHEN_GROWN, SAMPLED_WHEN_WRONG],
  );
  for (const { tabela } of stale) await tx.query(`ANALYZE ${tabela}`);
  return stale.map((t) => t.tabela);
}

/**
 * One reconciliation of a window, in one transaction — sales pairs, expected payments and their outcome, the
 * fee audit and the daily summaries appear together or not at all.
 */
export async function reconcileWindow(
  tx: RawTransaction,
  scope: { de: string; ate: string },
  settings: ReconcileSettings,
  /**
   * what changed: 'tudo' (an operator file), 'vendas' (a customer file changes sale pairs only: payments and
   * fees depend on operator lines alone), 'taxas' (a contracted rate changed: only the fee audit and the
   * summaries that show it)
   */
  mode: 'tudo' | 'vendas' | 'taxas' = 'tudo',
) {
  // milliseconds per step, logged with the job: where a slow window spends its time
  const ms: Record<string, number> = {};
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const value = await work();
    ms[name] = Math.round(performance.now() - t0);
    return value;
  };
  await reconcileSettings(tx);
  await step('estatisticas', () => refreshStatistics(tx));
  const vendas = mode === 'taxas' ? null : await step('vendas', () => runSalesPasses(tx, scope, settings.toleranceCentavos));
  const pagamentos = mode !== 'tudo' ? null : await step('pagamentos', () => reconcilePayments(tx, scope));
  const taxas = mode === 'vendas' ? null : await step('taxas', () => auditFees(tx, scope, settings.feeToleranceCentavos ?? DEFAULT_FEE_TOLERANCE_CENTAVOS));
  const resumo = await step('resumo', () => (mode === 'vendas' ? refreshSalesSummaryPairs(tx, scope) : refreshSalesSummary(tx, scope)));
  return { pares: vendas?.pares ?? null, pagamentos, taxas, resumo, ms };
}

export function matchHandler(open: OpenDb, log: Logger, settings: ReconcileSettings): QueueHandler {
  return {
    async run(job) {
      const { de, ate, codarquivo, somenteVendas, somenteTaxas } = job.payload as {
        de: string; ate: string; codarquivo?: number; somenteVendas?: boolean; somenteTaxas?: boolean;
      };
      const mode = somenteTaxas === true ? 'taxas' : somenteVendas === true ? 'vendas' : 'tudo';
      const r = await withRawTransaction(open, (tx) => reconcileWindow(tx, { de, ate }, settings, mode));
      log.info({ codarquivo, de, ate, mode, ...r }, 'window reconciled');
    },
    // nothing to mark: the lines stay as they were and the next file of those days queues the days again
    async giveUp(job, error) {
      log.error({ job: job.id, error }, 'reconciliation gave up');
    },
  };
}
