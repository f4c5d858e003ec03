import { describe, expect, it } from 'vitest';
import { addDays, addMonths, formatBusinessDate, formatDateTime, parseBrDate, todayBusiness, withinOneMonth } from './dates';

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
