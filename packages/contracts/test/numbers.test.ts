import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ZNewPrice, ZNewProduct, ZNewProductUnity } from '../src/catalog.ts';
import {
  MAX_BALANCE_QUANTITY,
  MAX_BALANCE_VALUE,
  MAX_MIN_STOCK,
  MAX_PACKAGE_QUANTITY,
  MAX_PRICE,
  MAX_QUANTITY,
  MAX_UNIT_COST,
  ZMinStockInput,
  ZMoneyInput,
  ZPackageQuantityInput,
  ZPriceInput,
  ZQuantityInput,
} from '../src/numbers.ts';
import { ZNewStockIn } from '../src/stock.ts';

const INT64_MAX = 2n ** 63n - 1n;
const messagesOf = (schema: z.ZodMiniType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('limits that fit storage', () => {
  it('keeps every stored product of two limits inside a signed 64-bit integer, with room for sums', () => {
    const lineTotal = (MAX_QUANTITY * MAX_UNIT_COST) / 1000n; // R$ in ten-thousandths
    const baseQuantity = (MAX_QUANTITY * MAX_PACKAGE_QUANTITY) / 1000n; // base units in thousandths
    expect(lineTotal).toBeLessThanOrEqual(MAX_BALANCE_VALUE);
    expect(baseQuantity).toBeLessThanOrEqual(MAX_BALANCE_QUANTITY);
    expect(MAX_MIN_STOCK).toBeLessThanOrEqual(MAX_BALANCE_QUANTITY);
    expect(MAX_PRICE).toBeLessThanOrEqual(MAX_UNIT_COST);
    // hundreds of balances or rows at their maximum still sum exactly (SQLite's sum() fails on overflow)
    expect(MAX_BALANCE_VALUE * 900n).toBeLessThan(INT64_MAX);
    expect(MAX_BALANCE_QUANTITY * 9000n).toBeLessThan(INT64_MAX);
    // derived figures: the average cost per base unit bought in the smallest package (0,001 unit) at the
    // largest cost, and an exit's cost per package of the largest package at that average
    const averageCost = MAX_UNIT_COST * 1000n;
    expect((averageCost * MAX_PACKAGE_QUANTITY) / 1000n).toBeLessThan(INT64_MAX);
  });

  it('accepts each maximum exactly and refuses one step above it, in Brazilian numbers', () => {
    expect(ZQuantityInput.parse('1000000')).toBe(MAX_QUANTITY);
    expect(messagesOf(ZQuantityInput, '1000000.001')).toEqual(['O valor deve ser no máximo 1.000.000.']);
    expect(ZPackageQuantityInput.parse(100000)).toBe(MAX_PACKAGE_QUANTITY);
    expect(messagesOf(ZPackageQuantityInput, '100000.001')).toEqual(['O valor deve ser no máximo 100.000.']);
    expect(ZMinStockInput.parse('1000000000000')).toBe(MAX_MIN_STOCK);
    expect(messagesOf(ZMinStockInput, '1000000000000.001')).toEqual([
      'O valor deve ser no máximo 1.000.000.000.000.',
    ]);
    expect(ZMoneyInput.parse('1000000.0000')).toBe(MAX_UNIT_COST);
    expect(messagesOf(ZMoneyInput, '1000000.0001')).toEqual(['O valor deve ser no máximo R$ 1.000.000,00.']);
    expect(ZPriceInput.parse('1000000')).toBe(MAX_PRICE);
    expect(messagesOf(ZPriceInput, '999999999.9999')).toEqual([
      'O valor deve ser no máximo R$ 1.000.000,00.',
    ]);
  });

  it('uses the right limit in each request', () => {
    const unity = { unityId: 1, unityBatchId: 1 };
    expect(messagesOf(ZNewProductUnity, { ...unity, quantity: '100000' })).toEqual([]);
    expect(messagesOf(ZNewProductUnity, { ...unity, quantity: '100001' })).toEqual([
      'O valor deve ser no máximo 100.000.',
    ]);
    expect(messagesOf(ZNewPrice, { costPrice: '1000000', salePrice: '1000000.01' })).toEqual([
      'O valor deve ser no máximo R$ 1.000.000,00.',
    ]);
    const product = { sku: 'A', name: 'A', categoryId: 1, baseUnityId: 1 };
    expect(messagesOf(ZNewProduct, { ...product, minStock: '-1' })).toEqual([
      'O valor deve ser no mínimo 0.',
    ]);
    const entry = { productId: 1, productUnityId: 1 };
    expect(messagesOf(ZNewStockIn, { ...entry, quantity: '1000000', unitCost: '1000000' })).toEqual([]);
    expect(messagesOf(ZNewStockIn, { ...entry, quantity: '1000001', unitCost: '-1' })).toEqual([
      'O valor deve ser no máximo 1.000.000.',
      'O valor deve ser no mínimo R$ 0,00.',
    ]);
  });
});

describe('number wording (issue 8, item 18)', () => {
  it('never asks for a decimal point or shows numbers the American way', () => {
    const all = [
      ...messagesOf(ZQuantityInput, '1,234.56'),
      ...messagesOf(ZMoneyInput, 'doze'),
      ...messagesOf(ZMoneyInput, '-1'),
      ...messagesOf(ZQuantityInput, '0'),
      ...messagesOf(ZQuantityInput, '1.0001'),
    ];
    expect(all).toEqual([
      'Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).',
      'Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).',
      'O valor deve ser no mínimo R$ 0,00.',
      'O valor deve ser maior que zero.',
      'Use no máximo 3 casas decimais.',
    ]);
    for (const message of all) {
      expect(message).not.toMatch(/ponto decimal|\d\.\d{4}\b|12\.50/);
    }
  });

  it('groups thousands in the generic limits of zod checks', () => {
    expect(messagesOf(z.string().check(z.maxLength(2000)), 'x'.repeat(2001))).toEqual([
      'Máximo de 2.000 caracteres.',
    ]);
    expect(messagesOf(z.number().check(z.lte(1500)), 1501)).toEqual(['O valor deve ser no máximo 1.500.']);
    expect(messagesOf(z.number().check(z.gte(0.5)), 0)).toEqual(['O valor deve ser no mínimo 0,5.']);
    expect(messagesOf(z.number().check(z.gt(-3)), -4)).toEqual(['O valor deve ser maior que -3.']);
  });
});
