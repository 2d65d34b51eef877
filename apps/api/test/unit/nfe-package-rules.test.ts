import { describe, expect, it } from 'vitest';
import {
  costPerBaseUnit,
  packageConflict,
  type MatchedPackage,
} from '../../src/domain/nfe/nfe-package-rules.ts';

const boxOf12: MatchedPackage = {
  productId: 1,
  productUnityId: 10,
  via: 'supplier-code',
  quantity: 12_000n,
  label: 'Caixa c/ 12 UN',
  baseUnit: 'UN',
};
const twoBoxes = { unit: 'CX', quantity: 2_000n, taxUnit: 'UN', taxQuantity: 20_000n };

describe('packageConflict', () => {
  it('names both figures when qTrib ÷ qCom differs from the learned package', () => {
    expect(packageConflict(twoBoxes, boxOf12, null)).toEqual({
      noteUnitsPerPackage: 10_000n,
      matchedUnitsPerPackage: 12_000n,
      message:
        'A nota diz 10 UN por CX (qTrib ÷ qCom), mas a embalagem aprendida é Caixa c/ 12 UN. Confira a embalagem.',
    });
  });

  it('flags a GTIN match on the unit for a line counted in boxes', () => {
    const unit = { ...boxOf12, via: 'gtin' as const, quantity: 1_000n, label: 'Unidade' };
    const conflict = packageConflict({ ...twoBoxes, taxQuantity: 48_000n }, unit, null);
    expect(conflict?.noteUnitsPerPackage).toBe(24_000n);
    expect(conflict?.message).toMatch(/embalagem do código de barras \(cEAN\) é Unidade/);
  });

  it('flags a cEAN of another package of the product when the learned code names this one', () => {
    const plain = { unit: 'CX', quantity: 2_000n, taxUnit: null, taxQuantity: null };
    const six = { productId: 1, productUnityId: 11, quantity: 6_000n, label: 'Caixa c/ 6 UN' };
    expect(packageConflict(plain, boxOf12, six)?.message).toBe(
      'O código de barras da nota (cEAN) é da embalagem Caixa c/ 6 UN, mas a embalagem aprendida é Caixa c/ 12 UN. Confira a embalagem.',
    );
    expect(packageConflict(plain, boxOf12, { ...six, productId: 2 })).toBeNull();
  });

  it('stays quiet when the figures agree, nothing matched, or uTrib is not the base unit', () => {
    expect(packageConflict({ ...twoBoxes, taxQuantity: 24_000n }, boxOf12, null)).toBeNull();
    expect(packageConflict(twoBoxes, null, null)).toBeNull();
    expect(packageConflict({ ...twoBoxes, taxUnit: 'KG' }, boxOf12, null)).toBeNull();
  });
});

describe('costPerBaseUnit', () => {
  it('rounds half-up at R$ 0,0001', () => {
    expect(costPerBaseUnit(10_000_000n, 3_000n)).toBe(3_333_333n); // 1000,00 ÷ 3
    expect(costPerBaseUnit(20_000n, 3_000n)).toBe(6_667n); // 2,00 ÷ 3 = 0,66666…
    expect(costPerBaseUnit(1n, 2_000n)).toBe(1n); // 0,0001 ÷ 2 = 0,00005 → 0,0001
    expect(costPerBaseUnit(5n, 0n)).toBe(0n);
  });
});
