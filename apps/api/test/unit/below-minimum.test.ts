import { describe, expect, it } from 'vitest';
import { isBelowMinimum } from '../../src/domain/stock/below-minimum.ts';

describe('isBelowMinimum', () => {
  it('is true only for an active product whose balance is under its minimum', () => {
    expect(isBelowMinimum({ status: 'active', quantity: 4n, minStock: 5n })).toBe(true);
    expect(isBelowMinimum({ status: 'active', quantity: 5n, minStock: 5n })).toBe(false);
    expect(isBelowMinimum({ status: 'active', quantity: 0n, minStock: 0n })).toBe(false);
    expect(isBelowMinimum({ status: 'inactive', quantity: 4n, minStock: 5n })).toBe(false);
    expect(isBelowMinimum({ status: 'inactive', quantity: 9n, minStock: 5n })).toBe(false);
  });
});
