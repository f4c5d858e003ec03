import { describe, expect, it } from 'vitest';
import { addBusinessDays, easterSunday, holidayDates, isBusinessDay, nationalHolidays, nextBusinessDay } from './business-days';

const dates = (year: number) => nationalHolidays(year).map((h) => h.date);

describe('national business-day calendar', () => {
  it('finds Easter and the holidays that follow it', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    // 2026: Carnival 16–17/02, Good Friday 03/04, Corpus Christi 04/06
    expect(dates(2026)).toEqual(expect.arrayContaining(['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04']));
    // 2025: Carnival 03–04/03, Good Friday 18/04, Corpus Christi 19/06
    expect(dates(2025)).toEqual(expect.arrayContaining(['2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19']));
    // 2024: Carnival 12–13/02, Good Friday 29/03, Corpus Christi 30/05
    expect(dates(2024)).toEqual(expect.arrayContaining(['2024-02-12', '2024-02-13', '2024-03-29', '2024-05-30']));
  });

  it('keeps the fixed holidays, with 20/11 only from 2024', () => {
    expect(dates(2026)).toEqual(expect.arrayContaining(['2026-01-01', '2026-04-21', '2026-05-01', '2026-09-07', '2026-10-12', '2026-11-02', '2026-11-15', '2026-11-20', '2026-12-25']));
    expect(dates(2023)).not.toContain('2023-11-20');
    expect(dates(2024)).toContain('2024-11-20');
    expect(dates(2026)).toHaveLength(13);
  });

  it('tells business days from weekends and holidays', () => {
    expect(isBusinessDay('2026-04-20')).toBe(true); // Monday
    expect(isBusinessDay('2026-04-21')).toBe(false); // Tiradentes
    expect(isBusinessDay('2026-04-25')).toBe(false); // Saturday
    expect(isBusinessDay('2026-04-26')).toBe(false); // Sunday
  });

  it('moves a date to the next business day and counts D+n on business days', () => {
    expect(nextBusinessDay('2026-04-22')).toBe('2026-04-22');
    expect(nextBusinessDay('2026-04-03')).toBe('2026-04-06'); // Good Friday, then the weekend
    expect(nextBusinessDay('2026-02-14')).toBe('2026-02-18'); // Saturday before Carnival → Ash Wednesday
    expect(addBusinessDays('2026-04-20', 1)).toBe('2026-04-22'); // debit D+1 over Tiradentes
    expect(addBusinessDays('2026-04-24', 1)).toBe('2026-04-27'); // Friday → Monday
    expect(addBusinessDays('2026-04-25', 1)).toBe('2026-04-27'); // a Saturday sale is paid Monday
    expect(addBusinessDays('2026-12-23', 2)).toBe('2026-12-28');
    expect(addBusinessDays('2026-04-25', 0)).toBe('2026-04-27');
  });

  it('lists holiday dates of a range of years for SQL', () => {
    const list = holidayDates(2020, 2035);
    expect(list).toHaveLength(16 * 12 + 12); // 12 a year, 13 from 2024
    expect(list).toContain('2035-03-23'); // Good Friday 2035
  });
});
