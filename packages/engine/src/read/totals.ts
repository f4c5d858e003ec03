import { formatDecimal } from '@concilia/domain';
import type { ParseErrorItem, ParseWarningItem } from '../model';

/** One figure of a trailer or totals record next to what the parser read. */
export interface TotalCheck {
  /** pt-BR name: 'total bruto', 'quantidade de registros' */
  name: string;
  declared: number;
  read: number;
  /** centavos (shown as 1.234,56) or a count */
  money?: boolean;
  /**
   * A per-kind counter: counters of one group count the same movements under different kinds (accepted /
   * rejected CVs, RVs / early payments / adjustments). See checkTotalsByKind.
   */
  group?: string;
}

/**
 * Compares what a totals record declares with what was read. Returns one error naming the totals line and
 * every figure that differs, or null when all agree.
 */
export function checkTotals(line: number, what: string, checks: readonly TotalCheck[]): ParseErrorItem | null {
  const diffs = checks
    .filter((c) => c.declared !== c.read)
    .map((c) => {
      const show = (n: number) => (c.money ? formatDecimal(n) : String(n));
      return `${c.name} informado ${show(c.declared)}, lido ${show(c.read)}`;
    });
  if (diffs.length === 0) return null;
  return { kind: 'error', line, message: `Linha ${line}: ${what} não confere: ${diffs.join('; ')}` };
}

/**
 * checkTotals for a totals record with per-kind counters (issue 13). When every figure that differs is a
 * per-kind counter, each group's counters add up to what was read and every amount agrees, nothing is
 * missing: the operator counted a movement under another kind. That is a warning, the file loads. Any amount
 * or group total that differs is the error of checkTotals.
 */
export function checkTotalsByKind(line: number, what: string, checks: readonly TotalCheck[]): ParseErrorItem | ParseWarningItem | null {
  const err = checkTotals(line, what, checks);
  if (!err) return null;
  const differing = checks.filter((c) => c.declared !== c.read);
  if (differing.some((c) => c.group === undefined)) return err;
  const groups = new Set(differing.map((c) => c.group!));
  for (const g of groups) {
    const members = checks.filter((c) => c.group === g);
    const sum = (k: 'declared' | 'read') => members.reduce((s, c) => s + c[k], 0);
    if (sum('declared') !== sum('read')) return err;
  }
  const total = checks.filter((c) => c.group !== undefined && groups.has(c.group)).reduce((s, c) => s + c.read, 0);
  return { kind: 'warning', line, message: `${err.message}; o total de movimentos confere (${total}), só a contagem por tipo difere` };
}
