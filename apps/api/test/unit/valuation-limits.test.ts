import { describe, expect, it } from 'vitest';
import { MAX_BALANCE_QUANTITY, MAX_BALANCE_VALUE } from '@armazem/contracts/numbers';
import { AppError } from '../../src/lib/errors.ts';
import {
  applyEntry,
  balanceLimitProblem,
  reverse,
  tryEntry,
  type Balance,
} from '../../src/domain/shared/stock-rules.ts';

const full: Balance = { quantity: MAX_BALANCE_QUANTITY, totalValue: MAX_BALANCE_VALUE };
const empty: Balance = { quantity: 0n, totalValue: 0n };

describe('balance maxima', () => {
  it('accepts a balance exactly at the maxima', () => {
    expect(balanceLimitProblem(full)).toBeNull();
    expect(tryEntry(empty, MAX_BALANCE_QUANTITY, MAX_BALANCE_VALUE)).toEqual({ ok: true, balance: full });
  });

  it('names the limit an entry would pass, in Portuguese with Brazilian numbers', () => {
    expect(tryEntry(full, 1n, 0n)).toEqual({
      ok: false,
      limit: 'quantity',
      message:
        'O saldo do produto ficaria acima do máximo permitido de 1.000.000.000.000 na unidade base. Confira a quantidade digitada.',
    });
    expect(tryEntry({ quantity: 0n, totalValue: MAX_BALANCE_VALUE }, 1000n, 1n)).toMatchObject({
      ok: false,
      limit: 'value',
      message: expect.stringContaining('R$ 1.000.000.000.000,00'),
    });
  });

  it('refuses with a 409 in applyEntry, the call every writer makes', () => {
    const thrown = (() => {
      try {
        applyEntry(full, 0n, 1n);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
    expect(applyEntry(empty, 1000n, 10_000n)).toEqual({ quantity: 1000n, totalValue: 10_000n });
  });

  it('refuses to undo an exit when later entries already filled the balance', () => {
    const exit = { direction: 'out' as const, baseQuantity: 1000n, totalCost: 0n };
    expect(() => reverse(full, exit)).toThrow(/acima do máximo permitido/);
    expect(reverse(empty, exit)).toEqual({ quantity: 1000n, totalValue: 0n });
  });
});
