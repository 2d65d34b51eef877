import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MONEY_SCALE,
  QUANTITY_SCALE,
  formatBrazilian,
  formatMoneyBR,
  formatQuantityBR,
  parseScaled,
  parseTypedNumber,
  parseTypedScaled,
} from '../src/decimal.ts';

describe('parseTypedNumber: the one Brazilian rule (DESIGN.md §4)', () => {
  it('reads a dot before exactly three digits as thousands', () => {
    expect(parseTypedNumber('1.500')).toBe('1500');
    expect(parseTypedNumber('1.000')).toBe('1000');
    expect(parseTypedNumber('12.500')).toBe('12500');
    expect(parseTypedNumber('999.999')).toBe('999999');
    expect(parseTypedNumber('1.234.567')).toBe('1234567');
    expect(parseTypedNumber('-3.000')).toBe('-3000');
  });

  it('reads the comma as the decimal separator, with or without thousands', () => {
    expect(parseTypedNumber('1.234,56')).toBe('1234.56');
    expect(parseTypedNumber('1234,56')).toBe('1234.56');
    expect(parseTypedNumber('12,50')).toBe('12.50');
    expect(parseTypedNumber('0,5')).toBe('0.5');
    expect(parseTypedNumber('1.000.000,001')).toBe('1000000.001');
    expect(parseTypedNumber('-3,5')).toBe('-3.5');
  });

  it('reads a single dot not followed by exactly three digits as a decimal point', () => {
    expect(parseTypedNumber('12.5')).toBe('12.5');
    expect(parseTypedNumber('12.50')).toBe('12.50');
    expect(parseTypedNumber('1.2345')).toBe('1.2345');
    expect(parseTypedNumber('1234.5')).toBe('1234.5');
    expect(parseTypedNumber('0.5')).toBe('0.5');
  });

  it('reads "0.500" as a half, since no thousands group starts with zero', () => {
    expect(parseTypedNumber('0.500')).toBe('0.500');
    expect(parseTypedNumber('-0.125')).toBe('-0.125');
  });

  it('reads whole numbers, spaces around, leading zeros, signs and an R$ prefix', () => {
    expect(parseTypedNumber('7')).toBe('7');
    expect(parseTypedNumber('  42 ')).toBe('42');
    expect(parseTypedNumber('007')).toBe('7');
    expect(parseTypedNumber('+5')).toBe('5');
    expect(parseTypedNumber('-0')).toBe('0');
    expect(parseTypedNumber('-0,000')).toBe('0.000');
    expect(parseTypedNumber('R$ 1.500,00')).toBe('1500.00');
    expect(parseTypedNumber('R$\u00a01.500,00')).toBe('1500.00');
    expect(parseTypedNumber('r$12,5')).toBe('12.5');
    expect(parseTypedNumber('-R$ 3,50')).toBe('-3.50');
    expect(parseTypedNumber('R$ -3,50')).toBe('-3.50');
  });

  it('refuses what could be misread or is not a number', () => {
    for (const text of [
      '',
      ' ',
      'abc',
      '1,5,0',
      '1.5.0',
      '12.34.5',
      '1.23,4.5',
      '1,234.56', // the American way: the comma is never a thousands separator here
      '1234.567', // a dot before three digits after four digits: thousands or decimals? refused, not guessed
      '1.2345,6',
      '01.500',
      '00.500',
      ',5',
      '5,',
      '5.',
      '.5',
      '1 500',
      '1e3',
      '--5',
      '-R$ -5',
      'R$',
      '12 kg',
      'NaN',
      'Infinity',
    ]) {
      expect(parseTypedNumber(text), text).toBeNull();
    }
  });

  it('checks the scale without rounding', () => {
    expect(parseTypedScaled('1.500', QUANTITY_SCALE)).toEqual({ ok: true, value: 1_500_000n });
    expect(parseTypedScaled('1.234,56', MONEY_SCALE)).toEqual({ ok: true, value: 12_345_600n });
    expect(parseTypedScaled('0,0001', QUANTITY_SCALE)).toEqual({ ok: false, reason: 'scale' });
    expect(parseTypedScaled('1.234.5', QUANTITY_SCALE)).toEqual({ ok: false, reason: 'format' });
  });
});

describe('formatBrazilian', () => {
  it('groups thousands with dots and writes decimals after a comma', () => {
    expect(formatBrazilian(1_500_000n, 3)).toBe('1.500');
    expect(formatBrazilian(12_345_600n, 4, 2)).toBe('1.234,56');
    expect(formatBrazilian(500n, 3)).toBe('0,5');
    expect(formatBrazilian(0n, 4, 4)).toBe('0,0000');
    expect(formatBrazilian(-3000n, 3)).toBe('-3');
    expect(formatBrazilian(-1_234_500n, 3)).toBe('-1.234,5');
    expect(formatBrazilian(1_000_000_000_000_000n, 3)).toBe('1.000.000.000.000');
    expect(formatBrazilian(125n, 0)).toBe('125');
  });

  it('writes quantities without trailing zeros and money with two decimals or more', () => {
    expect(formatQuantityBR(12_500n)).toBe('12,5');
    expect(formatQuantityBR(1_000_000n)).toBe('1.000');
    expect(formatMoneyBR(15_000_000n)).toBe('R$ 1.500,00');
    expect(formatMoneyBR(12_345n)).toBe('R$ 1,2345');
    expect(formatMoneyBR(0n)).toBe('R$ 0,00');
    expect(formatMoneyBR(-50n)).toBe('-R$ 0,005');
    expect(formatMoneyBR(10_000_000_000n)).toBe('R$ 1.000.000,00');
  });
});

describe('round trip: what is written the Brazilian way reads back to the same value', () => {
  const anyValue = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
  const anyScale = fc.integer({ min: 0, max: 6 });

  it('formatBrazilian then parseTypedNumber gives the same scaled value, at any scale and precision', () => {
    fc.assert(
      fc.property(anyValue, anyScale, fc.integer({ min: 0, max: 6 }), (value, scale, minDecimals) => {
        const text = formatBrazilian(value, scale, minDecimals);
        const read = parseTypedNumber(text);
        expect(read, text).not.toBeNull();
        expect(parseScaled(read ?? '', scale)).toEqual({ ok: true, value });
      }),
      { numRuns: 2000 },
    );
  });

  it('quantities and money round-trip through their own formats', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(parseTypedScaled(formatQuantityBR(value), QUANTITY_SCALE)).toEqual({ ok: true, value });
        expect(parseTypedScaled(formatMoneyBR(value), MONEY_SCALE)).toEqual({ ok: true, value });
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with Intl pt-BR formatting, which is what the screens show', () => {
    const intl = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (value) => {
        const plainText = parseTypedNumber(formatQuantityBR(value)) ?? '';
        expect(intl.format(plainText as `${number}`)).toBe(formatQuantityBR(value));
      }),
      { numRuns: 500 },
    );
  });

  it('never reads a grouped integer as a small decimal: "d.ddd" is always a thousand or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), (head, tail) => {
        const text = `${head}.${String(tail).padStart(3, '0')}`;
        expect(parseTypedNumber(text)).toBe(String(head * 1000 + tail));
      }),
    );
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,-+ R$e'.split('')) }), (text) => {
        const read = parseTypedNumber(text);
        if (read !== null) expect(read).toMatch(/^-?\d+(\.\d+)?$/);
      }),
      { numRuns: 3000 },
    );
  });
});
