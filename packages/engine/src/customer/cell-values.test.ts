import { describe, expect, it } from 'vitest';
import { type CellContext, cellDateTime, cellTime, moneyText, textTime } from './cell-values';

const ctx: CellContext = { line: 7, date1904: false };
const message = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('no error');
};

// The decoders read the usual cells (plain digits, 'HH:MM:SS', a date alone) on a short path and the rest with
// the regexes: both must give the same values and the same messages.
describe('money text', () => {
  it.each([
    ['1465,48', ',', 146548], ['1465,4', ',', 146540], ['1465', ',', 146500], ['1465,', ',', 146500], ['0,05', ',', 5],
    ['00012,30', ',', 1230], ['0', ',', 0], ['1.465,48', ',', 146548], ['1465,480', ',', 146548], ['R$ 1.465,48', ',', 146548],
    ['-1465,48', ',', -146548], ['(12,00)', ',', -1200], ['1465.48', '.', 146548], ['1,465.48', '.', 146548],
    ['9999999999999,99', ',', 999999999999999], ['99999999999,99', ',', 9999999999999],
  ] as const)('%s with mark %s is %d centavos', (raw, mark, cents) => {
    expect(moneyText(raw, mark, 7, 'valor bruto')).toBe(cents);
  });

  it.each([
    ['1465,481', 'Linha 7: valor bruto com fração de centavo ("1465,481")'],
    ['12A4', 'Linha 7: valor bruto não é um valor ("12A4")'],
    [',5', 'Linha 7: valor bruto não é um valor (",5")'],
    ['1465.48', 'Linha 7: valor bruto não é um valor ("1465.48")'],
    ['99999999999999999,00', 'Linha 7: valor bruto fora do intervalo ("99999999999999999,00")'],
  ])('%s is refused', (raw, text) => {
    expect(message(() => moneyText(raw, ',', 7, 'valor bruto'))).toBe(text);
  });
});

describe('times', () => {
  it.each([
    ['17:47:11', '17:47:11'], ['00:00:00', '00:00:00'], ['23:59:59', '23:59:59'], ['7:05', '07:05:00'], ['07:05', '07:05:00'],
    ['070509', '07:05:09'], ['01/06/2026 17:47:11', '17:47:11'],
  ])('%s reads as %s', (raw, time) => {
    expect(cellTime(raw, ctx, 'hora da venda')).toBe(time);
  });

  it.each(['24:00:00', '23:60:00', '23:59:60', '2a:00:00', '17.47.11'])('%s is refused', (raw) => {
    expect(message(() => textTime(raw, 7, 'hora da venda'))).toBe(`Linha 7: hora da venda não é uma hora HH:MM:SS ("${raw}")`);
  });
});

describe('dates', () => {
  it('reads a date alone, with a time, and the same date again', () => {
    expect(cellDateTime('01/06/2026', 'DD/MM/AAAA', ctx, 'data da venda')).toEqual({ date: '2026-06-01', time: null });
    expect(cellDateTime('01/06/2026 9:05', 'DD/MM/AAAA', ctx, 'data da venda')).toEqual({ date: '2026-06-01', time: '09:05:00' });
    expect(cellDateTime('1/6/2026', 'DD/MM/AAAA', ctx, 'data da venda')).toEqual({ date: '2026-06-01', time: null });
    expect(cellDateTime('01/06/2026', 'DD/MM/AAAA', ctx, 'data da venda')).toEqual({ date: '2026-06-01', time: null });
    expect(cellDateTime('2026-06-01T17:47:11', 'AAAA-MM-DD', ctx, 'data da venda')).toEqual({ date: '2026-06-01', time: '17:47:11' });
  });

  it('refuses an invalid date every time it is met, naming its line', () => {
    for (const line of [3, 4]) {
      expect(message(() => cellDateTime('31/02/2026', 'DD/MM/AAAA', { line, date1904: false }, 'data da venda')))
        .toBe(`Linha ${line}: data da venda inválida ("31/02/2026")`);
    }
  });
});
