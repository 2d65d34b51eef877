import { describe, expect, it } from 'vitest';
import { toScaled } from '@armazem/contracts/decimal';
import {
  applyEntry,
  applyExit,
  averageCost,
  lineTotal,
  reverse,
  toBaseQuantity,
  type Balance,
} from '../../src/domain/shared/stock-rules.ts';

const empty: Balance = { quantity: 0n, totalValue: 0n };
const q = (units: number | string) => toScaled(String(units), 3);
const money = (reais: string) => toScaled(reais, 4);

describe('conversion to base units', () => {
  it('multiplies exactly: 2,5 boxes of 12 are 30 units', () => {
    expect(toBaseQuantity(2500n, 12000n)).toBe(30000n);
    expect(toBaseQuantity(1000n, 1000n)).toBe(1000n);
    expect(toBaseQuantity(333n, 3000n)).toBe(999n);
  });

  it('refuses conversions that would need more than 3 decimals', () => {
    expect(toBaseQuantity(1n, 1500n)).toBeNull(); // 0,001 × 1,5 = 0,0015
    expect(toBaseQuantity(1n, 1n)).toBeNull();
  });
});

describe('line totals', () => {
  it('computes quantity × unit cost exactly, rounding half-up to R$ 0,0001', () => {
    expect(lineTotal(q(10), money('120.00'))).toBe(money('1200.00'));
    expect(lineTotal(100n, money('0.1'))).toBe(money('0.01')); // 0,1 × R$ 0,10
    expect(lineTotal(200n, money('0.1'))).toBe(money('0.02')); // 0,2 × R$ 0,10
    expect(lineTotal(300n, money('0.1'))).toBe(money('0.03')); // 0.1 + 0.2 stays 0.3 here
    expect(lineTotal(1n, money('0.0005'))).toBe(0n); // 0,001 × 0,0005 = 0,0000005 → 0
    expect(lineTotal(1n, money('0.5'))).toBe(5n); // 0,001 × 0,5 = 0,0005 exactly
    // (10^12 − 1)(10^13 − 1) / 1000 = 9 999 999 999 989 000 000 000,001 → rounds down
    expect(lineTotal(q('999999999.999'), money('999999999.9999'))).toBe(9_999_999_999_989_000_000_000n);
  });
});

describe('moving average', () => {
  it('averages entries by weight: 10 at R$ 10 and 30 at R$ 14 average R$ 13', () => {
    let balance = applyEntry(empty, q(10), money('100'));
    balance = applyEntry(balance, q(30), money('420'));
    expect(balance).toEqual({ quantity: q(40), totalValue: money('520') });
    expect(averageCost(balance)).toBe(money('13'));
  });

  it('a box of 12 at R$ 120,00 makes an average of R$ 10,00 per unit', () => {
    const base = toBaseQuantity(q(1), q(12)) ?? 0n;
    const balance = applyEntry(empty, base, lineTotal(q(1), money('120')));
    expect(averageCost(balance)).toBe(money('10'));
  });

  it('exits at the current average and leaves the average unchanged', () => {
    const start = applyEntry(empty, q(3), money('100')); // average 33,3333...
    const first = applyExit(start, q(1));
    expect(first.ok && first.totalCost).toBe(money('33.3333'));
    const second = first.ok ? applyExit(first.balance, q(1)) : first;
    expect(second.ok && second.totalCost).toBe(money('33.3334'));
    const last = second.ok ? applyExit(second.balance, q(1)) : second;
    expect(last.ok && last.totalCost).toBe(money('33.3333'));
    expect(last.ok && last.balance).toEqual({ quantity: 0n, totalValue: 0n });
  });

  it('thirds never leave value behind after selling everything, whatever the order', () => {
    let balance = applyEntry(empty, q(7), money('10'));
    let sold = 0n;
    for (const part of [q(1), q(2), q(3), q(1)]) {
      const result = applyExit(balance, part);
      if (!result.ok) throw new Error('unexpected');
      sold += result.totalCost;
      balance = result.balance;
    }
    expect(balance).toEqual(empty);
    expect(sold).toBe(money('10'));
  });

  it('refuses an exit above the balance and names what is available', () => {
    expect(applyExit(applyEntry(empty, q(2), 0n), q(3))).toEqual({ ok: false, available: q(2) });
  });

  it('handles large values without overflow', () => {
    const balance = applyEntry(empty, q('999999999.999'), money('999999999.9999') * 1000n);
    expect(averageCost(balance)).toBeGreaterThan(0n);
    const out = applyExit(balance, q(1));
    expect(out.ok).toBe(true);
  });

  it('reverses rows exactly', () => {
    const balance = applyEntry(empty, q(5), money('50'));
    expect(reverse(balance, { direction: 'in', baseQuantity: q(5), totalCost: money('50') })).toEqual(empty);
    expect(reverse(empty, { direction: 'out', baseQuantity: q(5), totalCost: money('50') })).toEqual(balance);
  });
});
