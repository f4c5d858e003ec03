import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBRL, formatDecimal, formatInteger, parseBRL } from './money';

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

  it('writes what Intl writes for pt-BR (Node has full ICU): amounts, decimals and counts, any sign or size', () => {
    const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const integer = new Intl.NumberFormat('pt-BR');
    const edges = [0, 1, -1, 99, 100, -100, 999, 1000, 99_999, 100_000, 123_456_789, -123_456_789, 2 ** 31, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    // the formatters divide by 100 as a double: 15 digits and fewer are exact
    const amounts = fc.oneof(fc.constantFrom(...edges.filter((n) => Math.abs(n) < 1e15)), fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), fc.integer({ min: -100_000, max: 100_000 }));
    fc.assert(fc.property(amounts, (c) => {
      expect(formatBRL(c)).toBe(brl.format(c / 100));
      expect(formatDecimal(c)).toBe(plain.format(c / 100));
    }), { numRuns: 5000 });
    fc.assert(fc.property(fc.oneof(fc.constantFrom(...edges), fc.integer(), fc.maxSafeInteger(), fc.maxSafeNat()), (n) => {
      expect(formatInteger(n)).toBe(integer.format(n));
    }), { numRuns: 5000 });
    expect(formatBRL(-1)).toBe('-R$\u00a00,01');
    expect(formatInteger(1234)).toBe('1.234');
    expect(() => formatInteger(1.5)).toThrow(RangeError);
  });

  it('refuses fractional centavos when formatting', () => {
    expect(() => formatBRL(1.5)).toThrow(RangeError);
  });
});
