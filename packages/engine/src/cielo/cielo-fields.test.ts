import { describe, expect, it } from 'vitest';
import { cardAt, cardFromParts, timeAt } from './cielo-fields';

/** A line with `bin` at positions 166–171 and `last4` at 172–175, as v15's E record places them. */
const lineWith = (bin: string, last4: string): string => `${'x'.repeat(165)}${bin}${last4}${'y'.repeat(20)}`;

describe('Cielo v15 fast field readers', () => {
  it('reads a card in place as cardFromParts reads the two cut fields', () => {
    const cases: [string, string][] = [
      ['636368', '5305'], ['000000', '5305'], ['636368', '0000'], ['000000', '0000'], ['      ', '    '],
      ['636368', '    '], ['   123', '12 4'], ['63636*', '*305'], ['ABCDEF', '1234'], ['000001', '0001'],
    ];
    for (const [bin, last4] of cases) {
      expect(cardAt(lineWith(bin, last4), 166, 172), `${bin}|${last4}`).toEqual(cardFromParts(bin, last4));
    }
    // a line cut inside the card reads what is there, as the slices did
    const short = lineWith('636368', '5305').slice(0, 169);
    expect(cardAt(short, 166, 172)).toEqual(cardFromParts(short.slice(165, 171), short.slice(171, 175)));
  });

  it('gives every card its own last four digits however often a value comes back', () => {
    // 1,000 values met three times each, in an order that never repeats one straight away
    for (let i = 0; i < 3000; i++) {
      const last4 = String((i * 7919) % 1000).padStart(4, '0');
      const bin = String(400000 + i);
      expect(cardAt(lineWith(bin, last4), 166, 172), `${bin}|${last4}`).toEqual(cardFromParts(bin, last4));
    }
  });

  it('reads times as HH:MM:SS, each second of the day once and again the same', () => {
    const at = (hhmmss: string): string | null => timeAt(`E${hhmmss}`, 2, 7, 1, 'hora');
    expect(at('000000')).toBeNull();
    expect(at('      ')).toBeNull();
    expect(at('235959')).toBe('23:59:59');
    expect(at('000001')).toBe('00:00:01');
    expect(at('101010')).toBe('10:10:10');
    expect(at('101011')).toBe('10:10:11');
    expect(at('101010')).toBe('10:10:10');
    for (let s = 0; s < 86_400; s += 997) {
      const text = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0'));
      expect(at(text.join('')) ?? '00:00:00').toBe(text.join(':'));
    }
    expect(() => at('246000')).toThrow('Linha 1: hora não é uma hora HHMMSS ("246000")');
  });
});
