import { describe, expect, it } from 'vitest';
import { formatBRL, formatDecimal, parseBRL } from './money';

describe('money in centavos', () => {
  it('formats pt-BR currency with thousands dot and decimal comma', () => {
    expect(formatBRL(123456).replace(/\u00a0/g, ' ')).toBe('R$ 1.234,56');
    expect(formatDecimal(-5)).toBe('-0,05');
    expect(formatDecimal(100000000)).toBe('1.000.000,00');
  });

  it('parses typed amounts exactly, without floating-point drift', () => {
    expect(parseBRL('1.234,56')).toBe(123456);
    expect(parseBRL('0,1')).toBe(10);
    expect(parseBRL('1234,5')).toBe(123450);
    expect(parseBRL('R$ 10')).toBe(1000);
    expect(parseBRL('-0,01')).toBe(-1);
    // 0.1 + 0.2 style amounts stay exact as centavos
    expect((parseBRL('0,10') ?? 0) + (parseBRL('0,20') ?? 0)).toBe(30);
  });

  it('refuses text that is not an amount', () => {
    for (const bad of ['', 'abc', '1,234', '1.23,45', '12,345', '1..2']) expect(parseBRL(bad)).toBeNull();
  });

  it('refuses fractional centavos when formatting', () => {
    expect(() => formatBRL(1.5)).toThrow(RangeError);
  });
});
