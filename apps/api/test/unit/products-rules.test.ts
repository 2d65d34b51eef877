import { describe, expect, it } from 'vitest';
import {
  assertBarcodeFree,
  assertDefaultPackageChange,
  assertMinStockFits,
  assertNotDuplicatePackage,
  assertPackageDeletable,
  assertPackageQuantityFits,
  assertPackageQuantityUnlocked,
  assertPricePackageBelongs,
  assertProductDeletable,
  assertSkuFree,
  changesPackageQuantity,
  ONE,
  priceEffectiveFrom,
  productNotFound,
  productSearchColumns,
  productUnityLabel,
} from '../../src/domain/products/products-rules.ts';
import { found } from '../../src/lib/errors.ts';
import { AppError } from '../../src/lib/errors.ts';

/** The refusal a rule throws, or null when the rule lets the change through. */
function refusal(rule: () => void): { code: string; message: string; path?: string } | null {
  try {
    rule();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      code: error.code,
      message: error.message,
      ...(error.issues ? { path: error.issues[0]?.path } : {}),
    };
  }
}

describe('productUnityLabel', () => {
  const base = { baseCode: 'UN', baseName: 'Unidade' };

  it('names the default package by the base unity itself', () => {
    expect(productUnityLabel({ ...base, isDefault: true, batchName: 'Avulsa', quantity: ONE })).toBe(
      'Unidade (UN)',
    );
  });

  it('names any other package by its kind and how many base units it holds, the Brazilian way', () => {
    expect(productUnityLabel({ ...base, isDefault: false, batchName: 'Caixa', quantity: 12000n })).toBe(
      'Caixa c/ 12 UN',
    );
    expect(productUnityLabel({ ...base, isDefault: false, batchName: 'Fardo', quantity: '1500500' })).toBe(
      'Fardo c/ 1.500,5 UN',
    );
  });
});

describe('productSearchColumns', () => {
  it('folds SKU, name and barcode for search and keys the name for sorting, accents and case ignored', () => {
    expect(productSearchColumns({ sku: 'AÇU-1', name: 'Açúcar  Cristal', barcode: '789' })).toEqual({
      search_text: 'acu-1 acucar  cristal 789',
      name_sort: 'acucar cristal',
    });
    expect(productSearchColumns({ sku: 'X', name: 'Água', barcode: null }).search_text).toBe('x agua');
  });
});

describe('quantities a unity accepts', () => {
  it('takes a whole minimum stock for a unity without fractions and any for one with fractions', () => {
    expect(refusal(() => assertMinStockFits({ fractional: false }, 2500n))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'O estoque mínimo deve ser um número inteiro para esta unidade.',
      path: 'minStock',
    });
    expect(refusal(() => assertMinStockFits({ fractional: false }, 3000n))).toBeNull();
    expect(refusal(() => assertMinStockFits({ fractional: true }, 2500n))).toBeNull();
  });

  it('takes a whole package quantity when the base unity has no fractions, naming the unity', () => {
    expect(refusal(() => assertPackageQuantityFits({ fractional: false, code: 'UN' }, 1500n))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'A quantidade deve ser um número inteiro: a unidade base (UN) não aceita frações.',
      path: 'quantity',
    });
    expect(refusal(() => assertPackageQuantityFits({ fractional: false, code: 'UN' }, 12000n))).toBeNull();
    expect(refusal(() => assertPackageQuantityFits({ fractional: true, code: 'KG' }, 1500n))).toBeNull();
  });
});

describe('codes that must be unique', () => {
  it('refuses a SKU already taken, naming it', () => {
    expect(refusal(() => assertSkuFree('ARZ-5', true))).toEqual({
      code: 'CONFLICT',
      message: 'Já existe um produto com o código (SKU) ARZ-5.',
    });
    expect(refusal(() => assertSkuFree('ARZ-5', false))).toBeNull();
  });

  it('refuses a barcode taken by another product or package; no barcode is never taken', () => {
    expect(refusal(() => assertBarcodeFree('7891000', true))?.message).toBe(
      'O código de barras 7891000 já está em uso por outro produto ou embalagem.',
    );
    expect(refusal(() => assertBarcodeFree('7891000', false))).toBeNull();
    expect(refusal(() => assertBarcodeFree(null, true))).toBeNull();
  });

  it('refuses a package the product already has', () => {
    expect(refusal(() => assertNotDuplicatePackage(true))?.message).toBe(
      'Esta embalagem já está cadastrada para o produto.',
    );
    expect(refusal(() => assertNotDuplicatePackage(false))).toBeNull();
  });
});

