import { describe, expect, it } from 'vitest';
import { dateTextFromValue, dateValueFromText, maskDate } from './date-text';

describe('dates typed as DD/MM/YYYY', () => {
  it('inserts the slashes as digits arrive', () => {
    expect(maskDate('25')).toBe('25');
    expect(maskDate('2503')).toBe('25/03');
    expect(maskDate('25032026')).toBe('25/03/2026');
    expect(maskDate('25/03/20261')).toBe('25/03/2026');
  });

  it("stores 'YYYY-MM-DD', null when empty, and keeps an impossible date as typed", () => {
    expect(dateValueFromText('25/03/2026')).toBe('2026-03-25');
    expect(dateValueFromText('')).toBeNull();
    expect(dateValueFromText('31/02/2026')).toBe('31/02/2026');
    expect(dateTextFromValue('2026-03-25')).toBe('25/03/2026');
    expect(dateTextFromValue(null)).toBe('');
  });
});
