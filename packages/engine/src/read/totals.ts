import { formatDecimal } from '@concilia/domain';
import type { ParseErrorItem } from '../model';

/** One figure of a trailer or totals record next to what the parser read. */
export interface TotalCheck {
  /** pt-BR name: 'total bruto', 'quantidade de registros' */
  name: string;
  declared: number;
  read: number;
  /** centavos (shown as 1.234,56) or a count */
  money?: boolean;
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