describe('what stock history protects', () => {
  it('deletes a product only while it has no movements', () => {
    expect(refusal(() => assertProductDeletable(true))).toEqual({
      code: 'CONFLICT',
      message:
        'O produto já tem movimentações de estoque e não pode ser excluído. Desative-o para que não apareça nos cadastros.',
    });
    expect(refusal(() => assertProductDeletable(false))).toBeNull();
  });

  it('keeps the default package worth one and active', () => {
    const defaultPackage = { isDefault: true };
    expect(refusal(() => assertDefaultPackageChange(defaultPackage, { quantity: 2000n }))?.message).toBe(
      'A unidade base do produto vale sempre 1 e não pode ser alterada.',
    );
    expect(refusal(() => assertDefaultPackageChange(defaultPackage, { status: 'inactive' }))?.message).toBe(
      'A unidade base do produto não pode ser desativada.',
    );
    expect(
      refusal(() => assertDefaultPackageChange(defaultPackage, { quantity: ONE, status: 'active' })),
    ).toBeNull();
    expect(refusal(() => assertDefaultPackageChange({ isDefault: false }, { quantity: 2000n }))).toBeNull();
    expect(
      refusal(() => assertDefaultPackageChange({ isDefault: false }, { status: 'inactive' })),
    ).toBeNull();
  });

  it('locks the quantity of a package used in movements; other changes go through', () => {
    expect(changesPackageQuantity({ quantity: 12000n }, { quantity: 6000n })).toBe(true);
    expect(changesPackageQuantity({ quantity: 12000n }, { quantity: 12000n })).toBe(false);
    expect(changesPackageQuantity({ quantity: 12000n }, {})).toBe(false);
    expect(refusal(() => assertPackageQuantityUnlocked(true))?.message).toBe(
      'Esta embalagem já foi usada em movimentações; a quantidade não pode mudar. Cadastre uma nova embalagem.',
    );
    expect(refusal(() => assertPackageQuantityUnlocked(false))).toBeNull();
  });

  it('never deletes the default package, nor one used in movements or named by a price', () => {
    const unused = { movements: false, prices: false };
    expect(refusal(() => assertPackageDeletable({ isDefault: true }, unused))?.message).toBe(
      'A unidade base do produto não pode ser excluída.',
    );
    expect(
      refusal(() => assertPackageDeletable({ isDefault: false }, { ...unused, movements: true }))?.message,
    ).toBe('Esta embalagem já tem movimentações de estoque e não pode ser excluída. Desative-a.');
    expect(
      refusal(() => assertPackageDeletable({ isDefault: false }, { ...unused, prices: true }))?.message,
    ).toBe('Esta embalagem tem preços no histórico do produto e não pode ser excluída. Desative-a.');
    expect(refusal(() => assertPackageDeletable({ isDefault: false }, unused))).toBeNull();
  });
});

describe('prices', () => {
  it('takes effect on the day given, or today', () => {
    expect(priceEffectiveFrom({ effectiveFrom: '2026-12-01' }, '2026-11-22')).toBe('2026-12-01');
    expect(priceEffectiveFrom({}, '2026-11-22')).toBe('2026-11-22');
  });

  it('names only a package of its own product', () => {
    expect(refusal(() => assertPricePackageBelongs(false))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'A embalagem informada não pertence a este produto.',
      path: 'productUnityId',
    });
    expect(refusal(() => assertPricePackageBelongs(true))).toBeNull();
  });
});

describe('found', () => {
  it('hands back the row, or throws the refusal that says it is missing', () => {
    expect(found({ id: 1 }, productNotFound)).toEqual({ id: 1 });
    expect(refusal(() => found(undefined, productNotFound))).toEqual({
      code: 'NOT_FOUND',
      message: 'Produto não encontrado.',
    });
    expect(refusal(() => found(null, productNotFound))?.code).toBe('NOT_FOUND');
  });
});
