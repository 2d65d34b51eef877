import { describe, expect, it } from 'vitest';
import { itemCost, unitCostOf, type IcmsSituation } from '../../src/domain/nfe/nfe-cost.ts';
import type { NfeItemValues } from '../../src/domain/nfe/nfe-items.ts';
import { proposeSku, suggestedUnitsPerPackage } from '../../src/domain/nfe/nfe-rules.ts';

const r = (reais: string) => BigInt(Math.round(Number(reais) * 100)) * 100n; // test literals only
const values = (v: Partial<Record<keyof NfeItemValues, string>>): NfeItemValues => ({
  product: r(v.product ?? '0'),
  discount: r(v.discount ?? '0'),
  freight: r(v.freight ?? '0'),
  insurance: r(v.insurance ?? '0'),
  other: r(v.other ?? '0'),
  ipi: r(v.ipi ?? '0'),
  icms: r(v.icms ?? '0'),
  icmsSt: r(v.icmsSt ?? '0'),
  fcpSt: r(v.fcpSt ?? '0'),
  snCredit: r(v.snCredit ?? '0'),
});
const icms00: IcmsSituation = { group: 'ICMS00', code: '00', hasIcmsSt: false };

describe('itemCost (CPC 16 by tax regime)', () => {
  it('facts §2.2 item 10: discount and a creditable ICMS', () => {
    const v = values({ product: '53.24', discount: '10.64', icms: '5.11' });
    expect(itemCost(v, icms00, 'simples')).toBe(426000n);
    expect(itemCost(v, icms00, 'presumido')).toBe(374900n);
    // 9,25 % × 37,49 = 3,467825 → 3,4678 (half-up at R$ 0,0001)
    expect(itemCost(v, icms00, 'real')).toBe(374900n - 34678n);
  });

  it('facts §2.2 item 16: ICMS-ST and IPI; no ICMS credit under ST', () => {
    const v = values({ product: '28.07', icms: '1.12', icmsSt: '6.33', ipi: '1.40' });
    const st: IcmsSituation = { group: 'ICMS10', code: '10', hasIcmsSt: true };
    expect(itemCost(v, st, 'simples')).toBe(358000n);
    expect(itemCost(v, st, 'presumido')).toBe(358000n);
    // PIS/COFINS credit on 28,07 − 1,12 = 26,95 → 2,492875 → 2,4929
    expect(itemCost(v, st, 'real')).toBe(358000n - 24929n);
  });

  it('adds freight, insurance, other expenses and FCP-ST per item', () => {
    const v = values({
      product: '100.00',
      discount: '5.00',
      freight: '7.67',
      insurance: '1.10',
      other: '0.50',
      icmsSt: '3.00',
      fcpSt: '0.40',
    });
    expect(itemCost(v, { group: 'ICMS10', code: '10', hasIcmsSt: true }, 'simples')).toBe(1076700n);
  });

  it('takes vCredICMSSN from a Simples Nacional supplier, nothing under CSOSN 500 or ICMS60', () => {
    const v = values({ product: '50.00', snCredit: '1.25' });
    expect(itemCost(v, { group: 'ICMSSN101', code: '101', hasIcmsSt: false }, 'presumido')).toBe(487500n);
    expect(itemCost(v, { group: 'ICMSSN500', code: '500', hasIcmsSt: false }, 'presumido')).toBe(500000n);
    const icms60 = values({ product: '50.00', icms: '2.00' });
    expect(itemCost(icms60, { group: 'ICMS60', code: '60', hasIcmsSt: false }, 'presumido')).toBe(500000n);
  });
});

describe('unit cost per product unity', () => {
  it('divides half-up at R$ 0,0001 (CX → UN: the quantity is the one typed in the chosen unity)', () => {
    expect(unitCostOf(358000n, 3000n)).toBe(119333n);
    // 2 CX of 12 UN bought for R$ 240,25 → R$ 120,125 per CX
    expect(unitCostOf(2402500n, 2000n)).toBe(1201250n);
  });

  it('proposes a package from qTrib ÷ qCom and a unique SKU from cProd', () => {
    expect(
      suggestedUnitsPerPackage({ unit: 'CX', quantity: 12000n, taxUnit: 'UN', taxQuantity: 240000n }),
    ).toBe(20000n);
    expect(
      suggestedUnitsPerPackage({ unit: 'UN', quantity: 12000n, taxUnit: 'UN', taxQuantity: 12000n }),
    ).toBeNull();
    expect(proposeSku('ab 12#ç', new Set())).toBe('AB-12C');
    expect(proposeSku('X1', new Set(['X1', 'X1-2']))).toBe('X1-3');
  });
});
