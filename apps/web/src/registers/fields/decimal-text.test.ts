import { describe, expect, it } from 'vitest';
import { intFromText, maskDecimal, moneyFromText, moneyToText, rateFromText, rateToText } from './decimal-text';

describe('typing amounts the pt-BR way', () => {
  it('regroups thousands and keeps one decimal comma', () => {
    expect(maskDecimal('1234,56', 2)).toBe('1.234,56');
    expect(maskDecimal('1.234,567', 2)).toBe('1.234,56');
    expect(maskDecimal('0001234', 2)).toBe('1.234');
    expect(maskDecimal(',5', 2)).toBe('0,5');
    expect(maskDecimal('12a,3,4', 4)).toBe('12,34');
  });

  it('reads money as integer centavos, never through a float', () => {
    expect(moneyFromText('1.234,56')).toBe(123456);
    expect(moneyFromText('0,1')).toBe(10);
    expect(moneyFromText('12,')).toBe(1200);
    expect(moneyFromText('')).toBeNull();
    expect(moneyToText(123456)).toBe('1.234,56');
  });

  it('reads rates as numbers with up to four decimals', () => {
    expect(rateFromText('1,9875')).toBe(1.9875);
    expect(rateFromText('1.000,5')).toBe(1000.5);
    expect(rateFromText('')).toBeNull();
    expect(rateToText(1.5)).toBe('1,50');
  });

  it('parses integers; empty is null', () => {
    expect(intFromText('42')).toBe(42);
    expect(intFromText(' ')).toBeNull();
    expect(intFromText('4a')).toBeNull();
  });
});
