import { describe, expect, it } from 'vitest';
import { buildInventory, type InventoryPosition } from '../../src/domain/inventory/inventory-rules.ts';
import { efdNumber, latin1 } from '../../src/domain/inventory/efd-format.ts';
import { spedFileName, spedLines } from '../../src/domain/inventory/efd-block-h.ts';

const position = (over: Partial<InventoryPosition>): InventoryPosition => ({
  productId: 1,
  sku: 'X',
  name: 'Produto',
  barcode: null,
  ncm: null,
  cest: null,
  itemType: '00',
  unityCode: 'UN',
  unityName: 'Unidade',
  quantity: 0n,
  totalValue: 0n,
  position: 'own',
  participant: null,
  ...over,
});

// A small catalogue, in the order the repository gives it (NCM, then name; no NCM last), computed by hand. An item is
// worth its balance's value to the cent; VL_UNIT is that value ÷ quantity at R$ 0,000001:
// CAFE-500: 12 UN worth R$ 53,24 → 53,24; 53,24 ÷ 12 = 4,436666… → 4,436667
// AB12X (alphanumeric code, a pipe in its name): 2,125 KG worth R$ 21,25 → 21,25; ÷ 2,125 = 10,000000
// ZZ-9 (no NCM): 3 UN worth R$ 10,00 → 10,00 (not 3 × 3,3333 = 9,9999); ÷ 3 = 3,333333
// ZERO: no quantity, never listed
const catalogue = [
  position({
    productId: 1,
    sku: 'CAFE-500',
    name: 'Café torrado 500 g',
    barcode: '7891000100103',
    ncm: '09012100',
    cest: '1709600',
    quantity: 12_000n,
    totalValue: 532_400n,
  }),
  position({
    productId: 2,
    sku: 'AB12X',
    name: 'Farinha | especial',
    barcode: 'INTERNO-1',
    ncm: '11010010',
    unityCode: 'KG',
    unityName: 'Quilograma',
    quantity: 2_125n,
    totalValue: 212_500n,
  }),
  position({ productId: 3, sku: 'ZZ-9', name: 'Açúcar', quantity: 3_000n, totalValue: 100_000n }),
  position({ productId: 4, sku: 'ZERO', name: 'Sem saldo', ncm: '22021000', quantity: 0n, totalValue: 0n }),
];

describe('Bloco H', () => {
  it('writes 0190, 0200, H001, H005, H010 and H990 exactly as computed by hand', () => {
    const data = buildInventory('2025-12-31', catalogue);
    expect(spedLines(data, '01')).toEqual([
      '|0190|KG|Quilograma|',
      '|0190|UN|Unidade|',
      '|0200|CAFE-500|Café torrado 500 g|7891000100103||UN|00|09012100|||||1709600|',
      '|0200|AB12X|Farinha especial|||KG|00|11010010||||||',
      '|0200|ZZ-9|Açúcar|||UN|00|||||||',
      '|H001|0|',
      '|H005|31122025|84,49|01|',
      '|H010|CAFE-500|UN|12,000|4,436667|53,24|0||||53,24|',
      '|H010|AB12X|KG|2,125|10,000000|21,25|0||||21,25|',
      '|H010|ZZ-9|UN|3,000|3,333333|10,00|0||||10,00|',
      '|H990|6|',
    ]);
    expect(data.groups.map((g) => [g.ncm, g.totalValue])).toEqual([
      ['09012100', 532_400n],
      ['11010010', 212_500n],
      [null, 100_000n],
    ]);
    expect(data.warnings[0]).toContain('1 produto sem NCM: ZZ-9 (Açúcar)');
  });

  it('values an item at its balance to the cent, as the kardex and the stock list show it', () => {
    // 30 UN worth R$ 100,00 (10 boxes of 3 at R$ 10,00): average R$ 3,3333…; 30 × 3,3333 would be R$ 99,999
    const data = buildInventory('2025-12-31', [
      position({ sku: 'GRANEL', name: 'Granel', quantity: 30_000n, totalValue: 1_000_000n }),
      position({ productId: 2, sku: 'C', name: 'Cá', quantity: 7_000n, totalValue: 100_001n }),
    ]);
    expect(data.items.map((i) => [i.unitCost, i.unitValue, i.itemValue])).toEqual([
      [33_333n, 3_333_333n, 1_000_000n],
      [14_286n, 1_428_586n, 100_000n],
    ]);
    expect(data.totalValue).toBe(1_100_000n);
    expect(spedLines(data, '01')).toContain('|H010|GRANEL|UN|30,000|3,333333|100,00|0||||100,00|');
    // DESCR_ITEM takes at least 3 characters: a 2-letter name is followed by its code
    expect(spedLines(data, '01')).toContain('|0200|C|Cá - C|||UN|00|||||||');
  });

  it('writes no H010 (nor 0190 and 0200) under an inventory worth nothing', () => {
    const data = buildInventory('2025-12-31', [
      position({ sku: 'AMOSTRA', quantity: 10_000n, totalValue: 0n }),
    ]);
    expect(data.items).toHaveLength(1);
    expect(spedLines(data, '01')).toEqual(['|H001|0|', '|H005|31122025|0,00|01|', '|H990|3|']);
  });

  it('encodes ISO-8859-1 and names the file by date', () => {
    expect([...latin1('Café €')]).toEqual([0x43, 0x61, 0x66, 0xe9, 0x20, 0x3f]);
    expect(spedFileName('2025-12-31')).toBe('inventario-bloco-h-20251231.txt');
    expect(efdNumber(-12_345n, 3, 2)).toBe('-12,35');
  });

  it(
    'keeps VL_INV equal to the sum of VL_ITEM for 10,000 products, and H990 counting the block',
    { timeout: 30_000 },
    () => {
      const many = Array.from({ length: 10_000 }, (_, i) =>
        position({
          productId: i + 1,
          sku: `P${i}`,
          ncm: String(10_000_000 + (i % 37)),
          quantity: BigInt(1 + ((i * 7919) % 100_000)),
          totalValue: BigInt(1 + ((i * 104_729) % 9_999_999)),
        }),
      );
      const lines = spedLines(buildInventory('2025-12-31', many), '01');
      const h010 = lines.filter((line) => line.startsWith('|H010|'));
      expect(h010).toHaveLength(10_000);
      const cents = (text: string) => BigInt(text.replace(',', ''));
      const sum = h010.reduce((total, line) => total + cents(line.split('|')[6] ?? '0'), 0n);
      const h005 = lines.find((line) => line.startsWith('|H005|'))?.split('|') ?? [];
      expect(cents(h005[3] ?? '')).toBe(sum);
      expect(lines.at(-1)).toBe('|H990|10003|');
      // every H010: QTD with 3 decimals, VL_UNIT with 6, VL_ITEM with 2, IND_PROP 0, VL_ITEM_IR = VL_ITEM
      const shape = /^\|H010\|P\d+\|UN\|\d+,\d{3}\|\d+,\d{6}\|(\d+,\d{2})\|0\|\|\|\|(\d+,\d{2})\|$/;
      const bad = h010.filter((line) => {
        const match = shape.exec(line);
        return !match || match[1] !== match[2];
      });
      expect(bad).toEqual([]);
    },
  );
});
