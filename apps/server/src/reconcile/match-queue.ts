import { type OpenDb, withRawTransaction } from '@concilia/db';
import type { Logger } from 'pino';
import type { QueueHandler } from '../jobs/job-queue';
import { runSalesPasses } from './sales-matching';
import { refreshSalesSummary } from './sales-summary';

/** The queue of sales matching jobs: one per loaded file, over the days the file brought sales for. */
export const MATCH_QUEUE = 'conciliar-vendas';

/** R$ 5,00: the pass that allows it still requires NSU, authorization and date to be equal. */
export const DEFAULT_TOLERANCE_CENTAVOS = 500;

export function matchHandler(open: OpenDb, log: Logger, toleranceCentavos: number): QueueHandler {
  return {
    async run(job) {
      const { de, ate, codarquivo } = job.payload as { de: string; ate: string; codarquivo: number };
      // one transaction: pairs and the summaries built on them appear together
      const r = await withRawTransaction(open, async (tx) => {
        const matched = await runSalesPasses(tx, { de, ate }, toleranceCentavos);
        const resumo = await refreshSalesSummary(tx, { de, ate });
        return { ...matched, resumo };
      });
      log.info({ codarquivo, de, ate, pares: r.pares, resumo: r.resumo }, 'sales matched');
    },
    // nothing to mark: the lines stay unpaired and the next file of those days queues the days again
    async giveUp(job, error) {
      log.error({ job: job.id, error }, 'sales matching gave up');
    },
  };
}
