import { describe, expect, it } from 'vitest';
import { excelDecimal, excelNumberCentavos, excelNumberText, excelSerialDateTime } from './excel-values';

describe('XLSX numbers', () => {
  it('reads money as Excel shows it: 15 significant digits, then rounded on the digits', () => {
    expect(excelNumberCentavos('60.15')).toBe(6015);
    expect(excelNumberCentavos('59.458275000000001')).toBe(5946);
    expect(excelNumberCentavos('0.30000000000000004')).toBe(30);
    expect(excelNumberCentavos('1.0049999999999999')).toBe(101); // the double of 1.005: Excel shows 1,01
    expect(excelNumberCentavos('1.005')).toBe(101);
    expect(excelNumberCentavos('-2.675')).toBe(-268);
    expect(excelNumberCentavos('1234567.8899999999')).toBe(123456789);
    expect(excelNumberCentavos('1E-3')).toBe(0);
    expect(excelNumberCentavos('abc')).toBeNull();
    expect(excelDecimal('1.5E-7')).toBe('0.00000015');
  });

  it('reads numbers used as keys as plain digits', () => {
    expect(excelNumberText('123')).toBe('123');
    expect(excelNumberText('1.23456789012345E+14')).toBe('123456789012345');
    expect(excelNumberText('12.5')).toBe('12.5');
  });

  it('turns 1900-system serials into dates without any time-zone shift', () => {
    expect(excelSerialDateTime('1', false)).toEqual({ date: '1900-01-01', time: '00:00:00' });
    expect(excelSerialDateTime('59', false)?.date).toBe('1900-02-28');
    expect(excelSerialDateTime('60', false)).toBeNull(); // Lotus' 1900-02-29
    expect(excelSerialDateTime('61', false)?.date).toBe('1900-03-01');
    expect(excelSerialDateTime('45352', false)?.date).toBe('2024-03-01');
    expect(excelSerialDateTime('45352.999999', false)).toEqual({ date: '2024-03-02', time: '00:00:00' });
    expect(excelSerialDateTime('45352.34375', false)).toEqual({ date: '2024-03-01', time: '08:15:00' });
    expect(excelSerialDateTime('43890', true)?.date).toBe('2024-03-01');
    expect(excelSerialDateTime('0.5', false)).toBeNull();
    expect(excelSerialDateTime('0.5', false, true)?.time).toBe('12:00:00');
  });
});
