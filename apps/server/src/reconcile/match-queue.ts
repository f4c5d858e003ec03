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

/**
 * Statistics of the lines, where they are missing or stale: a bulk COPY leaves the planner without them (PGlite
 * has no autovacuum, PostgreSQL's runs later), and other readers of these tables (dashboard, reports) plan on
 * them. A table is analyzed when it has grown by a fifth since its last ANALYZE (pages now against pages then,
 * both exact and at hand), so a window of a few new lines over a big table does not pay a full sample of it.
 * The matching statements themselves do not lean on these: they build their inputs in temporary tables or are
 * held to hash joins (plan-settings.ts).
 */
async function refreshStatistics(tx: RawTransaction): Promise<string[]> {
  const stale = await tx.query<{ tabela: string }>(
    `SELECT c.relname AS tabela FROM pg_class c
     WHERE c.oid IN ('linhas_cliente'::regclass, 'linhas_operadora'::regclass, 'conciliacoes_venda'::regclass)
       AND pg_relation_size(c.oid) / current_setting('block_size')::int > 1.2 * greatest(c.relpages, 0) + 8`,
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
