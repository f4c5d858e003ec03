import type { RawTransaction } from '@concilia/db';

/**
 * Planner settings of a reconciliation transaction. The statements are few and large; JIT compilation costs
 * more than it saves on them, and a window's sorts and hash tables (a day of a big client is tens of thousands
 * of lines) should stay in memory rather than spill to temporary files. SET LOCAL: they end with the transaction.
 */
export async function reconcileSettings(tx: RawTransaction): Promise<void> {
  await tx.query(`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
}

/**
 * Runs `work` with the planner held to hash joins. For statements whose inputs are built in the statement
 * itself (CTEs over an array of dates, DISTINCT ON, generated installments) the row estimates can be off by
 * orders of magnitude — one row where there are a hundred thousand — and the plan chosen on them is a merge
 * or nested loop that goes quadratic; a hash join is linear in the window whatever the estimate. Joins with
 * no equality to hash on (ranges of dates) still run as nested loops.
 */
export async function withHashJoins<T>(tx: RawTransaction, work: () => Promise<T>): Promise<T> {
  const [before] = await tx.query<{ nl: string; mj: string }>(
    `SELECT current_setting('enable_nestloop') AS nl, current_setting('enable_mergejoin') AS mj,
            set_config('enable_nestloop', 'off', true), set_config('enable_mergejoin', 'off', true)`,
  );
  const value = await work();
  await tx.query(`SELECT set_config('enable_nestloop', $1, true), set_config('enable_mergejoin', $2, true)`, [before!.nl, before!.mj]);
  return value;
}
