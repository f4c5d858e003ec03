import type { BusinessDate, Centavos } from '@concilia/domain';

/**
 * XLSX numeric cells. Excel stores every number as a binary double and writes it in the sheet XML with up to
 * 17 significant digits ('59.458275000000001', '0.30000000000000004'), but it only ever computes and shows 15.
 * So a number is first cut back to 15 significant digits (toPrecision(15)): that gives the decimal the user
 * typed or the sheet computed, as Excel shows it; from that text, money is rounded to centavos on the digits,
 * half away from zero, exactly like formats with decimals in text. Rounding the double itself would read
 * 1.005 as 1,00 (the double is 1.00499999…) where Excel shows 1,01.
 *
 * Dates are serial day numbers of the 1900 system (day 1 = 1900-01-01, with Lotus' fictitious 1900-02-29 as
 * day 60) or, for workbooks flagged date1904, days since 1904-01-01; the fraction is the time of day. Turned
 * into calendar dates with UTC arithmetic on whole days, so no time zone moves them.
 */

/** A number's decimal text without exponent: '1.5e-7' → '0.00000015'. */
function plainDecimal(exponential: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(exponential);
  if (!m) return exponential;
  const [, sign, lead, rest = '', expText] = m;
  const digits = lead! + rest;
  const exp = Number(expText);
  const point = 1 + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The 15-significant-digit decimal text of a cell's number, trailing zeros dropped; null when not a number. */
export function excelDecimal(raw: string): string | null {
  const x = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(x)) return null;
  let s = plainDecimal(x.toPrecision(15));
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

export function excelNumberCentavos(raw: string): Centavos | null {
  const s = excelDecimal(raw);
  if (s === null) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return null;
  const [, sign, int = '0', frac = ''] = m;
  const cents = Number(int) * 100 + Number((frac + '00').slice(0, 2)) + ((frac[2] ?? '0') >= '5' ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** A number used as text (an NSU or code typed as a number): its digits, never an exponent. */
export function excelNumberText(raw: string): string {
  return excelDecimal(raw) ?? raw.trim();
}

const DAY_MS = 86_400_000;
const MAX_SERIAL = 2_958_465; // 9999-12-31

/**
 * Serial → date and time; null when it is not a date serial. `timeOnly`: a time cell, where a value below 1
 * (no day) is fine.
 */
export function excelSerialDateTime(raw: string, date1904: boolean, timeOnly = false): { date: BusinessDate; time: string } | null {
  const x = Number(raw);
  if (raw === '' || !Number.isFinite(x) || x < 0 || x >= MAX_SERIAL + 1) return null;
  let days = Math.floor(x);
  let seconds = Math.round((x - days) * 86_400);
  if (seconds === 86_400) {
    days++;
    seconds = 0;
  }
  const time = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');
  let epoch: number;
  if (date1904) epoch = Date.UTC(1904, 0, 1);
  else if (days === 60) return timeOnly ? { date: '1900-02-28', time } : null; // 1900-02-29 never existed
  else if (days < 60) epoch = Date.UTC(1899, 11, 31);
  else epoch = Date.UTC(1899, 11, 30);
  if (days === 0 && !date1904) return timeOnly ? { date: '1899-12-31', time } : null;
  const date = new Date(epoch + days * DAY_MS).toISOString().slice(0, 10);
  return { date, time };
}
