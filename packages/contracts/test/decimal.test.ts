import { describe, expect, it } from 'vitest';
import { divRound, formatScaled, parseScaled, rescale, toScaled } from '../src/decimal.ts';

describe('parseScaled', () => {
  it('reads plain decimals exactly at the given scale', () => {
    expect(parseScaled('12.5', 4)).toEqual({ ok: true, value: 125000n });
    expect(parseScaled('0.300', 3)).toEqual({ ok: true, value: 300n });
    expect(parseScaled(' 7 ', 3)).toEqual({ ok: true, value: 7000n });
    expect(parseScaled('-0.125', 3)).toEqual({ ok: true, value: -125n });
    expect(parseScaled('999999999.9999', 4)).toEqual({ ok: true, value: 9_999_999_999_999n });
  });

  it('reads JSON numbers through their shortest decimal form, never through float arithmetic', () => {
    expect(parseScaled(0.1, 4)).toEqual({ ok: true, value: 1000n });
    expect(parseScaled(0.1 + 0.2, 4)).toEqual({ ok: false, reason: 'scale' }); // 0.30000000000000004
    expect(parseScaled(1234.56, 4)).toEqual({ ok: true, value: 12345600n });
  });

  it('refuses more decimals than the scale instead of rounding, but ignores trailing zeros', () => {
    expect(parseScaled('1.23456', 4)).toEqual({ ok: false, reason: 'scale' });
    expect(parseScaled('1.230000', 3)).toEqual({ ok: true, value: 1230n });
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const input of [
      '',
      'abc',
      '1,5',
      '1.2.3',
      '1e3',
      '.5',
      '5.',
      'NaN',
      Number.POSITIVE_INFINITY,
      1e21,
    ]) {
      expect(parseScaled(input, 4)).toEqual({ ok: false, reason: 'format' });
    }
  });
});

describe('formatScaled', () => {
  it('writes exactly `scale` decimals', () => {
    expect(formatScaled(125000n, 4)).toBe('12.5000');
    expect(formatScaled(300n, 3)).toBe('0.300');
    expect(formatScaled(5n, 3)).toBe('0.005');
    expect(formatScaled(-5n, 3)).toBe('-0.005');
    expect(formatScaled(0n, 4)).toBe('0.0000');
    expect(formatScaled(12n, 0)).toBe('12');
  });

  it('round-trips with parseScaled', () => {
    for (const text of ['0.001', '1.000', '123456789.999', '-42.500']) {
      const parsed = parseScaled(text, 3);
      expect(parsed.ok && formatScaled(parsed.value, 3)).toBe(text);
    }
  });
});

describe('divRound', () => {
  it('rounds half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(5n, 3n)).toBe(2n);
    expect(divRound(-5n, 3n)).toBe(-2n);
    expect(divRound(10n, -4n)).toBe(-3n);
    expect(divRound(0n, 7n)).toBe(0n);
  });

  it('divides thirds and large values exactly', () => {
    // R$ 100,0000 over 3 units = R$ 33,3333 (scaled by 10^4)
    expect(divRound(1_000_000n, 3n)).toBe(333_333n);
    expect(divRound(2_000_000n, 3n)).toBe(666_667n);
    const big = 9_999_999_999_999n * 999_999_999_999n;
    expect(divRound(big, 999_999_999_999n)).toBe(9_999_999_999_999n);
  });

  it('refuses a division by zero', () => {
    expect(() => divRound(1n, 0n)).toThrow(RangeError);
  });
});

describe('rescale and toScaled', () => {
  it('moves between scales, rounding when it shrinks', () => {
    expect(rescale(12345n, 3, 4)).toBe(123450n);
    expect(rescale(12345n, 4, 2)).toBe(123n);
    expect(rescale(12355n, 4, 2)).toBe(124n);
    expect(toScaled('1.5', 3)).toBe(1500n);
    expect(toScaled(2n, 3)).toBe(2n);
    expect(() => toScaled('x', 3)).toThrow(RangeError);
  });
});
