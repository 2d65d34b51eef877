import { describe, expect, it } from 'vitest';
import { formatMoney } from '../src/money.ts';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('writes negative, zero and large values from ten-thousandths, exactly', () => {
    expect(formatMoney(-12_345_600n)).toBe('-R$ 1.234,56');
    expect(formatMoney(0n)).toBe('R$ 0,00');
    expect(formatMoney(-0n)).toBe('R$ 0,00');
    // R$ 922.337.203.685.477,5807: far past what a float holds to the cent
    expect(formatMoney(9_223_372_036_854_775_807n)).toBe('R$ 922.337.203.685.477,5807');
    expect(formatMoney(9_223_372_036_854_775_807n, { cents: true })).toBe('R$ 922.337.203.685.477,58');
  });

  it('keeps four decimals when they matter, and rounds half away from zero to cents when asked', () => {
    expect(formatMoney('0.0125')).toBe('R$ 0,0125');
    expect(formatMoney('10.5000')).toBe('R$ 10,50');
    expect(formatMoney('1.2350')).toBe('R$ 1,235');
    expect(formatMoney('0.0125', { cents: true })).toBe('R$ 0,01');
    expect(formatMoney('0.0050', { cents: true })).toBe('R$ 0,01');
    expect(formatMoney('-0.0050', { cents: true })).toBe('-R$ 0,01');
    expect(formatMoney('-0.0049', { cents: true })).toBe('R$ 0,00');
    expect(formatMoney(12_345n, { cents: true })).toBe('R$ 1,23');
  });

  it('reads wire decimals of any scale once, never rounding twice', () => {
    expect(formatMoney('1.23495', { cents: true })).toBe('R$ 1,23');
    expect(formatMoney('1500')).toBe('R$ 1.500,00');
    expect(formatMoney(' -3.5 ')).toBe('-R$ 3,50');
    expect(() => formatMoney('1e3')).toThrow(RangeError);
    expect(() => formatMoney('0.0000000000001')).toThrow(RangeError);
  });

  it('writes what Intl writes on screens, with the non-breaking space, where Intl is exact', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    for (const value of ['0.0000', '1234.5600', '-98765.4321', '1000000.0050', '0.9950', '-0.0150'])
      expect(formatMoney(value, { cents: true, space: NBSP })).toBe(intl.format(value as `${number}`));
  });
});
