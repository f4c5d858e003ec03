import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays, addMonths, businessDayMetaContent, businessDaySpan, formatBusinessDate, formatDateTime, knowBusinessDay, parseBrDate, parseBusinessDayMeta,
  todayBusiness, withinOneMonth,
} from './dates';

const utcMs = (ymd: string) => new Date(`${ymd}T00:00:00Z`).getTime();

describe('business dates', () => {
  it('converts between DD/MM/YYYY and ISO without a time zone', () => {
    expect(parseBrDate('29/02/2024')).toBe('2024-02-29');
    expect(formatBusinessDate('2024-02-29')).toBe('29/02/2024');
  });

  it("rejects dates that do not exist ('Data inválida')", () => {
    for (const bad of ['29/02/2023', '31/04/2026', '00/01/2026', '12/13/2026', '1/1/2026', '']) expect(parseBrDate(bad)).toBeNull();
  });

  it("takes today's date in São Paulo, not UTC", () => {
    // 01:30 UTC on 1 Dec is still 30 Nov in São Paulo (UTC-3)
    expect(todayBusiness(new Date('2026-12-01T01:30:00Z'))).toBe('2026-11-30');
    expect(todayBusiness(new Date('2026-12-01T03:30:00Z'))).toBe('2026-12-01');
  });

  it("gives the business day's span in instants, on ordinary days and on the days Brazil's summer time began and ended", () => {
    const utc = (iso: string) => new Date(iso).getTime();
    expect(businessDaySpan(new Date('2026-12-07T12:00:00Z'))).toEqual({ date: '2026-12-07', from: utc('2026-12-07T03:00:00Z'), to: utc('2026-12-08T03:00:00Z') });
    // 04/11/2018: clocks went from 00:00 to 01:00 (UTC−2), so the day began at 03:00 UTC and lasted 23 hours
    expect(businessDaySpan(new Date('2018-11-04T12:00:00Z'))).toEqual({ date: '2018-11-04', from: utc('2018-11-04T03:00:00Z'), to: utc('2018-11-05T02:00:00Z') });
    // 16/02/2019: midnight came twice (back from UTC−2 to UTC−3), a day of 25 hours
    expect(businessDaySpan(new Date('2019-02-16T12:00:00Z'))).toEqual({ date: '2019-02-16', from: utc('2019-02-16T02:00:00Z'), to: utc('2019-02-17T03:00:00Z') });
  });

  it('answers from the span a page was told, exactly as the zone would, and by the zone outside it', () => {
    try {
      fc.assert(fc.property(fc.integer({ min: utcMs('2010-01-01'), max: utcMs('2035-12-31') }), fc.integer({ min: -30 * 3_600_000, max: 30 * 3_600_000 }), (at, shift) => {
        knowBusinessDay(null);
        const span = businessDaySpan(new Date(at));
        const expected = todayBusiness(new Date(at + shift));
        expect(todayBusiness(new Date(span.from))).toBe(span.date);
        expect(todayBusiness(new Date(span.to - 1))).toBe(span.date);
        expect(todayBusiness(new Date(span.to))).toBe(addDays(span.date, 1));
        knowBusinessDay(parseBusinessDayMeta(businessDayMetaContent(span)));
        expect(todayBusiness(new Date(at + shift))).toBe(expected);
      }), { numRuns: 300 });
    } finally {
      knowBusinessDay(null);
    }
    // a span that says another date is believed inside it and only there: what the page was told is what it uses
    knowBusinessDay({ date: '2000-01-01', from: utcMs('2026-12-07'), to: utcMs('2026-12-08') });
    try {
      expect(todayBusiness(new Date('2026-12-07T12:00:00Z'))).toBe('2000-01-01');
      expect(todayBusiness(new Date('2026-12-08T12:00:00Z'))).toBe('2026-12-08');
    } finally {
      knowBusinessDay(null);
    }
    for (const bad of [null, '', '2026-12-07', '2026-13-01 1 2', '2026-12-07 5 5', '2026-12-07 x 9', '2026-12-07 1 2 3']) expect(parseBusinessDayMeta(bad)).toBeNull();
  });

  it('adds months clamping to the last day of the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('enforces the one-month search window', () => {
    expect(withinOneMonth('2026-01-10', '2026-02-10')).toBe(true);
    expect(withinOneMonth('2026-01-10', '2026-02-11')).toBe(false);
    expect(withinOneMonth('2026-02-10', '2026-01-10')).toBe(false);
  });

  it('shows timestamps in São Paulo time', () => {
    expect(formatDateTime('2026-11-21T02:15:00Z')).toBe('20/11/2026 23:15');
  });
});
