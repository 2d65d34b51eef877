import { describe, expect, it } from 'vitest';
import { readableUnitCost, unitCostOf } from '../src/unit-cost.ts';

describe('an NF-e item’s unit cost', () => {
  it('is its total over its quantity, to R$ 0,0001', () => {
    expect(unitCostOf('10.0000', '3')).toBe('3.3333');
    expect(unitCostOf('250.0000', '12.5')).toBe('20.0000');
    expect(unitCostOf('1.0000', '0.0000')).toBeNull();
  });

  it('reads in cents from R$ 1,00 up, and keeps four decimals below', () => {
    expect(readableUnitCost('3.3333')).toBe('3.33');
    expect(readableUnitCost('6.0125')).toBe('6.01');
    expect(readableUnitCost('1.0050')).toBe('1.01');
    expect(readableUnitCost('0.0125')).toBe('0.0125');
  });
});
