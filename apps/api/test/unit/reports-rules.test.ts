import { describe, expect, it } from 'vitest';
import { monthEnds } from '../../src/domain/reports/reports-rules.ts';
import { abcCurve } from '../../src/domain/reports/abc.ts';
import { suggestedQuantity } from '../../src/domain/reports/reorder.ts';

describe('reports rules', () => {
  it('reads each month at its last day, the current month at today, across a year end and a leap February', () => {
    expect(monthEnds('2023-12', '2024-03', '2024-03-10')).toEqual([
      { month: '2023-12', date: '2023-12-31' },
      { month: '2024-01', date: '2024-01-31' },
      { month: '2024-02', date: '2024-02-29' },
      { month: '2024-03', date: '2024-03-10' },
    ]);
    expect(() => monthEnds('2019-01', '2024-01', '2024-03-10')).toThrow('no máximo 60 meses');
  });

  it('classes an item by where its cumulative share starts, compared exactly', () => {
    // 79,9999 % before the second item: still A; the third starts at 99,9999 %: C
    const { entries, classes } = abcCurve([
      { productId: 1, value: 799_999n },
      { productId: 2, value: 200_000n },
      { productId: 3, value: 1n },
    ]);
    expect(entries.map((row) => row.class)).toEqual(['A', 'A', 'C']);
    expect(classes.map((row) => row.products)).toEqual([2, 0, 1]);
  });

  it('suggests what covers the minimum at the lead time, rounded up to a whole unit unless fractions are taken', () => {
    const figures = { minStock: 2_000n, balance: 1_500n, exits: 10_000n, days: 30, leadTimeDays: 7 };
    // 2 + 10 ÷ 30 × 7 − 1,5 = 2,8333…: 2,833 in kg, 3 in units
    expect(suggestedQuantity(figures, true)).toBe(2_833n);
    expect(suggestedQuantity(figures, false)).toBe(3_000n);
    expect(suggestedQuantity({ ...figures, balance: 9_000n }, false)).toBe(0n);
  });
});
