import type { RawTransaction } from '@concilia/db';
import { type BusinessDate, holidayDates, todayBusiness } from '@concilia/domain';
import { buildExpected, clearWindow, WINDOW_TABLE, windowSaleDates } from './payment-expectations';
import { ageOpenPayments, matchPayments, saveDecided } from './payment-settlements';
import { refreshPaymentSummary } from './payment-summary';

/**
 * Payment reconciliation (forecast ↔ settlement) of a window, as set-based SQL: every operator sale of the
 * window gets one expected payment per installment (payment-expectations.ts), the money the operator paid, paid
 * early or took back is matched to them and each gets its result (payment-settlements.ts), and the daily payments
 * summary of the expected dates touched is rebuilt (payment-summary.ts).
 *
 * `scope` is of line dates, as a loaded file's days: the sales of those days are rebuilt, and so are the sales
 * that forecasts, settlements, anticipations and corrections of those days refer to (a file 04 of May pays April's
 * sales). Rebuilding deletes and recomputes the rows of those sales, so running again gives the same rows.
 *
 * `hoje` decides what is overdue ('em_aberto': due before today, not paid) and what is still to come; it defaults
 * to today in São Paulo and is a parameter so that tests are deterministic.
 */
export async function reconcilePayments(
  tx: RawTransaction,
  scope: { de: string; ate: string },
  options: { hoje?: BusinessDate } = {},
): Promise<Record<string, number>> {
  const hoje = options.hoje ?? todayBusiness();
  const saleDays = await windowSaleDates(tx, scope.de, scope.ate);
  const days = saleDays.join(',');
  const years = saleDays.map((d) => Number(d.slice(0, 4)));
  // 12 installments of D+30 reach a year on, and a due date may move into the next: two years after the last sale
  const holidays = holidayDates(Math.min(...years), Math.max(...years) + 2).join(',');

  const oldDates = await clearWindow(tx, days);
  const previstos = await buildExpected(tx, days, holidays);
  await matchPayments(tx);
  const decided = await saveDecided(tx, hoje);
  await tx.query(`DROP TABLE ${WINDOW_TABLE}`);
  const aged = await ageOpenPayments(tx, hoje);

  const summaryDays = [...new Set([...oldDates, ...aged, ...decided.dates])].join(',');
  const resumo = summaryDays === '' ? 0 : await refreshPaymentSummary(tx, summaryDays);

  const result: Record<string, number> = { previstos, resumo };
  Object.assign(result, decided.counts);
  return result;
}
