import { addDays, type BusinessDate } from './dates';

/**
 * The national business-day calendar: the days banks settle card receivables on. Operators move a payment
 * that falls on a weekend or a national holiday to the next business day, so the contracted terms (debit D+1,
 * credit D+30) are counted on this calendar. Only national holidays: state and city ones do not stop the
 * national payment system that card settlements go through.
 */

/** Fixed national holidays as 'MM-DD'. Black Consciousness Day (20/11) is national since 2024 (Law 14.759/2023). */
const FIXED: readonly { md: string; name: string; since?: number }[] = [
  { md: '01-01', name: 'Confraternização Universal' },
  { md: '04-21', name: 'Tiradentes' },
  { md: '05-01', name: 'Dia do Trabalho' },
  { md: '09-07', name: 'Independência do Brasil' },
  { md: '10-12', name: 'Nossa Senhora Aparecida' },
  { md: '11-02', name: 'Finados' },
  { md: '11-15', name: 'Proclamação da República' },
  { md: '11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra', since: 2024 },
  { md: '12-25', name: 'Natal' },
];

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): BusinessDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface Holiday {
  date: BusinessDate;
  name: string;
}

const cache = new Map<number, readonly Holiday[]>();

/**
 * The national holidays of a year, in date order. Carnival Monday and Tuesday are not legal holidays, but banks
 * do not open (Febraban calendar), so no receivable is paid on them: for settlement they count as holidays.
 */
export function nationalHolidays(year: number): readonly Holiday[] {
  const known = cache.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const list: Holiday[] = [
    ...FIXED.filter((h) => h.since === undefined || year >= h.since).map((h) => ({ date: `${year}-${h.md}`, name: h.name })),
    { date: addDays(easter, -48), name: 'Carnaval (segunda-feira)' },
    { date: addDays(easter, -47), name: 'Carnaval (terça-feira)' },
    { date: addDays(easter, -2), name: 'Sexta-feira Santa' },
    { date: addDays(easter, 60), name: 'Corpus Christi' },
  ].sort((x, y) => x.date.localeCompare(y.date));
  cache.set(year, list);
  return list;
}

/** Holiday dates of every year from `fromYear` to `toYear`: how SQL gets the calendar (a date[] parameter). */
export function holidayDates(fromYear: number, toYear: number): BusinessDate[] {
  const out: BusinessDate[] = [];
  for (let y = fromYear; y <= toYear; y++) for (const h of nationalHolidays(y)) out.push(h.date);
  return out;
}

function isWeekend(d: BusinessDate): boolean {
  const dow = new Date(`${d}T12:00:00Z`).getUTCDay();
  return dow === 0 || dow === 6;
}

export function isHoliday(d: BusinessDate): boolean {
  return nationalHolidays(Number(d.slice(0, 4))).some((h) => h.date === d);
}

export function isBusinessDay(d: BusinessDate): boolean {
  return !isWeekend(d) && !isHoliday(d);
}

/** `d` itself when it is a business day, else the first business day after it (how a due date is moved). */
export function nextBusinessDay(d: BusinessDate): BusinessDate {
  let x = d;
  while (!isBusinessDay(x)) x = addDays(x, 1);
  return x;
}

/** `n` business days after `d` (D+n); `d` itself need not be one. n = 0 gives nextBusinessDay(d). */
export function addBusinessDays(d: BusinessDate, n: number): BusinessDate {
  if (n <= 0) return nextBusinessDay(d);
  let x = d;
  for (let left = n; left > 0; left--) x = nextBusinessDay(addDays(x, 1));
  return x;
}
