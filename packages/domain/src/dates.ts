/**
 * Dates of business are calendar dates in America/Sao_Paulo, carried as 'YYYY-MM-DD' strings. They are
 * never turned into a JS Date at local midnight, so no browser time zone can shift them by a day.
 */
export type BusinessDate = string;

export const BUSINESS_TZ = 'America/Sao_Paulo';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isValidYmd(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const dim = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= dim;
}

/**
 * The formatters are made once, at first use: making one with a time zone costs ~140 µs (the zone's rules are
 * looked up each time) against ~2 µs to format with it, and a list formats a timestamp per row. Not at import,
 * so a page that never shows a date does not pay for São Paulo's rules.
 */
let dayInSaoPaulo: Intl.DateTimeFormat | undefined;
let dateTimeInSaoPaulo: Intl.DateTimeFormat | undefined;

/** One business day as the instants it spans, [from, to) in milliseconds since the epoch. */
export interface BusinessDaySpan {
  date: BusinessDate;
  from: number;
  to: number;
}

/** The day the server said it is, when a page was told (`knowBusinessDay`). */
let knownDay: BusinessDaySpan | null = null;

/**
 * Tells `todayBusiness` which business day it is and when that day starts and ends, as the server wrote it into the
 * page (BUSINESS_DAY_META). Within that span the date is known without Intl: the first Intl object a browser page
 * makes loads its ICU data (~110 ms of one task on a phone-speed CPU), which a first screen should not pay for its
 * default dates. Outside it (the page stayed open past midnight) the zone's rules answer, as without a span.
 */
export function knowBusinessDay(span: BusinessDaySpan | null): void {
  knownDay = span;
}

/** Today's date in São Paulo, whatever the machine's or browser's zone. */
export function todayBusiness(now: Date = new Date()): BusinessDate {
  const t = now.getTime();
  if (knownDay !== null && t >= knownDay.from && t < knownDay.to) return knownDay.date;
  dayInSaoPaulo ??= new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayInSaoPaulo.format(now);
}

const HOUR = 3_600_000;

/**
 * The first instant whose São Paulo date is `d`: its midnight, or the first instant after a midnight a clock change
 * skipped (Brazil's summer time began at 00:00 until 2018). Found by bisection on the zone's own answer over the
 * 24 hours around midnight at UTC−3, so no offset is assumed.
 */
function businessDayStart(d: BusinessDate): number {
  const m = ISO.exec(d);
  if (!m) throw new RangeError(`not a business date: ${d}`);
  let before = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + 3 * HOUR - 12 * HOUR;
  let after = before + 24 * HOUR;
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (todayBusiness(new Date(mid)) >= d) after = mid;
    else before = mid;
  }
  return after;
}

/** The business day at `now` and the instants it spans (the server's side of `knowBusinessDay`). */
export function businessDaySpan(now: Date = new Date()): BusinessDaySpan {
  const date = todayBusiness(now);
  return { date, from: businessDayStart(date), to: businessDayStart(addDays(date, 1)) };
}

/** The meta element of the /app pages' HTML that carries the business day: `<meta name=… content="date from to">`. */
export const BUSINESS_DAY_META = 'concilia-dia-util';

export const businessDayMetaContent = (span: BusinessDaySpan): string => `${span.date} ${span.from} ${span.to}`;

/** The span a page's meta content describes, or null when it is absent or not one. */
export function parseBusinessDayMeta(content: string | null | undefined): BusinessDaySpan | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{1,15}) (\d{1,15})$/.exec(content ?? '');
  if (!m || !isBusinessDate(m[1]!)) return null;
  const from = Number(m[2]);
  const to = Number(m[3]);
  return from < to ? { date: m[1]!, from, to } : null;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' */
export function formatBusinessDate(d: BusinessDate): string {
  const m = ISO.exec(d);
  if (!m) return '';
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** 'DD/MM/YYYY' → 'YYYY-MM-DD', or null when it is not a real date ('Data inválida' on forms). */
export function parseBrDate(text: string): BusinessDate | null {
  const m = BR.exec(text.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m;
  if (!isValidYmd(Number(yyyy), Number(mm), Number(dd))) return null;
  return `${yyyy}-${mm}-${dd}`;
}

export function isBusinessDate(text: string): text is BusinessDate {
  const m = ISO.exec(text);
  return !!m && isValidYmd(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Adds calendar months, clamping to the month's last day (31/01 + 1 month → 28 or 29/02). */
export function addMonths(d: BusinessDate, months: number): BusinessDate {
  const m = ISO.exec(d);
  if (!m) throw new RangeError(`not a business date: ${d}`);
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1 + months;
  const targetY = y + Math.floor(mo / 12);
  const targetM = ((mo % 12) + 12) % 12;
  const dim = new Date(Date.UTC(targetY, targetM + 1, 0)).getUTCDate();
  const day = Math.min(Number(m[3]), dim);
  return `${String(targetY).padStart(4, '0')}-${String(targetM + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function addDays(d: BusinessDate, days: number): BusinessDate {
  const m = ISO.exec(d);
  if (!m) throw new RangeError(`not a business date: ${d}`);
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return t.toISOString().slice(0, 10);
}

/** The one-month window rule: 'até' may be at most one calendar month after 'de'. */
export function withinOneMonth(de: BusinessDate, ate: BusinessDate): boolean {
  return de <= ate && ate <= addMonths(de, 1);
}

/** Timestamp → 'DD/MM/YYYY HH:mm' in São Paulo time (file columns show date and time). */
export function formatDateTime(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  dateTimeInSaoPaulo ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: BUSINESS_TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
  });
  return dateTimeInSaoPaulo.format(d).replace(',', '');
}
