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
export function withHashJoins<T>(tx: RawTransaction, work: () => Promise<T>): Promise<T> {
  return withPlanner(tx, ['enable_nestloop', 'enable_mergejoin'], work);
}

/**
 * Runs `work` with the planner held off sorts where it has another way: a GROUP BY is hashed. For the summaries:
 * a window's hundreds of thousands of lines fold into a few thousand groups, but the planner cannot tell how few
 * from the grouping expressions (coalesce of two columns, the hour cut from text) and, expecting one group per
 * few lines, sorts every line on the whole key — at 1,000,000 sales an external sort of 150 MB on disk — where a
 * hash table of the groups holds a few MB. A hash aggregate that does outgrow work_mem spills by partitions,
 * as a sort would.
 */
export function withHashAggregates<T>(tx: RawTransaction, work: () => Promise<T>): Promise<T> {
  return withPlanner(tx, ['enable_sort'], work);
}

/** Turns the planner settings `off` for the transaction while `work` runs, then puts back what they were. */
async function withPlanner<T>(tx: RawTransaction, settings: readonly string[], work: () => Promise<T>): Promise<T> {
  const [before] = await tx.query<Record<string, string>>(
    `SELECT ${settings.map((s, i) => `current_setting('${s}') AS s${i}, set_config('${s}', 'off', true)`).join(', ')}`,
  );
  const value = await work();
  await tx.query(`SELECT ${settings.map((s, i) => `set_config('${s}', $${i + 1}, true)`).join(', ')}`, settings.map((_, i) => before![`s${i}`]));
  return value;
}
